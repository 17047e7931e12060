import type { Queryable } from '../../db/db';
import { addEvent } from './events';

/** Withdraws a seated (or pending) enrollment in the caller's transaction; returns its session, or null when it was not active. */
export async function withdrawIn(q: Queryable, id: string, byUserId: string | null, note: string): Promise<{ sessionId: string | null } | null> {
  const [row] = await q.query<{ sessionId: string | null }>(
    `UPDATE enrollments SET status = 'withdrawn', hold_expires_at = NULL, updated_at = now()
     WHERE id = $1 AND status IN ('pending', 'enrolled', 'paid_in_full') RETURNING session_id AS "sessionId"`, [id]);
  if (!row) return null;
  await addEvent(q, id, 'withdrawn', byUserId, note);
  return row;
}

/**
 * After a refund of payment `paymentId`, in its transaction: when none of its enrollment's money is left (refunded
 * in full), the enrollment is withdrawn and its seat freed; a partial refund leaves it as it is. Returns the freed
 * session.
 */
export async function withdrawIfRefunded(q: Queryable, paymentId: string): Promise<string | null> {
  const [row] = await q.query<{ id: string }>(
    `SELECT e.id FROM payments p JOIN enrollments e ON e.id = p.enrollment_id
     WHERE p.id = $1 AND e.status IN ('enrolled', 'paid_in_full')
       AND NOT EXISTS (SELECT 1 FROM payments o WHERE o.enrollment_id = e.id AND o.status IN ('COMPLETED', 'PARTIALLY_REFUNDED'))`, [paymentId]);
  if (!row) return null;
  return (await withdrawIn(q, row.id, null, 'Refunded in full.'))?.sessionId ?? null;
}
