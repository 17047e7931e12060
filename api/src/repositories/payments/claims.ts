import type { Db, Queryable } from '../../db/db';
import { claimFresh, COLUMNS } from './sql';
import type { PaymentRecord, ReconcileOptions } from './types';

/**
 * Capture claims: who may be capturing a row, what PayPal must be asked about, and the reconciler's batches.
 * `claimWindowMs` below: how long one capture request can take (two PayPal calls with their timeouts).
 */
export function paymentClaims(db: Db) {
  return {
    /**
     * Other orders of this balance that may be taking money: every claimed CREATED row, in flight or with an
     * outcome nobody knows yet. Only PayPal's answer (settle, or releaseClaim) takes a row out of this sum.
     */
    async inFlightCents(userId: string, programId: string, exceptId: string | null, q: Queryable = db): Promise<number> {
      const [row] = await q.query<{ cents: number }>(
        `SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM payments
         WHERE user_id = $1 AND program_id = $2 AND status = 'CREATED' AND ($3::uuid IS NULL OR id <> $3::uuid)
           AND (capture_claimed_at IS NOT NULL OR capture_unknown_at IS NOT NULL OR paypal_capture_id IS NOT NULL)`,
        [userId, programId, exceptId],
      );
      return row!.cents;
    },

    /**
     * Rows of one balance whose capture outcome must be asked from PayPal: claimed (or PENDING at PayPal) and
     * not in flight any more.
     */
    async unsettledClaims(userId: string, programId: string, exceptId: string | null, claimWindowMs: number): Promise<PaymentRecord[]> {
      return db.query<PaymentRecord>(
        `SELECT ${COLUMNS} FROM payments p
         WHERE p.user_id = $1 AND p.program_id = $2 AND p.status = 'CREATED' AND ($3::uuid IS NULL OR p.id <> $3::uuid)
           AND (capture_claimed_at IS NOT NULL OR capture_unknown_at IS NOT NULL OR paypal_capture_id IS NOT NULL)
           AND NOT (${claimFresh(4)})
         ORDER BY p.created_at, p.id`,
        [userId, programId, exceptId, claimWindowMs],
      );
    },

    /** A request is capturing this row right now (claimed within the window, outcome not yet unknown). */
    isInFlight(row: PaymentRecord, claimWindowMs: number): boolean {
      return row.captureClaimedAt !== null && row.captureUnknownAt === null &&
        new Date(row.captureClaimedAt).getTime() > Date.now() - claimWindowMs;
    },

    /**
     * The reconciler's batch: rows due for a look (CREATED with a claim not in flight, or older than
     * `staleAfterMs`; CANCELLED after an attempted capture, for `cancelledWatchMs`), leased for `leaseMs` in the
     * same statement. FOR UPDATE SKIP LOCKED: two instances never take the same row.
     */
    async takeForReconcile(options: ReconcileOptions): Promise<PaymentRecord[]> {
      const ids = await db.query<{ id: string }>(
        `UPDATE payments SET reconcile_after = now() + $4::int * interval '1 millisecond'
         WHERE id IN (
           SELECT id FROM payments
           WHERE (reconcile_after IS NULL OR reconcile_after <= now())
             AND (
               -- A capture a request is making right now is left to it.
               (status = 'CREATED' AND NOT (${claimFresh(1)}) AND (
                  capture_claimed_at IS NOT NULL OR capture_unknown_at IS NOT NULL OR paypal_capture_id IS NOT NULL
                  OR created_at <= now() - $2::int * interval '1 millisecond'))
               OR (status = 'CANCELLED' AND capture_attempted_at IS NOT NULL
                   AND updated_at > now() - $3::int * interval '1 millisecond'))
           ORDER BY reconcile_after NULLS FIRST, created_at
           LIMIT $5
           FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [options.claimWindowMs, options.staleAfterMs, options.cancelledWatchMs, options.leaseMs, options.limit],
      );
      if (ids.length === 0) return [];
      return db.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.id = ANY($1::uuid[]) ORDER BY p.created_at`, [ids.map((r) => r.id)]);
    },

    /** When the reconciler should look at a row again. */
    async reconcileLater(id: string, ms: number): Promise<void> {
      await db.query("UPDATE payments SET reconcile_after = now() + $2::int * interval '1 millisecond' WHERE id = $1", [id, ms]);
    },

    async claim(id: string, q: Queryable): Promise<void> {
      await q.query(
        `UPDATE payments SET capture_claimed_at = now(), capture_attempted_at = now(), capture_unknown_at = NULL, updated_at = now()
         WHERE id = $1`,
        [id],
      );
    },

    /** PayPal said this order is not captured (or refused the capture): no claim holds the balance any more. */
    async releaseClaim(id: string): Promise<void> {
      await db.query(
        "UPDATE payments SET capture_claimed_at = NULL, capture_unknown_at = NULL, updated_at = now() WHERE id = $1 AND status = 'CREATED'",
        [id],
      );
    },

    /** A capture was sent and its answer never came (timeout, reset, 5xx): PayPal must be asked. */
    async noteUnknown(id: string): Promise<void> {
      await db.query(
        "UPDATE payments SET capture_unknown_at = now(), reconcile_after = NULL, updated_at = now() WHERE id = $1 AND status = 'CREATED'",
        [id],
      );
    },
  };
}
