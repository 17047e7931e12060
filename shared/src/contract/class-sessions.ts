/**
 * Class sessions (issue 29): a course's or quick program's dated runs with seats, the enrollment record a payment
 * turns into, the waitlist and the enrollment agreement; the types of the API's schemas. "Class session" is never a
 * sign-in session. Dates are ISO `YYYY-MM-DD`; money is US dollars as numbers, as everywhere in the API.
 */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export type ClassSession = Static<typeof Schemas.ClassSession>;
export type ClassSessionMode = ClassSession['mode'];
export type ClassSessionStatus = ClassSession['status'];
/** What the admin's form sends to create or edit a session. */
export type ClassSessionInput = Static<typeof Schemas.ClassSessionBody>;
export type ClassEnrollmentStatus = Static<typeof Schemas.EnrollmentStatus>;
export type ClassEnrollmentChange = Static<typeof Schemas.EnrollmentEvent>;
/** GET /api/enrollments/mine: one of the student's enrollments. */
export type ClassEnrollment = Static<typeof Schemas.EnrollmentRecord>;
/** GET /api/sessions/:id/roster: one line of a class list. */
export type RosterEntry = Static<typeof Schemas.RosterEntry>;
export type WaitlistEntry = Static<typeof Schemas.WaitlistEntry>;
/** GET /api/waitlist/mine: one of the student's own waitlist places, with a seat offered to them if any. */
export type OwnWaitlistEntry = Static<typeof Schemas.OwnWaitlistEntry>;
/** The enrollment agreement: versioned terms a student accepts before paying for a session. */
export type Agreement = Static<typeof Schemas.Agreement>;

export interface AgreementAcceptance {
  version: number;
  acceptedAt: string;
}
