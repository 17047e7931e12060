import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { advisingApi, advisingKeys, answeredStatus, serverMessage } from '@institute/shared/api';
import type { AdvisingBookingView } from '@institute/shared/contract';
import { Link, useSearchParams } from '@institute/shared/router';
import { Banner } from '@institute/shared/ui';
import styles from './form.module.css';
import page from './contact.module.css';
import advising from './advising.module.css';

export const CANCEL_PAGE_TEXT = {
  noToken: 'This cancel link is not valid. Please use the link in your confirmation email as it is, or call us.',
  failed: 'The booking could not be cancelled. Please try again or call us.',
} as const;

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; view: AdvisingBookingView } | { kind: 'refused'; message: string };

/**
 * The page a booking's cancel link opens (decision 045): it shows which session the link is for and cancels it on
 * a click, not on opening, so a mail scanner following the link cancels nothing. A second cancel says so plainly.
 */
export function AdvisingCancelPage() {
  const headingId = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const booking = useQuery({ queryKey: advisingKeys.booking(token), queryFn: () => advisingApi.booking(token), enabled: token !== '', retry: false });
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const cancel = async () => {
    setOutcome({ kind: 'sending' });
    try {
      setOutcome({ kind: 'done', view: await advisingApi.cancel(token) });
    } catch (error) {
      const status = answeredStatus(error);
      setOutcome({ kind: 'refused', message: status !== null && status < 500 ? serverMessage(error) ?? CANCEL_PAGE_TEXT.failed : CANCEL_PAGE_TEXT.failed });
    } finally {
      void queryClient.invalidateQueries({ queryKey: advisingKeys.open });
    }
  };

  const loadError = !token ? CANCEL_PAGE_TEXT.noToken
    : booking.isError ? (answeredStatus(booking.error) === 404 ? serverMessage(booking.error) ?? CANCEL_PAGE_TEXT.noToken : CANCEL_PAGE_TEXT.failed) : '';
  const view = outcome.kind === 'done' ? outcome.view : booking.data;
  return (
    <>
      <Banner title="Cancel an Advising Session" />
      <div className={page.page}>
        <section className={styles.card} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.heading}>Your advising booking</h2>
          {token && booking.isPending ? <p role="status">Loading your booking...</p> : null}
          {loadError ? <p role="alert" className={styles.failure}>{loadError}</p> : null}
          {view ? (
            <>
              <dl className={advising.booking}>
                <div><dt>When</dt><dd>{view.when} ({view.timeZone} time)</dd></div>
                <div><dt>Advisor</dt><dd>{view.advisor}</dd></div>
                <div><dt>Name</dt><dd>{view.name}</dd></div>
              </dl>
              <p role="status" className={view.status === 'cancelled' ? styles.success : undefined}>{view.message}</p>
              {view.cancellable && outcome.kind !== 'done' ? (
                <button type="button" className={advising.cancel} onClick={() => void cancel()} disabled={outcome.kind === 'sending'}>
                  {outcome.kind === 'sending' ? 'Cancelling...' : 'Cancel this booking'}
                </button>
              ) : null}
            </>
          ) : null}
          {outcome.kind === 'refused' ? <p role="alert" className={styles.failure}>{outcome.message}</p> : null}
          <p><Link to="/advising">See the open advising times</Link></p>
        </section>
      </div>
    </>
  );
}
