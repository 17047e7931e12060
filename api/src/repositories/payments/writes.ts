import type { Db, Queryable } from '../../db/db';
import { paymentReads } from './reads';
import { orderIdOf, type NewPayment, type PaymentRecord, type PaymentStatus } from './types';

/** New payments and the moves of their status. */
export function paymentWrites(db: Db) {
  const reads = paymentReads(db);
  return {
    /** Runs `fn` in a transaction holding a lock on one (user, program) balance, so checks and writes do not race. */
    withBalanceLock<T>(userId: string, programId: string | null, fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`payments:${userId}:${programId ?? '-'}`]);
        return fn(tx);
      });
    },

    async insert(row: NewPayment, q: Queryable = db): Promise<PaymentRecord | null> {
      const completed = row.status === 'COMPLETED' ? 'now()' : 'NULL';
      const rows = await q.query<{ id: string }>(
        `INSERT INTO payments (id, user_id, program_id, program_title, price_cents, amount_cents, currency, flow, paypal_order_id,
           paypal_capture_id, payer_id, status, status_reason, session_id, enrollment_id, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, ${completed})
         ON CONFLICT (paypal_order_id) DO NOTHING RETURNING id`,
        [row.id, row.userId, row.programId, row.programTitle, row.priceCents, row.amountCents, row.currency, row.flow,
          row.paypalOrderId, row.paypalCaptureId ?? null, row.payerId ?? null, row.status, row.statusReason ?? null,
          row.sessionId ?? null, row.enrollmentId ?? null],
      );
      return rows.length > 0 ? reads.byOrderId(orderIdOf(row), q) : null;
    },

    /**
     * Records what PayPal says happened. Money PayPal took always wins over our own cancel, so COMPLETED and
     * REJECTED may follow CANCELLED; nothing else leaves a final state.
     */
    async settle(
      id: string,
      status: PaymentStatus,
      fields: { captureId?: string | null; payerId?: string | null; reason?: string | null; refundDueCents?: number } = {},
      q: Queryable = db,
    ): Promise<boolean> {
      const from = status === 'COMPLETED' || status === 'REJECTED' ? ['CREATED', 'CANCELLED'] : ['CREATED'];
      const rows = await q.query(
        `UPDATE payments SET status = $2, paypal_capture_id = coalesce($3, paypal_capture_id), payer_id = coalesce($4, payer_id),
           status_reason = $5, capture_claimed_at = NULL, capture_unknown_at = NULL, refund_due_cents = $7, updated_at = now(),
           completed_at = CASE WHEN $2 = 'COMPLETED' THEN now() ELSE completed_at END
         WHERE id = $1 AND status = ANY($6::text[]) RETURNING id`,
        [id, status, fields.captureId ?? null, fields.payerId ?? null, fields.reason ?? null, from, fields.refundDueCents ?? 0],
      );
      return rows.length > 0;
    },

    /** A capture PayPal has accepted but not finished (PENDING): remembered, still CREATED. */
    async notePending(id: string, captureId: string | null): Promise<void> {
      await db.query('UPDATE payments SET paypal_capture_id = coalesce($2, paypal_capture_id), updated_at = now() WHERE id = $1', [id, captureId]);
    },

    /**
     * The owner's cancel: only while CREATED, with no capture ever claimed (or PayPal has since said it is not
     * captured: releaseClaim) and none PENDING at PayPal.
     */
    async cancel(id: string, reason: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE payments SET status = 'CANCELLED', status_reason = $2, updated_at = now()
         WHERE id = $1 AND status = 'CREATED' AND paypal_capture_id IS NULL AND capture_claimed_at IS NULL AND capture_unknown_at IS NULL
         RETURNING id`,
        [id, reason],
      );
      return rows.length > 0;
    },
  };
}
