import type { Static } from '@sinclair/typebox';
import type { ClassSession, ClassSessionBody } from '@institute/shared/schemas';
import { badRequest } from '../../lib/http-errors';
import { plainText } from '../../lib/sanitize';
import type { ClassSessionFields, ClassSessionRecord } from '../../repositories/class-sessions';

export const SESSION_TEXT = {
  notFound: 'Session not found.',
  which: 'Name either a course (courseId) or a quick program (programId), not both.',
  courseNotFound: 'Course not found.',
  programNotFound: 'Quick program not found.',
  endsBeforeStart: 'The end date must be on or after the start date.',
  deadlineAfterEnd: 'The enrollment deadline must be on or before the end date.',
  endedAlready: 'The end date has already passed.',
  seats: 'Seats must be a whole number of at least 1 (leave it empty for unlimited).',
  address: 'An address is required for in-person and hybrid sessions.',
  schedule: 'Schedule must not be empty.',
  cancelled: 'This session is cancelled; it cannot be changed.',
  notClosed: 'Only a closed session can be reopened.',
  allNeedsAdmin: 'Only an admin can list past and cancelled sessions.',
} as const;

/** "3 seats are already taken; ..." (the admin lowering seats below what is sold). */
export const seatsTakenMessage = (taken: number) =>
  `${taken} ${taken === 1 ? 'seat is' : 'seats are'} already taken; seats cannot be set below ${taken}.`;

const DATE_WORDS = { startsOn: 'Start date', endsOn: 'End date', enrollmentDeadline: 'Enrollment deadline' } as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused, not rolled into March). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Today in UTC, the day the database's current_date names (the server runs in UTC). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

type Body = Static<typeof ClassSessionBody>;

/** Checks what the schema cannot (dates, their order, seats, address) and returns what is stored. */
export function toSessionFields(body: Body): Omit<ClassSessionFields, 'programId'> {
  for (const field of ['startsOn', 'endsOn', 'enrollmentDeadline'] as const) {
    if (!isCalendarDay(body[field])) throw badRequest(`${DATE_WORDS[field]} must be a date like 2026-09-14.`);
  }
  if (body.endsOn < body.startsOn) throw badRequest(SESSION_TEXT.endsBeforeStart);
  if (body.enrollmentDeadline > body.endsOn) throw badRequest(SESSION_TEXT.deadlineAfterEnd);
  const seats = body.seats ?? null;
  if (seats !== null && (!Number.isInteger(seats) || seats < 1 || seats > 100_000)) throw badRequest(SESSION_TEXT.seats);
  const schedule = plainText(body.schedule);
  if (!schedule) throw badRequest(SESSION_TEXT.schedule);
  const address = body.mode === 'online' ? null : plainText(body.address ?? '') || null;
  if (body.mode !== 'online' && !address) throw badRequest(SESSION_TEXT.address);
  return { startsOn: body.startsOn, endsOn: body.endsOn, schedule, mode: body.mode, address, seats, enrollmentDeadline: body.enrollmentDeadline };
}

export function toClassSession(row: ClassSessionRecord): Static<typeof ClassSession> {
  const course = row.kind === 'course';
  return {
    id: row.id,
    courseId: course ? row.programId : null,
    programId: course ? null : row.programId,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    schedule: row.schedule,
    mode: row.mode,
    address: row.address,
    seats: row.seats,
    seatsTaken: row.seatsTaken,
    seatsLeft: row.seats === null ? null : Math.max(row.seats - row.seatsTaken, 0),
    enrollmentDeadline: row.enrollmentDeadline,
    status: row.status,
    waitlistLength: row.waitlistLength,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
