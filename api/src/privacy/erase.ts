import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { dueSql } from '../repositories/balances';
import type { ErasureStatus } from '../repositories/privacy';

/** What an erased account is called everywhere its row is still shown (receipts, payments, class lists). */
export const erasedName = (number: number) => `Erased student #${number}`;
/** `.invalid` is reserved (RFC 2606): no mail can ever reach it, and no one can register or sign in with it. */
export const erasedEmail = (number: number) => `erased-${number}@erased.invalid`;
/** Not an argon2 hash: verification fails for every password (the hasher answers false for a malformed hash). */
const NO_PASSWORD = '!erased';
export const ERASED_CERTIFICATE_REASON = "Erased at the student's request.";

export type Decision =
  | { ok: true; number: number; userId: string }
  | { ok: false; refusal: 'missing' }
  | { ok: false; refusal: 'decided'; status: ErasureStatus; decidedAt: Date }
  | { ok: false; refusal: 'admin' }
  | { ok: false; refusal: 'in-flight' }
  | { ok: false; refusal: 'owes'; dueCents: number };

interface LockedRequest { id: string; number: number; userId: string | null; status: ErasureStatus; decidedAt: Date | null }

async function lockRequest(tx: Queryable, requestId: string): Promise<LockedRequest | null> {
  const [row] = await tx.query<LockedRequest>(
    `SELECT id, number, user_id AS "userId", status, decided_at AS "decidedAt" FROM erasure_requests WHERE id = $1 FOR UPDATE`, [requestId]);
  return row ?? null;
}

/** Money still moving (a capture claimed or unanswered, a refund asked of PayPal, a seat held for a payment). */
async function inFlight(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payments WHERE user_id = $1 AND status = 'CREATED'
                      AND (capture_claimed_at IS NOT NULL OR capture_unknown_at IS NOT NULL))
         OR EXISTS (SELECT 1 FROM payment_refunds f JOIN payments p ON p.id = f.payment_id WHERE p.user_id = $1 AND f.status = 'PENDING')
         OR EXISTS (SELECT 1 FROM enrollments WHERE user_id = $1 AND status = 'pending' AND hold_expires_at > now()) AS busy`, [userId]);
  return Boolean(row?.busy);
}

/** What the student owes over the seats they hold (decision 043's one balance). */
async function owed(tx: Queryable, userId: string): Promise<number> {
  const [row] = await tx.query<{ due: number }>(
    `SELECT coalesce(sum(${dueSql('pr.price_cents', 'e.user_id', 'pr.id')}), 0)::int AS due
     FROM enrollments e JOIN class_sessions s ON s.id = e.session_id JOIN programs pr ON pr.id = s.program_id
     WHERE e.user_id = $1 AND e.status = 'enrolled'`, [userId]);
  return row?.due ?? 0;
}

/** Replaces or removes every personal field of the user; keeps what the law keeps (money, receipts, ledger). */
async function scrub(tx: Queryable, userId: string, email: string, number: number, adminId: string): Promise<void> {
  const name = erasedName(number);
  // The outbox keeps addresses, not accounts: mail to the student's address goes (the erasure notice is queued after).
  await tx.query('DELETE FROM email_outbox WHERE lower(to_email) = lower($1)', [email]);
  // Advising bookings are by email too; deleting one frees its place.
  await tx.query('DELETE FROM advising_bookings WHERE lower(email) = lower($1)', [email]);
  await tx.query('DELETE FROM inquiries WHERE lower(email) = lower($1)', [email]);
  await tx.query('DELETE FROM student_notes WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM waitlist_entries WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
  // A certificate names its holder publicly: the name goes, and it no longer verifies (decision 048).
  await tx.query(
    `UPDATE certificates SET student_name = $2,
       revoked_at = coalesce(revoked_at, now()), revoked_by = CASE WHEN revoked_at IS NULL THEN $3::uuid ELSE revoked_by END,
       revoke_reason = coalesce(revoke_reason, $4)
     WHERE user_id = $1`, [userId, name, adminId, ERASED_CERTIFICATE_REASON]);
  // An employer invoice's line copied the student's name: the line and its amount stay, the name is replaced.
  await tx.query('UPDATE invoice_lines SET student_name = $2 WHERE user_id = $1', [userId, name]);
  // Payments, receipts, refunds, credits and enrollments keep their rows and amounts; they name the student through
  // this row, so they now read the erased name. token_version + 1 ends every session.
  await tx.query(
    `UPDATE users SET username = $2, email = $3, legal_name = NULL, phone = NULL, password_hash = $4,
       token_version = token_version + 1, erased_at = now() WHERE id = $1`,
    [userId, name, erasedEmail(number), NO_PASSWORD]);
}

/**
 * Approves an open erasure request in one transaction (issue 31, decision 048). The request's row lock makes two
 * approvals (or an approval and a decline) serial: the second finds it decided and changes nothing.
 */
export async function approveErasure(db: Db, requestId: string, adminId: string, reason: string | null,
  notify: (tx: Queryable, to: { email: string; name: string; number: number }) => Promise<void>): Promise<Decision> {
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (!request || !request.userId) return { ok: false, refusal: 'missing' };
    if (request.status !== 'pending') return { ok: false, refusal: 'decided', status: request.status, decidedAt: request.decidedAt! };
    const [user] = await tx.query<{ email: string; username: string; legalName: string | null; role: string }>(
      'SELECT email, username, legal_name AS "legalName", role FROM users WHERE id = $1 FOR UPDATE', [request.userId]);
    if (!user) return { ok: false, refusal: 'missing' };
    if (user.role === 'admin') return { ok: false, refusal: 'admin' };
    if (await inFlight(tx, request.userId)) return { ok: false, refusal: 'in-flight' };
    const dueCents = await owed(tx, request.userId);
    if (dueCents > 0) return { ok: false, refusal: 'owes', dueCents };

    await scrub(tx, request.userId, user.email, request.number, adminId);
    await notify(tx, { email: user.email, name: user.legalName ?? user.username, number: request.number });
    await tx.query(
      "UPDATE erasure_requests SET status = 'approved', decided_at = now(), decided_by = $2, decision_reason = $3 WHERE id = $1",
      [requestId, adminId, reason]);
    await tx.query("INSERT INTO privacy_log (id, subject_id, actor_id, action, request_id) VALUES ($1, $2, $3, 'erasure-approved', $4)",
      [randomUUID(), request.userId, adminId, requestId]);
    return { ok: true, number: request.number, userId: request.userId };
  });
}

/** Declines an open request with a reason the student is emailed; the account stays as it is. */
export async function declineErasure(db: Db, requestId: string, adminId: string, reason: string,
  notify: (tx: Queryable, to: { email: string; name: string }) => Promise<void>): Promise<Decision> {
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (!request || !request.userId) return { ok: false, refusal: 'missing' };
    if (request.status !== 'pending') return { ok: false, refusal: 'decided', status: request.status, decidedAt: request.decidedAt! };
    const [user] = await tx.query<{ email: string; username: string; legalName: string | null }>(
      'SELECT email, username, legal_name AS "legalName" FROM users WHERE id = $1', [request.userId]);
    if (!user) return { ok: false, refusal: 'missing' };
    await tx.query(
      "UPDATE erasure_requests SET status = 'declined', decided_at = now(), decided_by = $2, decision_reason = $3 WHERE id = $1",
      [requestId, adminId, reason]);
    await tx.query("INSERT INTO privacy_log (id, subject_id, actor_id, action, request_id) VALUES ($1, $2, $3, 'erasure-declined', $4)",
      [randomUUID(), request.userId, adminId, requestId]);
    await notify(tx, { email: user.email, name: user.legalName ?? user.username });
    return { ok: true, number: request.number, userId: request.userId };
  });
}
