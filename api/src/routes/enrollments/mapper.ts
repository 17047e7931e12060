import type { Static } from '@sinclair/typebox';
import type { EnrollmentEvent, EnrollmentRecord, RosterEntry } from '@institute/shared/schemas';
import { centsToDollars } from '../../lib/money';
import type { EnrollmentEventRecord, EnrollmentRow } from '../../repositories/enrollments';
import type { ClassSessionRecord } from '../../repositories/class-sessions';
import { toClassSession } from '../sessions/mapper';

export const ENROLLMENT_TEXT = {
  notFound: 'Enrollment not found.',
  notActive: 'Only a pending or enrolled student can be withdrawn.',
  withdrawnByAdmin: 'Withdrawn by the institute.',
  transfer: {
    missing: 'Session not found.',
    'not-seated': 'Only an enrolled student can be transferred.',
    'same-session': 'The student is already in this session.',
    'already-there': 'The student is already in this session.',
    'other-program': 'A student can only be transferred to another session of the same course or program.',
    cancelled: 'That session has been cancelled.',
    full: 'That session is full.',
  },
  userRequired: 'Name the student: userId=ID.',
} as const;

const toEvent = (event: EnrollmentEventRecord): Static<typeof EnrollmentEvent> => ({
  status: event.status,
  at: new Date(event.at).toISOString(),
  by: event.byId && event.byUsername ? { id: event.byId, username: event.byUsername } : null,
  note: event.note,
});

const money = (row: EnrollmentRow) => ({ amountPaid: centsToDollars(row.amountPaidCents), balanceDue: centsToDollars(row.balanceDueCents) });
const agreement = (row: EnrollmentRow) => ({
  agreementVersion: row.agreementVersion, acceptedAt: row.acceptedAt ? new Date(row.acceptedAt).toISOString() : null,
});

export function toRosterEntry(row: EnrollmentRow): Static<typeof RosterEntry> {
  return {
    enrollmentId: row.id,
    user: { id: row.userId, username: row.username, email: row.email },
    status: row.status,
    ...money(row),
    ...agreement(row),
    history: row.history.map(toEvent),
  };
}

export function toEnrollmentRecord(row: EnrollmentRow, session: ClassSessionRecord | null): Static<typeof EnrollmentRecord> {
  return {
    id: row.id,
    session: session ? { ...toClassSession(session), title: session.title } : null,
    title: row.title,
    status: row.status,
    ...money(row),
    ...agreement(row),
    history: row.history.map(toEvent),
  };
}

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function rosterCsv(rows: EnrollmentRow[]): string {
  const header = ['Student', 'Email', 'Status', 'Paid (USD)', 'Balance due (USD)', 'Agreement version', 'Agreement accepted', 'Since'];
  const lines = rows.map((row) => [
    row.username, row.email, row.status, (row.amountPaidCents / 100).toFixed(2), (row.balanceDueCents / 100).toFixed(2),
    row.agreementVersion, row.acceptedAt ? new Date(row.acceptedAt).toISOString() : null, new Date(row.createdAt).toISOString(),
  ].map(csvCell).join(','));
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
