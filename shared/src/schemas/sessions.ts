import { Type } from '@sinclair/typebox';

/** Class sessions (issue 29): dated classes of a course or quick program, with seats. Dates are YYYY-MM-DD. */
export const ISO_DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const Day = (description: string) => Type.String({ pattern: ISO_DATE, description });

export const SESSION_MODES = ['online', 'in_person', 'hybrid'] as const;
export const SessionMode = Type.Union(SESSION_MODES.map((mode) => Type.Literal(mode)));
export const SESSION_STATUSES = ['open', 'closed', 'cancelled'] as const;
export const SessionStatus = Type.Union(SESSION_STATUSES.map((status) => Type.Literal(status)));

export const ClassSession = Type.Object({
  id: Type.String(),
  courseId: Type.Union([Type.String(), Type.Null()]),
  programId: Type.Union([Type.String(), Type.Null()], { description: 'A quick program; null for a course' }),
  startsOn: Day('First day of class'),
  endsOn: Day('Last day of class'),
  schedule: Type.String({ description: 'e.g. Mon/Wed 6-9 pm' }),
  mode: SessionMode,
  address: Type.Union([Type.String(), Type.Null()], { description: 'Where the class meets; null when online' }),
  seats: Type.Union([Type.Integer(), Type.Null()], { description: 'null: unlimited' }),
  seatsTaken: Type.Integer({ description: 'Enrolled students plus seats held by payments in progress' }),
  seatsLeft: Type.Union([Type.Integer(), Type.Null()], { description: 'null: unlimited' }),
  enrollmentDeadline: Day('Last day to enroll'),
  status: SessionStatus,
  waitlistLength: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const ClassSessionBody = Type.Object(
  {
    courseId: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    programId: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    startsOn: Type.String({ minLength: 1, maxLength: 10 }),
    endsOn: Type.String({ minLength: 1, maxLength: 10 }),
    schedule: Type.String({ minLength: 1, maxLength: 200 }),
    mode: SessionMode,
    address: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    seats: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'At least 1; null or omitted: unlimited' })),
    enrollmentDeadline: Type.String({ minLength: 1, maxLength: 10 }),
  },
  { additionalProperties: false },
);

export const SessionsQuery = Type.Object(
  {
    courseId: Type.Optional(Type.String({ maxLength: 256 })),
    programId: Type.Optional(Type.String({ maxLength: 256 })),
    all: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('true')], { description: 'Admin: past and cancelled sessions too' })),
  },
  { additionalProperties: false },
);

export const ENROLLMENT_STATUSES = ['pending', 'enrolled', 'paid_in_full', 'withdrawn', 'transferred', 'completed'] as const;
export const EnrollmentStatus = Type.Union(ENROLLMENT_STATUSES.map((status) => Type.Literal(status)));

export const EnrollmentEvent = Type.Object({
  status: EnrollmentStatus,
  at: Type.String({ format: 'date-time' }),
  by: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()], { description: 'null: the system (a payment, a refund)' }),
  note: Type.Union([Type.String(), Type.Null()]),
});

export const SessionUser = Type.Object({ id: Type.String(), username: Type.String(), email: Type.String() });

/** Where an enrollment stands, as the class list and the student's records both show it. Money in dollars. */
const enrollmentStanding = {
  status: EnrollmentStatus,
  amountPaid: Type.Number(),
  balanceDue: Type.Number(),
  agreementVersion: Type.Union([Type.Integer(), Type.Null()]),
  acceptedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  history: Type.Array(EnrollmentEvent),
};

/** A class list row (admin). */
export const RosterEntry = Type.Object({
  enrollmentId: Type.String(),
  user: SessionUser,
  ...enrollmentStanding,
});

/** GET /api/enrollments/mine and the admin's GET /api/enrollments?userId= */
export const EnrollmentRecord = Type.Object({
  id: Type.String(),
  session: Type.Union([Type.Composite([ClassSession, Type.Object({ title: Type.String() })]), Type.Null()]),
  title: Type.String(),
  ...enrollmentStanding,
});

/** waiting: in line; offered: a freed seat is held for the student until offerExpiresAt (decision 036). */
export const WaitlistStatus = Type.Union([Type.Literal('waiting'), Type.Literal('offered')]);

export const WaitlistEntry = Type.Object({
  id: Type.String(),
  user: SessionUser,
  position: Type.Integer({ minimum: 1 }),
  status: WaitlistStatus,
  joinedAt: Type.String({ format: 'date-time' }),
  offerExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** GET /api/waitlist/mine: the caller's places on waitlists, and the seats offered to them. */
export const OwnWaitlistEntry = Type.Object({
  sessionId: Type.String(),
  programId: Type.String(),
  kind: Type.Union([Type.Literal('course'), Type.Literal('quick_program')]),
  title: Type.String(),
  startsOn: Type.String({ pattern: ISO_DATE }),
  position: Type.Integer({ minimum: 1 }),
  status: WaitlistStatus,
  offerExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const Agreement = Type.Object({
  version: Type.Integer(),
  title: Type.String(),
  body: Type.String({ description: 'Plain text; paragraphs separated by blank lines' }),
  publishedAt: Type.String({ format: 'date-time' }),
});

/** POST /api/sessions/:id/holds: a seat held before a browser-made order is opened; expiresAt null when already seated. */
export const SeatHold = Type.Object({
  holdId: Type.String({ description: 'The pending enrollment holding the seat' }),
  sessionId: Type.String(),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
