import { badRequest, conflict, notFound, unprocessable } from '../lib/http-errors';
import { isId } from '../lib/ids';
import type { Queryable } from '../db/db';
import type { HoldResult, SeatRefusal } from '../repositories/enrollments';
import type { PaymentRecord } from '../repositories/payments';
import type { PaymentDeps } from './deps';

/** How long a seat stays held while its payment is open at PayPal (decision 036). */
export const SEAT_HOLD_MS = 15 * 60_000;

export const SEAT_TEXT = {
  sessionNotFound: 'Session not found.',
  otherProgram: 'This session is not a class of this course or program.',
  refusals: {
    missing: 'Session not found.',
    cancelled: 'This session has been cancelled. Please choose another session. No money was taken.',
    closed: 'This session is closed to new enrollments. Please choose another session. No money was taken.',
    deadline: 'The enrollment deadline of this session has passed. Please choose another session. No money was taken.',
    full: 'This session is full. Join its waitlist to be offered the next free seat. No money was taken.',
  } satisfies Record<SeatRefusal, string>,
  noneLeft: 'No session of this course or program has a seat left. Join a session\'s waitlist to be offered the next free seat. No money was taken.',
  lostSeat: 'The last seat of this session was taken while this payment was open, so it was cancelled. No money was taken.',
  fullAfterPaying: 'The session was full when this browser-made payment reached us, so no seat could be given.',
  agreement: (version: number) =>
    `Read and accept version ${version} of the enrollment agreement before paying for a seat. No money was taken.`,
  agreementBeforeCapture: (version: number) =>
    `Version ${version} of the enrollment agreement was published while this payment was open. Read and accept it, then pay again: nothing was charged and your seat is released.`,
  agreementAfterPaying: (version: number) =>
    `Read and accept version ${version} of the enrollment agreement, then confirm this payment again: it is not recorded until you do.`,
} as const;

/** The version the student still has to accept before a seat is taken, or null (none published, or accepted). */
const owedAgreement = (deps: PaymentDeps, userId: string, q?: Queryable) => deps.repos.agreements.owedBy(userId, q);

/** Refuses a new seat (422) while a published agreement is not accepted by the payer; balance payments never get here. */
export async function requireAgreement(deps: PaymentDeps, userId: string): Promise<void> {
  const owed = await owedAgreement(deps, userId);
  if (owed !== null) throw unprocessable(SEAT_TEXT.agreement(owed));
}

export interface Seat {
  sessionId: string;
  enrollmentId: string;
  /** This call created or renewed a hold that nothing else counts on yet (released when the order fails). */
  heldNow: boolean;
}

const refusal = (result: HoldResult) => (result.ok ? null : result.refusal);

/**
 * The seat a new payment of `programId` pays for, held before any money moves. null: the program has no sessions
 * (sold as before issue 29). A student already seated in one of its sessions pays the balance of that enrollment;
 * a named session must be of this program; without one (older clients, the spec's calls), the student's live hold
 * is reused, else the earliest open session with a seat is taken. Every refusal is a 409 that says no money moved.
 */
export async function seatForPayment(deps: PaymentDeps, userId: string, programId: string, sessionId?: string): Promise<Seat | null> {
  const { enrollments, classSessions } = deps.repos;
  const seated = await enrollments.seatedIn(userId, programId);
  if (seated) return { sessionId: seated.sessionId, enrollmentId: seated.id, heldNow: false };
  if (sessionId !== undefined) {
    const session = isId(sessionId) ? await classSessions.get(sessionId) : null;
    if (!session) throw notFound(SEAT_TEXT.sessionNotFound);
    if (session.programId !== programId) throw badRequest(SEAT_TEXT.otherProgram);
    await requireAgreement(deps, userId);
    return take(deps, userId, [session.id]);
  }
  if (!(await classSessions.programHasSessions(programId))) return null;
  await requireAgreement(deps, userId);
  const live = await enrollments.liveHoldIn(userId, programId);
  return take(deps, userId, live ? [live.sessionId] : await enrollments.enrollableSessions(programId));
}

async function take(deps: PaymentDeps, userId: string, sessionIds: string[]): Promise<Seat> {
  let last: SeatRefusal | null = null;
  for (const id of sessionIds) {
    const result = await deps.repos.enrollments.holdSeat(userId, id, SEAT_HOLD_MS);
    if (result.ok) return { sessionId: result.sessionId, enrollmentId: result.enrollmentId, heldNow: !result.seated };
    last = refusal(result);
  }
  throw conflict(sessionIds.length === 1 && last ? SEAT_TEXT.refusals[last] : SEAT_TEXT.noneLeft);
}

/**
 * Just before a capture is sent: the order's seat must still be there. A hold that expired while the payer was at
 * PayPal is taken again when a seat is free; when none is, the order is cancelled and nothing is captured.
 */
export async function secureSeatBeforeCapture(deps: PaymentDeps, row: PaymentRecord): Promise<void> {
  if (!row.enrollmentId || !row.sessionId || !row.userId || row.status !== 'CREATED') return;
  // An agreement published while the payer was at PayPal: nothing is captured, the order stays open for after
  // the student accepts it, and the seat goes back (to the waitlist, if any) meanwhile.
  const owed = await owedAgreement(deps, row.userId);
  if (owed !== null && !(await deps.repos.enrollments.isSeated(row.enrollmentId))) {
    await deps.repos.enrollments.releaseHold(row.enrollmentId);
    await deps.repos.waitlist.offerFreedSeats(row.sessionId);
    throw unprocessable(SEAT_TEXT.agreementBeforeCapture(owed));
  }
  const result = await deps.repos.enrollments.holdSeat(row.userId, row.sessionId, SEAT_HOLD_MS);
  if (result.ok) return;
  if (await deps.repos.payments.cancel(row.id, SEAT_TEXT.lostSeat)) throw conflict(SEAT_TEXT.lostSeat);
}

/**
 * For a browser-made order (the money is already taken): the seat it was opened with (a live hold), or a free
 * one. Returns the seat, the reason to record the payment as REJECTED for a refund, or the agreement version the
 * student has not accepted yet (nothing is recorded then: the order stays at PayPal until they accept and confirm
 * it again); null without sessions.
 */
export async function seatForRecordedPayment(
  deps: PaymentDeps, q: Queryable, userId: string, programId: string, sessionId?: string,
): Promise<{ seat: Seat } | { reason: string } | { unaccepted: number } | null> {
  const { enrollments, classSessions } = deps.repos;
  const seated = await enrollments.seatedIn(userId, programId, q);
  if (seated) return { seat: { sessionId: seated.sessionId, enrollmentId: seated.id, heldNow: false } };
  if (!(await classSessions.programHasSessions(programId, q))) return null;
  const owed = await owedAgreement(deps, userId, q);
  if (owed !== null) return { unaccepted: owed };
  const live = await enrollments.liveHoldIn(userId, programId, q);
  const named = sessionId && isId(sessionId) ? [sessionId] : [];
  const candidates = live ? [live.sessionId] : named.length ? named : await enrollments.enrollableSessions(programId, q);
  for (const id of candidates) {
    const result = await enrollments.hold(q, userId, id, SEAT_HOLD_MS);
    if (result.ok) return { seat: { sessionId: result.sessionId, enrollmentId: result.enrollmentId, heldNow: false } };
  }
  return { reason: SEAT_TEXT.fullAfterPaying };
}

/** Gives back the student's live hold in a program (an order refused before it was recorded) and offers it on. */
export async function releaseLiveHold(deps: PaymentDeps, userId: string, programId: string): Promise<void> {
  const live = await deps.repos.enrollments.liveHoldIn(userId, programId);
  if (!live) return;
  await deps.repos.enrollments.releaseHold(live.id);
  await deps.repos.waitlist.offerFreedSeats(live.sessionId);
}
