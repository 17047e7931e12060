import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { agreementApi, agreementQuery, apiErrorMessage, classSessionKeys } from '@institute/shared/api';
import { useAuth, useSendToSignIn } from '@institute/shared/auth';
import type { Agreement, AgreementAcceptance } from '@institute/shared/contract';
import { formatDay } from '@institute/shared/rules';
import { Spinner } from '@institute/shared/ui';
import styles from './session-choice.module.css';

export const ACCEPT_LABEL = 'I have read and accept the enrollment agreement';
export const AGREEMENT_FAILED = 'We could not load the enrollment agreement. Please try again.';

export interface ConsentState {
  /** No agreement is published (or the API has none): nothing to accept. */
  accepted: boolean;
  view: React.ReactNode;
}

const paragraphs = (body: string) => body.split(/\n\s*\n/).map((text) => text.trim()).filter(Boolean);

function AgreementText({ agreement }: { agreement: Agreement }) {
  const titleId = useId();
  return (
    // Scrollable and focusable, so a keyboard user can read all of it before accepting.
    <div className={styles.agreementText} role="region" aria-labelledby={titleId} tabIndex={0}>
      <h3 id={titleId} className={styles.agreementTitle}>{agreement.title} (version {agreement.version})</h3>
      {paragraphs(agreement.body).map((text, index) => <p key={index}>{text}</p>)}
    </div>
  );
}

/**
 * The current enrollment agreement and the student's acceptance of it. Accepting is recorded on the server
 * (version and time) before any pay button enables; a student who accepted this version already sees that.
 */
export function useAgreementConsent(enabled: boolean): ConsentState {
  const { token } = useAuth();
  const sendToSignIn = useSendToSignIn();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const current = useQuery({ ...agreementQuery(), enabled });
  const mine = useQuery({ queryKey: classSessionKeys.myAgreement, queryFn: agreementApi.mine, enabled: enabled && Boolean(token) });
  const accept = useMutation({
    mutationFn: (version: number) => agreementApi.accept(version),
    onSuccess: (acceptance: AgreementAcceptance) => {
      setProblem(null);
      queryClient.setQueryData(classSessionKeys.myAgreement, acceptance);
    },
    onError: (error) => {
      setProblem(apiErrorMessage(error));
      // A 409 means a newer version was published meanwhile: show that one.
      void queryClient.invalidateQueries({ queryKey: classSessionKeys.agreement });
    },
  });

  if (!enabled) return { accepted: true, view: null };
  if (current.isPending || (token && mine.isPending)) return { accepted: false, view: <Spinner label="Loading the enrollment agreement..." /> };
  if (current.isError || mine.isError) {
    return {
      accepted: false,
      view: (
        <div className={styles.problem}>
          <p role="alert">{AGREEMENT_FAILED}</p>
          <button type="button" className={styles.link} onClick={() => { void current.refetch(); void mine.refetch(); }}>Try again</button>
        </div>
      ),
    };
  }
  const agreement = current.data;
  if (!agreement) return { accepted: true, view: null };
  const accepted = mine.data?.version === agreement.version;

  const toggle = (checked: boolean) => {
    if (!checked || accepted) return;
    if (!token) {
      sendToSignIn('enroll');
      return;
    }
    accept.mutate(agreement.version);
  };

  return {
    accepted,
    view: (
      <fieldset className={styles.agreement}>
        <legend>Enrollment agreement</legend>
        <AgreementText agreement={agreement} />
        <div className={styles.consent}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={accepted}
            // Once recorded an acceptance is not taken back here; the server keeps it with its time.
            disabled={accepted || accept.isPending}
            aria-describedby={problem ? `${checkboxId}-problem` : undefined}
            onChange={(event) => toggle(event.target.checked)}
          />
          <label htmlFor={checkboxId}>{ACCEPT_LABEL}</label>
        </div>
        {accepted && mine.data ? (
          <p className={styles.note}>You accepted version {agreement.version} on {formatDay(mine.data.acceptedAt)}.</p>
        ) : null}
        {problem ? <p id={`${checkboxId}-problem`} role="alert" className={styles.error}>{problem}</p> : null}
      </fieldset>
    ),
  };
}
