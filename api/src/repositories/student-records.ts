import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';

export interface StudentNote { id: string; body: string; createdAt: Date; authorId: string | null; authorUsername: string | null }
export interface StudentEmail { id: string; kind: string; status: string; createdAt: Date; sentAt: Date | null }
export interface StudentPaymentRow {
  id: string; program: string; amountCents: number; refundedCents: number; currency: string; status: string;
  receiptNumber: string | null; createdAt: Date;
}
export interface StudentAcceptance { version: number; title: string; acceptedAt: Date }

/** A page of a list that grows: newest first, and the cursor of the next page (null: no more). */
export interface Page<T> { items: T[]; next: string | null }

/**
 * Keyset pages over (created_at, id), newest first: the cursor is the last row's time and id, so rows appended
 * meanwhile never shift a page. `limit + 1` rows are read to know whether another page follows.
 */
function paged<T extends { id: string; createdAt: Date }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? `${new Date(last.createdAt).toISOString()}_${last.id}` : null };
}

/** A cursor as `paged` makes it, or null when it is not one. */
export function parseCursor(cursor: string | undefined): { at: string; id: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i.exec(cursor ?? '');
  return match ? { at: match[1]!, id: match[2]! } : null;
}

const BEFORE = (alias: string) => `($2::timestamptz IS NULL OR (${alias}.created_at, ${alias}.id) < ($2::timestamptz, $3::uuid))`;

/** What the admin's page of one student reads beyond enrollments, payments and certificates (issue 31, decision 046). */
export function studentRecordsRepository(db: Db) {
  return {
    async addNote(userId: string, authorId: string, body: string): Promise<StudentNote> {
      const id = randomUUID();
      await db.query('INSERT INTO student_notes (id, user_id, author_id, body) VALUES ($1, $2, $3, $4)', [id, userId, authorId, body]);
      const [note] = await db.query<StudentNote>(
        `SELECT n.id, n.body, n.created_at AS "createdAt", n.author_id AS "authorId", a.username AS "authorUsername"
         FROM student_notes n LEFT JOIN users a ON a.id = n.author_id WHERE n.id = $1`, [id]);
      return note!;
    },

    async notes(userId: string, limit: number, before: { at: string; id: string } | null = null): Promise<Page<StudentNote>> {
      const rows = await db.query<StudentNote>(
        `SELECT n.id, n.body, n.created_at AS "createdAt", n.author_id AS "authorId", a.username AS "authorUsername"
         FROM student_notes n LEFT JOIN users a ON a.id = n.author_id
         WHERE n.user_id = $1 AND ${BEFORE('n')} ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
        [userId, before?.at ?? null, before?.id ?? null, limit + 1]);
      return paged(rows, limit);
    },

    /** The outbox's mail to the student's address (the outbox keeps addresses, not accounts). */
    async emails(email: string, limit: number, before: { at: string; id: string } | null = null): Promise<Page<StudentEmail>> {
      const rows = await db.query<StudentEmail>(
        `SELECT o.id, o.kind, o.status, o.created_at AS "createdAt", o.sent_at AS "sentAt" FROM email_outbox o
         WHERE lower(o.to_email) = lower($1) AND ${BEFORE('o')} ORDER BY o.created_at DESC, o.id DESC LIMIT $4`,
        [email, before?.at ?? null, before?.id ?? null, limit + 1]);
      return paged(rows, limit);
    },

    async payments(userId: string, limit: number, before: { at: string; id: string } | null = null): Promise<Page<StudentPaymentRow>> {
      const rows = await db.query<StudentPaymentRow>(
        `SELECT p.id, coalesce(pr.title, p.program_title, 'Removed program') AS program, p.amount_cents AS "amountCents",
           p.refunded_cents AS "refundedCents", p.currency, p.status, p.receipt_number AS "receiptNumber", p.created_at AS "createdAt"
         FROM payments p LEFT JOIN programs pr ON pr.id = p.program_id
         WHERE p.user_id = $1 AND ${BEFORE('p')} ORDER BY p.created_at DESC, p.id DESC LIMIT $4`,
        [userId, before?.at ?? null, before?.id ?? null, limit + 1]);
      return paged(rows, limit);
    },

    acceptances(userId: string): Promise<StudentAcceptance[]> {
      return db.query<StudentAcceptance>(
        `SELECT a.version, v.title, a.accepted_at AS "acceptedAt" FROM agreement_acceptances a
         JOIN agreement_versions v ON v.version = a.version WHERE a.user_id = $1 ORDER BY a.version DESC`, [userId]);
    },
  };
}

export type StudentRecordsRepository = ReturnType<typeof studentRecordsRepository>;
