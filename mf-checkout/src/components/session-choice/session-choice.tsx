import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage, classSessionKeys, classSessionsApi, myWaitlistQuery, upcomingSessionsQuery, type SessionOwner } from '@institute/shared/api';
import { useAuth, useSendToSignIn } from '@institute/shared/auth';
import type { ClassSession, OwnWaitlistEntry } from '@institute/shared/contract';
import { formatDateRange, offerFor, offerHeldLine, seatsLabel, sessionBookable, sessionFull, sessionPlace } from '@institute/shared/rules';
import { Spinner } from '@institute/shared/ui';
import { useAgreementConsent } from './agreement-consent';
import styles from './session-choice.module.css';

export const SESSIONS_FAILED = 'We could not load the sessions. Please try again.';
export const NO_OPEN_SESSION = 'No session is open for enrollment right now.';
export const JOINED_WAITLIST = 'You are on the waitlist. We will email you when a seat frees up.';

export interface SessionChoice {
  /** Sessions exist and none is chosen, or the agreement is not accepted yet: nothing can be paid. */
  ready: boolean;
  /** The chosen session, sent with the payment; undefined where the course has no sessions. */
  sessionId: string | undefined;
  view: ReactNode;
}

function WaitlistButton({ session, owner, place }: { session: ClassSession; owner: SessionOwner; place: OwnWaitlistEntry | undefined }) {
  const { token } = useAuth();
  const sendToSignIn = useSendToSignIn();
  const queryClient = useQueryClient();
  const [joined, setJoined] = useState(Boolean(place));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const change = useMutation({
    mutationFn: async (join: boolean): Promise<void> => {
      await (join ? classSessionsApi.joinWaitlist(session.id) : classSessionsApi.leaveWaitlist(session.id));
    },
    onSuccess: (_data, join) => {
      setJoined(join);
      setMessage({ text: join ? JOINED_WAITLIST : 'You have left the waitlist.', error: false });
      void queryClient.invalidateQueries({ queryKey: classSessionKeys.of(owner) });
      void queryClient.invalidateQueries({ queryKey: classSessionKeys.myWaitlist });
    },
    onError: (error) => setMessage({ text: apiErrorMessage(error), error: true }),
  });
  const press = () => {
    if (!token) {
      sendToSignIn('enroll');
      return;
    }
    change.mutate(!joined);
  };
  return (
    <div className={styles.waitlist}>
      <button type="button" className={styles.link} disabled={change.isPending} onClick={press}>
        {joined ? (place?.status === 'offered' ? 'Decline the seat' : 'Leave the waitlist') : 'Join the waitlist'}
      </button>
      {message ? <p role={message.error ? 'alert' : 'status'} className={message.error ? styles.error : styles.note}>{message.text}</p> : null}
    </div>
  );
}

function SessionOption({ session, name, checked, onChoose, owner, place }: {
  session: ClassSession; name: string; checked: boolean; onChoose(id: string): void; owner: SessionOwner; place: OwnWaitlistEntry | undefined;
}) {
  const id = useId();
  // A seat offered to this student from the waitlist is theirs to take, though the session reads full to others.
  const offered = place?.status === 'offered' ? place : undefined;
  const bookable = Boolean(offered) || sessionBookable(session);
  const seats = offered ? offerHeldLine(offered) : seatsLabel(session);
  return (
    <li className={styles.option}>
      <input id={id} type="radio" name={name} value={session.id} checked={checked} disabled={!bookable} onChange={() => onChoose(session.id)} />
      <label htmlFor={id} className={styles.optionLabel}>
        <span className={styles.dates}>{formatDateRange(session.startsOn, session.endsOn)}</span>
        <span>{session.schedule}</span>
        <span>{sessionPlace(session)}</span>
        <span className={bookable ? styles.seats : styles.full}>{seats ?? 'Seats available'}</span>
      </label>
      {/* Remounted only when a seat is offered, so joining (the place then reads 'waiting') keeps its confirmation. */}
      {sessionFull(session) ? <WaitlistButton key={place?.status === 'offered' ? 'offered' : 'not-offered'} session={session} owner={owner} place={place} /> : null}
    </li>
  );
}

/**
 * Choosing a class session and accepting the enrollment agreement before paying (issue 29). `needed` is false
 * when no seat is bought (a balance on an existing enrollment): then nothing is asked. A course or program without
 * sessions keeps the spec's flow unchanged: ready at once, no session sent.
 */
export function useSessionChoice(owner: SessionOwner, needed = true, initial?: string): SessionChoice {
  const name = useId();
  const { token } = useAuth();
  const sessions = useQuery({ ...upcomingSessionsQuery(owner), enabled: needed && owner.id !== '' });
  const places = useQuery({ ...myWaitlistQuery(Boolean(token)), enabled: Boolean(token) && needed && owner.id !== '' });
  const [picked, setPicked] = useState<string | undefined>(initial);
  const list = sessions.data ?? [];
  const placeIn = (session: ClassSession) => places.data?.find((entry) => entry.sessionId === session.id);
  const bookable = list.filter((session) => sessionBookable(session) || offerFor(session.id, places.data));
  // A seat offered from the waitlist is chosen first; otherwise the earliest open session until the student picks
  // another (the list is by start date, as the server's own choice for a payment that names none); a pick that is
  // no longer bookable falls back to it.
  const offered = bookable.find((session) => offerFor(session.id, places.data));
  const chosen = bookable.find((session) => session.id === picked)?.id ?? offered?.id ?? bookable[0]?.id;
  const consent = useAgreementConsent(needed && list.length > 0);

  if (!needed || owner.id === '') return { ready: true, sessionId: undefined, view: null };
  if (sessions.isPending) return { ready: false, sessionId: undefined, view: <Spinner label="Loading sessions..." /> };
  if (sessions.isError) {
    return {
      ready: false,
      sessionId: undefined,
      view: (
        <div className={styles.problem}>
          <p role="alert">{SESSIONS_FAILED}</p>
          <button type="button" className={styles.link} onClick={() => void sessions.refetch()}>Try again</button>
        </div>
      ),
    };
  }
  if (list.length === 0) return { ready: true, sessionId: undefined, view: null };

  return {
    ready: Boolean(chosen) && consent.accepted,
    sessionId: chosen,
    view: (
      <div className={styles.choice}>
        <fieldset className={styles.sessions}>
          <legend>Choose a session</legend>
          <ul className={styles.options}>
            {list.map((session) => (
              <SessionOption key={session.id} session={session} name={name} checked={session.id === chosen} onChoose={setPicked} owner={owner} place={placeIn(session)} />
            ))}
          </ul>
          {bookable.length === 0 ? <p className={styles.note}>{NO_OPEN_SESSION}</p> : null}
        </fieldset>
        {bookable.length > 0 ? consent.view : null}
      </div>
    ),
  };
}
