import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { withdrawIfRefunded } from './enrollments';

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

/** A refund just recorded as COMPLETED: what the "payment refunded" event says. */
export interface RecordedRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  /** The payment's refunded total with this refund. */
  refundedCents: number;
}

const COLUMNS = `id, payment_id AS "paymentId", amount_cents AS "amountCents", paypal_refund_id AS "paypalRefundId", status,
  reason, created_by AS "createdBy", created_at AS "createdAt"`;

/**
 * Adds a completed refund to its payment: the refunded total, and the status of settled payments (REJECTED keeps
 * its status: it never counted, and its refund is only noted). Returns the new refunded total.
 */
async function addRefunded(tx: Queryable, paymentId: string, cents: number): Promise<number> {
  const [payment] = await tx.query<{ refundedCents: number }>(
    `UPDATE payments SET refunded_cents = refunded_cents + $2, updated_at = now(),
       status = CASE WHEN status NOT IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') THEN status
         WHEN refunded_cents + $2 >= amount_cents THEN 'REFUNDED' ELSE 'PARTIALLY_REFUNDED' END
     WHERE id = $1 RETURNING refunded_cents AS "refundedCents"`,
    [paymentId, cents],
  );
  // A full refund withdraws the enrollment it paid (issue 29); a partial one does not.
  await withdrawIfRefunded(tx, paymentId);
  return payment!.refundedCents;
}

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
     * Runs `record` in one transaction holding the payment's row lock, which every recording of its refunds takes
     * first (one lock order: no deadlock): the admin page's answer and the webhook reporting the same refund at the
     * same moment wait for each other, and the second finds it recorded. The caller writes the "payment refunded"
     * event in the same transaction.
     */
    withPaymentLock<T>(paymentId: string, record: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT id FROM payments WHERE id = $1 FOR UPDATE', [paymentId]);
        return record(tx);
      });
    },

    /**
     * PayPal refunded our reservation `id`: the refund row, the payment's refunded total and status. Conditional on
     * PENDING, so a replayed answer counts once: null when it was recorded already (its webhook came first).
     * Inside `withPaymentLock` of its payment.
     */
    async complete(tx: Queryable, paymentId: string, id: string, paypalRefundId: string): Promise<RecordedRefund | null> {
      const [refund] = await tx.query<{ amountCents: number }>(
        `UPDATE payment_refunds SET status = 'COMPLETED', paypal_refund_id = $3 WHERE id = $1 AND payment_id = $2 AND status = 'PENDING'
         RETURNING amount_cents AS "amountCents"`,
        [id, paymentId, paypalRefundId],
      );
      if (!refund) return null;
      return { id, paymentId, amountCents: refund.amountCents, refundedCents: await addRefunded(tx, paymentId, refund.amountCents) };
    },

    /**
     * A refund PayPal reports (webhook, or the order's list of refunds): recorded once per PayPal refund id. One of
     * our own (its custom_id is our refund id) completes that reservation, whatever its state here; any other (made
     * in PayPal's dashboard) is a new COMPLETED row without an admin. 'exceeds': PayPal reports more refunded than
     * captured here, which cannot be recorded (logged by the caller). Inside `withPaymentLock` of its payment.
     */
    async recordFromPayPal(
      tx: Queryable, input: { paymentId: string; paypalRefundId: string; amountCents: number; ownRefundId: string | null; reason: string },
    ): Promise<{ outcome: 'recorded'; refund: RecordedRefund } | { outcome: 'already' | 'exceeds' }> {
      const [payment] = await tx.query<{ amountCents: number; refundedCents: number }>(
        'SELECT amount_cents AS "amountCents", refunded_cents AS "refundedCents" FROM payments WHERE id = $1', [input.paymentId],
      );
      if (!payment) return { outcome: 'exceeds' };
      const [known] = await tx.query('SELECT id FROM payment_refunds WHERE paypal_refund_id = $1', [input.paypalRefundId]);
      if (known) return { outcome: 'already' };
      if (payment.refundedCents + input.amountCents > payment.amountCents) return { outcome: 'exceeds' };
      let refundId: string | undefined;
      if (input.ownRefundId) {
        const [own] = await tx.query<{ id: string }>(
          `UPDATE payment_refunds SET status = 'COMPLETED', paypal_refund_id = $3, amount_cents = $4
           WHERE id = $1 AND payment_id = $2 AND status <> 'COMPLETED' RETURNING id`,
          [input.ownRefundId, input.paymentId, input.paypalRefundId, input.amountCents],
        );
        refundId = own?.id;
      }
      if (!refundId) {
        refundId = randomUUID();
        await tx.query(
          "INSERT INTO payment_refunds (id, payment_id, amount_cents, paypal_refund_id, status, reason) VALUES ($1, $2, $3, $4, 'COMPLETED', $5)",
          [refundId, input.paymentId, input.amountCents, input.paypalRefundId, input.reason],
        );
      }
      const refundedCents = await addRefunded(tx, input.paymentId, input.amountCents);
      return { outcome: 'recorded', refund: { id: refundId, paymentId: input.paymentId, amountCents: input.amountCents, refundedCents } };
    },

    /** What may still be refunded of a payment: captured less refunded less reservations still PENDING. */
    async refundableCents(paymentId: string): Promise<number> {
      const [row] = await db.query<{ cents: number }>(
        `SELECT (p.amount_cents - p.refunded_cents - coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r
           WHERE r.payment_id = p.id AND r.status = 'PENDING'), 0))::int AS cents FROM payments p WHERE p.id = $1`,
        [paymentId],
      );
      return Math.max(0, row?.cents ?? 0);
    },

    /** PayPal refused it: the reservation is released. */
    async fail(id: string, reason: string): Promise<void> {
      await db.query("UPDATE payment_refunds SET status = 'FAILED', reason = coalesce(reason, '') || $2 WHERE id = $1 AND status = 'PENDING'", [id, ` [PayPal: ${reason}]`]);
    },
  };
}

export type PaymentRefundsRepository = ReturnType<typeof paymentRefundsRepository>;
