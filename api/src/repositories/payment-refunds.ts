import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';

export interface RefundRecord {
  id: string;
  paymentId: string;
  amountCents: number;
  paypalRefundId: string | null;
  status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';
  reason: string | null;
  createdBy: string | null;
  createdAt: Date;
}

const COLUMNS = `id, payment_id AS "paymentId", amount_cents AS "amountCents", paypal_refund_id AS "paypalRefundId", status,
  reason, created_by AS "createdBy", created_at AS "createdAt"`;

/** Refunds of payments through PayPal (decision 020). */
export function paymentRefundsRepository(db: Db) {
  return {
    /**
     * Reserves a refund under the payment's row lock: refunded plus every refund still PENDING plus this one may
     * not exceed what was captured. Returns the new PENDING row, or the cents still refundable when it does not fit.
     */
    async reserve(input: { paymentId: string; amountCents: number | null; reason: string | null; createdBy: string }):
      Promise<{ refund: RefundRecord } | { refundableCents: number }> {
      return db.transaction(async (tx) => {
        const [payment] = await tx.query<{ amountCents: number; refundedCents: number }>(
          'SELECT amount_cents AS "amountCents", refunded_cents AS "refundedCents" FROM payments WHERE id = $1 FOR UPDATE',
          [input.paymentId],
        );
        if (!payment) return { refundableCents: 0 };
        const [pending] = await tx.query<{ cents: number }>(
          "SELECT coalesce(sum(amount_cents), 0)::int AS cents FROM payment_refunds WHERE payment_id = $1 AND status = 'PENDING'",
          [input.paymentId],
        );
        const refundableCents = payment.amountCents - payment.refundedCents - pending!.cents;
        const amountCents = input.amountCents ?? refundableCents;
        if (amountCents <= 0 || amountCents > refundableCents) return { refundableCents: Math.max(0, refundableCents) };
        const [refund] = await tx.query<RefundRecord>(
          `INSERT INTO payment_refunds (id, payment_id, amount_cents, status, reason, created_by) VALUES ($1, $2, $3, 'PENDING', $4, $5)
           RETURNING ${COLUMNS}`,
          [randomUUID(), input.paymentId, amountCents, input.reason, input.createdBy],
        );
        return { refund: refund! };
      });
    },

    pending(paymentId: string): Promise<RefundRecord[]> {
      return db.query<RefundRecord>(`SELECT ${COLUMNS} FROM payment_refunds WHERE payment_id = $1 AND status = 'PENDING' ORDER BY created_at`, [paymentId]);
    },

    listFor(paymentId: string): Promise<RefundRecord[]> {
      return db.query<RefundRecord>(`SELECT ${COLUMNS} FROM payment_refunds WHERE payment_id = $1 ORDER BY created_at, id`, [paymentId]);
    },

    /**
     * PayPal refunded it: the refund row, the payment's refunded total and status, and (through `then`, same
     * transaction) the student's email, all at once. Conditional on PENDING, so a replayed answer counts once.
     */
    async complete(id: string, paypalRefundId: string, then: (tx: Queryable, refundedCents: number) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [refund] = await tx.query<{ paymentId: string; amountCents: number }>(
          `UPDATE payment_refunds SET status = 'COMPLETED', paypal_refund_id = $2 WHERE id = $1 AND status = 'PENDING'
           RETURNING payment_id AS "paymentId", amount_cents AS "amountCents"`,
          [id, paypalRefundId],
        );
        if (!refund) return false;
        const [payment] = await tx.query<{ refundedCents: number }>(
          `UPDATE payments SET refunded_cents = refunded_cents + $2, updated_at = now(),
             status = CASE WHEN refunded_cents + $2 >= amount_cents THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END
           WHERE id = $1 RETURNING refunded_cents AS "refundedCents"`,
          [refund.paymentId, refund.amountCents],
        );
        await then(tx, payment!.refundedCents);
        return true;
      });
    },

    /** PayPal refused it: the reservation is released. */
    async fail(id: string, reason: string): Promise<void> {
      await db.query("UPDATE payment_refunds SET status = 'FAILED', reason = coalesce(reason, '') || $2 WHERE id = $1 AND status = 'PENDING'", [id, ` [PayPal: ${reason}]`]);
    },
  };
}

export type PaymentRefundsRepository = ReturnType<typeof paymentRefundsRepository>;
