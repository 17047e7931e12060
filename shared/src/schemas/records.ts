import { Type, type TSchema } from '@sinclair/typebox';
import { EnrollmentRecord } from './sessions';
import { User } from './users';

/** Issue 31: certificates, as their owner (and the admin) reads them: everything the printed page shows. */
export const Certificate = Type.Object({
  id: Type.String(),
  enrollmentId: Type.String(),
  number: Type.String(),
  code: Type.String(),
  /** The legal name when the student gave one when it was issued, else the username. */
  studentName: Type.String(),
  program: Type.String(),
  credential: Type.Union([Type.String(), Type.Null()]),
  totalHours: Type.Union([Type.String(), Type.Null()]),
  startsOn: Type.Union([Type.String(), Type.Null()]),
  endsOn: Type.Union([Type.String(), Type.Null()]),
  issuedAt: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokeReason: Type.Union([Type.String(), Type.Null()]),
  institute: Type.Object({ name: Type.String(), address: Type.String(), phone: Type.String(), email: Type.String() }),
});

/** What anyone holding the code may read: name, course, date and status, nothing else. */
export const CertificateVerification = Type.Object({
  number: Type.String(),
  studentName: Type.String(),
  program: Type.String(),
  issuedAt: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  institute: Type.Object({ name: Type.String() }),
});

export const CompletionResult = Type.Object({ certificate: Certificate, issued: Type.Boolean() });
export const ClassCompletion = Type.Object({
  issued: Type.Array(Certificate),
  alreadyCompleted: Type.Integer(),
  skipped: Type.Array(Type.Object({ enrollmentId: Type.String(), username: Type.String(), reason: Type.String() })),
});
export const RevokeBody = Type.Object({ reason: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });

export const StudentNote = Type.Object({
  id: Type.String(), body: Type.String(), createdAt: Type.String({ format: 'date-time' }),
  author: Type.Union([Type.Object({ id: Type.String(), username: Type.String() }), Type.Null()]),
});
export const StudentEmail = Type.Object({
  id: Type.String(), kind: Type.String(), status: Type.String(),
  createdAt: Type.String({ format: 'date-time' }), sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export const StudentPayment = Type.Object({
  id: Type.String(), program: Type.String(), amount: Type.Number(), refunded: Type.Number(), currency: Type.String(),
  status: Type.String(), receiptNumber: Type.Union([Type.String(), Type.Null()]), createdAt: Type.String({ format: 'date-time' }),
});
/** A list that grows, a page at a time (newest first); `next` is the cursor of the following page. */
export const CursorPage = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), next: Type.Union([Type.String(), Type.Null()]) });
export const NoteBody = Type.Object({ body: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });

/** The admin's page of one student (issue 31): one read of what exists, the growing lists a first page each. */
export const StudentRecord = Type.Object({
  user: User,
  enrollments: Type.Array(EnrollmentRecord),
  /** Over the enrollments that hold a seat: what was paid and what is still due, in dollars. */
  balance: Type.Object({ paid: Type.Number(), due: Type.Number() }),
  payments: CursorPage(StudentPayment),
  certificates: Type.Array(Certificate),
  agreements: Type.Array(Type.Object({ version: Type.Integer(), title: Type.String(), acceptedAt: Type.String({ format: 'date-time' }) })),
  emails: CursorPage(StudentEmail),
  notes: CursorPage(StudentNote),
});
