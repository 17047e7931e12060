import { randomInt, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { emailOutboxRepository } from './email-outbox';
import { enrollmentReads } from './enrollments';

export interface CertificateRecord {
  id: string;
  enrollmentId: string;
  userId: string;
  number: string;
  code: string;
  studentName: string;
  programTitle: string;
  credential: string | null;
  totalHours: string | null;
  startsOn: string | null;
  endsOn: string | null;
  issuedAt: Date;
  issuedBy: string | null;
  revokedAt: Date | null;
  revokeReason: string | null;
}

/** Why an enrollment cannot be completed; the route turns each into its sentence. */
export type CompletionRefusal = 'missing' | 'not-seated' | 'balance-due';

export type CompletionResult =
  | { ok: true; certificate: CertificateRecord; issued: boolean }
  | { ok: false; refusal: CompletionRefusal; balanceDueCents?: number };

const COLUMNS = `c.id, c.enrollment_id AS "enrollmentId", c.user_id AS "userId", c.number, c.code, c.student_name AS "studentName",
  c.program_title AS "programTitle", c.credential, c.total_hours AS "totalHours",
  to_char(c.session_starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(c.session_ends_on, 'YYYY-MM-DD') AS "endsOn",
  c.issued_at AS "issuedAt", c.issued_by AS "issuedBy", c.revoked_at AS "revokedAt", c.revoke_reason AS "revokeReason"`;

/**
 * Unambiguous when read aloud or typed from paper (no 0/O, 1/I/L, U/V): 30 symbols, 20 of them, about 98 bits.
 * The public page is addressed by this code, so it is drawn at random, never derived from the number.
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const CODE_LENGTH = 20;
export const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);
export function newCertificateCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Certificates (issue 31, decision 046): one per completed enrollment, numbered per year, verified by code. */
export function certificatesRepository(db: Db) {
  const outbox = emailOutboxRepository(db);
  const reads = enrollmentReads(db);

  async function byEnrollment(q: Queryable, enrollmentId: string): Promise<CertificateRecord | null> {
    return (await q.query<CertificateRecord>(`SELECT ${COLUMNS} FROM certificates c WHERE c.enrollment_id = $1`, [enrollmentId]))[0] ?? null;
  }

  /**
   * Completes one enrollment and issues its certificate, in one transaction with its email. The enrollment's row
   * is locked first, so two admins completing the same student at once issue one certificate: the second finds
   * it completed and gets the same certificate back (issued: false).
   */
  async function complete(enrollmentId: string, byUserId: string): Promise<CompletionResult> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.query<{ status: string }>('SELECT status FROM enrollments WHERE id = $1 FOR UPDATE', [enrollmentId]);
      if (!locked) return { ok: false, refusal: 'missing' };
      if (locked.status === 'completed') {
        const existing = await byEnrollment(tx, enrollmentId);
        if (existing) return { ok: true, certificate: existing, issued: false };
      } else if (locked.status !== 'enrolled' && locked.status !== 'paid_in_full') {
        return { ok: false, refusal: 'not-seated' };
      }
      const row = (await reads.get(enrollmentId, tx))!;
      // The credential is what the student pays for: it is issued once nothing is owed.
      if (row.balanceDueCents > 0) return { ok: false, refusal: 'balance-due', balanceDueCents: row.balanceDueCents };
      if (locked.status !== 'completed') {
        await tx.query("UPDATE enrollments SET status = 'completed', updated_at = now() WHERE id = $1", [enrollmentId]);
        await tx.query('INSERT INTO enrollment_events (id, enrollment_id, status, by_user_id, note) VALUES ($1, $2, $3, $4, $5)',
          [randomUUID(), enrollmentId, 'completed', byUserId, 'Completed; certificate issued.']);
      }
      const [{ year, next }] = (await tx.query<{ year: number; next: number }>(
        `INSERT INTO certificate_counters (year, last_number) VALUES (extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
         ON CONFLICT (year) DO UPDATE SET last_number = certificate_counters.last_number + 1
         RETURNING year, last_number AS next`)) as [{ year: number; next: number }];
      const id = randomUUID();
      await tx.query(
        `INSERT INTO certificates (id, enrollment_id, user_id, number, code, student_name, program_title, credential, total_hours,
           session_starts_on, session_ends_on, issued_by)
         SELECT $1, e.id, e.user_id, $3, $4, coalesce(u.legal_name, u.username), coalesce(p.title, e.program_title), p.credential, p.total_hours,
           s.starts_on, s.ends_on, $5
         FROM enrollments e JOIN users u ON u.id = e.user_id
         LEFT JOIN class_sessions s ON s.id = e.session_id LEFT JOIN programs p ON p.id = s.program_id
         WHERE e.id = $2`,
        [id, enrollmentId, `C${year}-${String(next).padStart(6, '0')}`, newCertificateCode(), byUserId]);
      await outbox.enqueue({ kind: 'certificate', toEmail: row.email, templateParams: { certificateId: id }, dedupeKey: `certificate:${id}` }, tx);
      return { ok: true, certificate: (await byEnrollment(tx, enrollmentId))!, issued: true };
    });
  }

  return {
    complete,

    async get(id: string): Promise<CertificateRecord | null> {
      return (await db.query<CertificateRecord>(`SELECT ${COLUMNS} FROM certificates c WHERE c.id = $1`, [id]))[0] ?? null;
    },

    async byCode(code: string): Promise<CertificateRecord | null> {
      return (await db.query<CertificateRecord>(`SELECT ${COLUMNS} FROM certificates c WHERE c.code = $1`, [code]))[0] ?? null;
    },

    byUser(userId: string): Promise<CertificateRecord[]> {
      return db.query<CertificateRecord>(`SELECT ${COLUMNS} FROM certificates c WHERE c.user_id = $1 ORDER BY c.issued_at DESC, c.id`, [userId]);
    },

    /** Seated enrollments of a session's class list, with those already completed: what "complete the class" acts on. */
    async completableIn(sessionId: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM enrollments WHERE session_id = $1 AND status IN ('enrolled', 'paid_in_full', 'completed') ORDER BY created_at, id`, [sessionId]);
      return rows.map((row) => row.id);
    },

    /** Revokes a valid certificate: 'revoked', 'already' when it was revoked before, null when there is none. */
    async revoke(id: string, byUserId: string, reason: string): Promise<'revoked' | 'already' | null> {
      const rows = await db.query('UPDATE certificates SET revoked_at = now(), revoked_by = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
        [id, byUserId, reason]);
      if (rows.length) return 'revoked';
      return (await db.query('SELECT 1 FROM certificates WHERE id = $1', [id])).length ? 'already' : null;
    },
  };
}

export type CertificatesRepository = ReturnType<typeof certificatesRepository>;
