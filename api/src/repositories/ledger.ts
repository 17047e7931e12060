import type { Db, Queryable } from '../db/db';
import type { OfflineMethod, PaymentStatus } from './payments';

/** A credit on one student's balance (decision 043). The kind is open: 'scholarship', 'adjustment', 'coupon', ... */
export interface AdjustmentRecord {
  id: string;
  userId: string | null;
  programId: string | null;
  programTitle: string;
  kind: string;
  amountCents: number;
  reason: string;
  paymentId: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  voidedAt: Date | null;
  voidedBy: string | null;
  voidReason: string | null;
}

export interface NewAdjustment {
  id: string;
  userId: string;
  programId: string;
  programTitle: string;
  kind: string;
  amountCents: number;
  reason: string;
  createdBy: string | null;
  paymentId?: string | null;
}

export interface NewOfflinePayment {
  id: string;
  userId: string;
  programId: string;
  programTitle: string;
  priceCents: number;
  amountCents: number;
  method: OfflineMethod;
  reference: string | null;
  paidOn: string;
  note: string | null;
  recordedBy: string;
  excessCreditCents: number;
  sessionId: string | null;
  enrollmentId: string | null;
}

const ADJUSTMENT_COLUMNS = `a.id, a.user_id AS "userId", a.program_id AS "programId", a.program_title AS "programTitle", a.kind,
  a.amount_cents AS "amountCents", a.reason, a.payment_id AS "paymentId", a.created_by AS "createdBy", cu.username AS "createdByName",
  a.created_at AS "createdAt", a.voided_at AS "voidedAt", a.voided_by AS "voidedBy", a.void_reason AS "voidReason"`;
const ADJUSTMENTS = `SELECT ${ADJUSTMENT_COLUMNS} FROM balance_adjustments a LEFT JOIN users cu ON cu.id = a.created_by`;

/** Where a void stands: done now, or why not. */
export type VoidOutcome<T> = { ok: true; row: T } | { ok: false; refusal: 'missing' | 'already-voided' | 'not-offline' | 'not-completed'; voidedAt?: Date };

/**
 * The ledger's writes (decision 043). Every write runs in the caller's transaction, under the balance's lock
 * (paymentsRepository.withBalanceLock), so a credit, an offline payment, a void and a PayPal capture of one balance
 * never interleave. Rows are never deleted: a void keeps the row and says who voided it, when and why.
 */
export function ledgerRepository(db: Db) {
  return {
    /** Inserts an adjustment; a retry with the same id finds the first one (false: it existed). */
    async addAdjustment(q: Queryable, row: NewAdjustment): Promise<boolean> {
      const inserted = await q.query(
        `INSERT INTO balance_adjustments (id, user_id, program_id, program_title, kind, amount_cents, reason, payment_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [row.id, row.userId, row.programId, row.programTitle, row.kind, row.amountCents, row.reason, row.paymentId ?? null, row.createdBy],
      );
      return inserted.length > 0;
    },

    async adjustment(id: string, q: Queryable = db): Promise<AdjustmentRecord | null> {
      return (await q.query<AdjustmentRecord>(`${ADJUSTMENTS} WHERE a.id = $1`, [id]))[0] ?? null;
    },

    /** One student's adjustments, newest first (voided ones included: they are part of the record). */
    adjustmentsOf(userId: string, programId: string | null = null): Promise<AdjustmentRecord[]> {
      return db.query<AdjustmentRecord>(
        `${ADJUSTMENTS} WHERE a.user_id = $1 AND ($2::uuid IS NULL OR a.program_id = $2::uuid) ORDER BY a.created_at DESC, a.id`,
        [userId, programId]);
    },

    /** Voids a live adjustment; the row lock makes a second void of the same row wait and then find it voided. */
    async voidAdjustment(q: Queryable, id: string, by: string, reason: string): Promise<VoidOutcome<AdjustmentRecord>> {
      const done = await q.query<{ id: string }>(
        `UPDATE balance_adjustments SET voided_at = now(), voided_by = $2, void_reason = $3 WHERE id = $1 AND voided_at IS NULL RETURNING id`,
        [id, by, reason]);
      const row = await this.adjustment(id, q);
      if (!row) return { ok: false, refusal: 'missing' };
      if (done.length === 0) return { ok: false, refusal: 'already-voided', voidedAt: row.voidedAt ?? undefined };
      return { ok: true, row };
    },

    /**
     * Inserts an offline payment, COMPLETED at once: the receipt trigger (migration 007) numbers it from the same
     * counter as PayPal's; the caller queues its email (paymentCompleted). A retry with the same id finds the first
     * row (false).
     */
    async addOfflinePayment(q: Queryable, row: NewOfflinePayment): Promise<boolean> {
      const inserted = await q.query(
        `INSERT INTO payments (id, user_id, program_id, program_title, price_cents, amount_cents, currency, flow, paypal_order_id, status,
           offline_method, offline_reference, paid_on, note, recorded_by, excess_credit_cents, session_id, enrollment_id, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'USD', 'offline', NULL, 'COMPLETED', $7, $8, $9, $10, $11, $12, $13, $14, now())
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [row.id, row.userId, row.programId, row.programTitle, row.priceCents, row.amountCents, row.method, row.reference, row.paidOn,
          row.note, row.recordedBy, row.excessCreditCents, row.sessionId, row.enrollmentId],
      );
      return inserted.length > 0;
    },

    /** Voids an offline payment that is still COMPLETED; the row lock serializes two voids of it. */
    async voidPayment(q: Queryable, id: string, by: string, reason: string): Promise<VoidOutcome<{ id: string }>> {
      const done = await q.query<{ id: string }>(
        `UPDATE payments SET status = 'VOIDED', voided_at = now(), voided_by = $2, void_reason = $3, updated_at = now()
         WHERE id = $1 AND flow = 'offline' AND status = 'COMPLETED' RETURNING id`,
        [id, by, reason]);
      if (done.length > 0) return { ok: true, row: done[0]! };
      const [row] = await q.query<{ flow: string; status: PaymentStatus; voidedAt: Date | null }>(
        'SELECT flow, status, voided_at AS "voidedAt" FROM payments WHERE id = $1', [id]);
      if (!row) return { ok: false, refusal: 'missing' };
      if (row.status === 'VOIDED') return { ok: false, refusal: 'already-voided', voidedAt: row.voidedAt ?? undefined };
      return { ok: false, refusal: row.flow === 'offline' ? 'not-completed' : 'not-offline' };
    },

    /** The user and program of a payment or an adjustment, to take the balance's lock before changing it. */
    async balanceKeyOf(table: 'payments' | 'balance_adjustments', id: string): Promise<{ userId: string | null; programId: string | null } | null> {
      const rows = await db.query<{ userId: string | null; programId: string | null }>(
        `SELECT user_id AS "userId", program_id AS "programId" FROM ${table} WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },
  };
}

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
