import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { myWaitlistQuery, upcomingSessionsQuery, type SessionOwner } from '@institute/shared/api';
import { useAuth } from '@institute/shared/auth';
import type { ClassSession, OwnWaitlistEntry } from '@institute/shared/contract';
import { formatDateRange, formatDay, offerHeldLine, seatsLabel, sessionFull, sessionPlace } from '@institute/shared/rules';
import styles from './upcoming-sessions.module.css';

/** The signed-in student's own places on these sessions' waitlists (read in the browser only: it needs the token). */
export function useOwnWaitlist(): OwnWaitlistEntry[] {
  const { token } = useAuth();
  return useQuery(myWaitlistQuery(Boolean(token))).data ?? [];
}

/** Where on this page the offered seat is paid for: a course's Enroll Now (beside or below, by width), a program's widget. */
export const OFFER_HINT: Record<SessionOwner['kind'], string> = {
  course: 'Use "Enroll Now" on this page.',
  program: 'Choose it under "Choose a session" on this page, then pay there.',
};

/** What the student's own waitlist place says: the seat offered to them, or where they are in line. */
function PlaceLine({ place, kind }: { place: OwnWaitlistEntry; kind: SessionOwner['kind'] }) {
  if (place.status === 'offered') return <p role="status" className={styles.offer}>{offerHeldLine(place)} {OFFER_HINT[kind]}</p>;
  return <p className={styles.line}>You are number {place.position} on the waitlist.</p>;
}

function SessionItem({ session, place, kind }: { session: ClassSession; place: OwnWaitlistEntry | undefined; kind: SessionOwner['kind'] }) {
  const seats = seatsLabel(session);
  const full = sessionFull(session);
  return (
    <li className={styles.session}>
      <p className={styles.dates}>
        <time dateTime={session.startsOn}>{formatDateRange(session.startsOn, session.endsOn)}</time>
      </p>
      <p className={styles.line}>{session.schedule}</p>
      <p className={styles.line}>{sessionPlace(session)}</p>
      <p className={styles.line}>
        Enroll by <time dateTime={session.enrollmentDeadline}>{formatDay(session.enrollmentDeadline)}</time>
      </p>
      <p className={full ? styles.full : styles.seats}>{seats ?? 'Seats available'}</p>
      {place ? <PlaceLine place={place} kind={kind} /> : null}
    </li>
  );
}

/**
 * The dated runs of a course or quick program a visitor can join, with seats left. Read with the page on the
 * server (decision 018), so they are in the first HTML. Nothing shows when there are none or they cannot be read:
 * the page and its enroll button work as before.
 */
export function UpcomingSessions({ owner }: { owner: SessionOwner }) {
  const headingId = useId();
  const { data: sessions } = useQuery(upcomingSessionsQuery(owner));
  const places = useOwnWaitlist();
  if (!sessions || sessions.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>Upcoming sessions</h2>
      <ul className={styles.list}>
        {sessions.map((session) => <SessionItem key={session.id} session={session} kind={owner.kind} place={places.find((p) => p.sessionId === session.id)} />)}
      </ul>
    </section>
  );
}
