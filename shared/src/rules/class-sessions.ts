import { onFirstUse } from './on-first-use';
import type { ClassEnrollmentStatus, ClassSession, ClassSessionMode, OwnWaitlistEntry } from '../contract';

/**
 * How a class session reads on every page (catalog, checkout, profile, admin): one wording, one date format.
 * Dates are calendar days (`YYYY-MM-DD`), shown in UTC so the server's render and the browser's agree.
 */
const DAY = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
const DAY_NO_YEAR = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }));

const toDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

export function formatDay(iso: string): string {
  const date = toDate(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY().format(date);
}

/** "Jan 12 – Mar 20, 2027", or with both years when they differ. */
export function formatDateRange(startsOn: string, endsOn: string): string {
  const start = toDate(startsOn);
  const end = toDate(endsOn);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return `${startsOn} – ${endsOn}`;
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${sameYear ? DAY_NO_YEAR().format(start) : DAY().format(start)} – ${DAY().format(end)}`;
}

export const SESSION_MODE_LABEL: Record<ClassSessionMode, string> = {
  online: 'Online',
  in_person: 'In person',
  hybrid: 'Hybrid',
};

/** "Online", or "In person at 12 Main St". */
export function sessionPlace(session: Pick<ClassSession, 'mode' | 'address'>): string {
  const mode = SESSION_MODE_LABEL[session.mode] ?? session.mode;
  return session.mode !== 'online' && session.address ? `${mode} at ${session.address}` : mode;
}

/** Whether a student can take a seat in it now (the server decides for good when paying). */
export function sessionBookable(session: ClassSession, today = new Date().toISOString().slice(0, 10)): boolean {
  return session.status === 'open' && session.enrollmentDeadline >= today && (session.seatsLeft === null || session.seatsLeft > 0);
}

/** The session is open but every seat is taken: the student may join its waitlist. */
export const sessionFull = (session: ClassSession) => session.status === 'open' && session.seatsLeft !== null && session.seatsLeft <= 0;

export const FULL_JOIN_WAITLIST = 'Full: join the waitlist';

/** The seats line: "3 seats left", "1 seat left", "Full: join the waitlist", "Enrollment closed", or nothing (unlimited). */
export function seatsLabel(session: ClassSession, today = new Date().toISOString().slice(0, 10)): string | null {
  if (session.status === 'cancelled') return 'Cancelled';
  if (session.status === 'closed' || session.enrollmentDeadline < today) return 'Enrollment closed';
  if (session.seatsLeft === null) return null;
  if (session.seatsLeft <= 0) return FULL_JOIN_WAITLIST;
  return `${session.seatsLeft} ${session.seatsLeft === 1 ? 'seat' : 'seats'} left`;
}

export const ENROLLMENT_STATUS_LABEL: Record<ClassEnrollmentStatus, string> = {
  pending: 'Pending (seat held)',
  enrolled: 'Enrolled',
  paid_in_full: 'Paid in full',
  withdrawn: 'Withdrawn',
  transferred: 'Transferred',
  completed: 'Completed',
};

/** The next start date among upcoming sessions (sorted or not); null when there is none. */
export function nextStart(sessions: readonly Pick<ClassSession, 'startsOn' | 'status'>[]): string | null {
  const starts = sessions.filter((s) => s.status !== 'cancelled').map((s) => s.startsOn).sort();
  return starts[0] ?? null;
}

/** Seat counts at or below this are worth a visitor's notice on a card; more reads as plenty and is left out. */
export const CARD_FEW_SEATS = 5;

/**
 * A card's "Next start" line: "Mar 3, 2027", with "(2 seats left)" when few remain. The card's session is one a seat
 * can still be taken in (the API's `nextSession`), so there is no full or closed wording here.
 */
export function nextStartText(next: { startsOn: string; seatsLeft: number | null }): string {
  const day = formatDay(next.startsOn);
  if (next.seatsLeft === null || next.seatsLeft > CARD_FEW_SEATS) return day;
  return `${day} (${next.seatsLeft} ${next.seatsLeft === 1 ? 'seat' : 'seats'} left)`;
}

const OFFER_TIME = onFirstUse(() => new Intl.DateTimeFormat('en-US', {
  month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short',
}));

/** "Nov 28, 2026, 4:05 PM UTC": until when an offered seat is held (UTC, as everywhere the server renders). */
export function formatOfferExpiry(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : OFFER_TIME().format(date);
}

/** The line a student with a waitlist offer reads (My learning, the course page, the payment page). */
export const offerHeldLine = (entry: Pick<OwnWaitlistEntry, 'offerExpiresAt'>) =>
  `A seat is held for you until ${entry.offerExpiresAt ? formatOfferExpiry(entry.offerExpiresAt) : 'further notice'}. Pay for it before then to take it.`;

/** The page an offer email links to: the course's or program's own page, which shows the offer and pays for it. */
export const offerPagePath = (entry: Pick<OwnWaitlistEntry, 'kind' | 'programId' | 'sessionId'>) =>
  `/${entry.kind === 'course' ? 'courses' : 'quick-programs'}/${encodeURIComponent(entry.programId)}?session=${encodeURIComponent(entry.sessionId)}`;

/** Whether the signed-in student holds a live offer for this session (their own held seat is bookable for them). */
export const offerFor = (sessionId: string, mine: readonly OwnWaitlistEntry[] | undefined) =>
  mine?.find((entry) => entry.sessionId === sessionId && entry.status === 'offered') ?? null;
