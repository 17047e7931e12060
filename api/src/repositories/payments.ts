import type { Db, Queryable } from '../db/db';
import { countedCents, creditUntilSql } from './balances';

export { countedCents };

export type PaymentStatus = 'CREATED' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'REJECTED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'VOIDED';

/** Money PayPal took and holds, in part or in full (refunds move COMPLETED to these). */
export const SETTLED_STATUSES: readonly PaymentStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
/** offline: money taken outside PayPal, recorded by the admin (decision 043). */
export type PaymentFlow = 'buttons' | 'redirect' | 'client' | 'offline';
export type OfflineMethod = 'cash' | 'check' | 'bank_transfer' | 'sponsor' | 'financing';

export interface PaymentRecord {
  id: string;
  userId: string | null;
  programId: string | null;
  programTitle: string | null;
  priceCents: number | null;
  amountCents: number;
  currency: string;
  flow: PaymentFlow;
  /** Null for an offline payment. */
  paypalOrderId: string | null;
  paypalCaptureId: string | null;
  payerId: string | null;
  status: PaymentStatus;
  statusReason: string | null;
  captureClaimedAt: Date | null;
  /** A capture was sent and nobody knows how it ended: PayPal must be asked (decision 011). */
  captureUnknownAt: Date | null;
  captureAttemptedAt: Date | null;
  /** The part of a COMPLETED payment above what was due: owed back, not counted toward the balance. */
  refundDueCents: number;
  /** Refunded through PayPal so far (decision 020). */
  refundedCents: number;
  /** Set in the transaction that completes the payment (migration 007), e.g. 2026-000123. */
  receiptNumber: string | null;
  /** The class session this payment is for, and the enrollment it pays (issue 29); null before sessions. */
  sessionId: string | null;
  enrollmentId: string | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Offline payments (decision 043): how, which reference, the day the money was taken, and who recorded it. */
  offlineMethod: OfflineMethod | null;
  offlineReference: string | null;
  paidOn: string | null;
  note: string | null;
  recordedBy: string | null;
  /** The part above the balance the admin kept as a credit. */
  excessCreditCents: number;
  voidedAt: Date | null;
  voidedBy: string | null;
  voidReason: string | null;
}

/** A row with who paid and the program as it is now (null when the account or program is gone). */
export interface PaymentListRecord extends PaymentRecord {
  username: string | null;
  email: string | null;
  /** The student's legal name when given (issue 31): the receipt carries it. */
  legalName?: string | null;
  currentTitle: string | null;
  currentPriceCents: number | null;
  /**
   * Completed money of this student for this program up to and including this row (created order): the balance
   * the check call would have answered right after it. Sums the same cents as `paidCents`.
   */
  paidAfterCents: number;
  /** The coupon taken off this balance by the time of this payment (issue 30): the due after it is price - this - paid. */
  discountAfterCents: number;
  /** The agreement version on the enrollment this payment paid (issue 29), for the receipt. */
  agreementVersion: number | null;
  agreementAcceptedAt: Date | null;
  /** Credits of this balance when this payment was made (decision 043). */
  creditAfterCents: number;
}

/** The PayPal order of a row on a PayPal path: every flow but offline has one (migration 017's check). */
export function orderIdOf(row: Pick<PaymentRecord, 'id' | 'paypalOrderId'>): string {
  if (row.paypalOrderId === null) throw new Error(`payment ${row.id} was taken outside PayPal and has no order`);
  return row.paypalOrderId;
}

export type NewPayment = Pick<PaymentRecord, 'id' | 'userId' | 'programId' | 'programTitle' | 'priceCents' | 'amountCents' |
  'currency' | 'flow' | 'paypalOrderId' | 'status'> & Partial<Pick<PaymentRecord, 'paypalCaptureId' | 'payerId' | 'statusReason' | 'sessionId' | 'enrollmentId'>>;

/**
 * A claim is "in flight" while a request may still be capturing: claimed less than `claimWindowMs` ago and no
 * unknown outcome noted. Claims never expire into "not captured": past the window, PayPal is asked (decision 011).
 */
const CLAIM_FRESH = `capture_claimed_at IS NOT NULL AND capture_unknown_at IS NULL
  AND capture_claimed_at > now() - $CLAIM_MS::int * interval '1 millisecond'`;
const claimFresh = (param: number) => CLAIM_FRESH.replace('$CLAIM_MS', `$${param}`);


export const COLUMNS = `p.id, p.user_id AS "userId", p.program_id AS "programId", p.program_title AS "programTitle",
  p.price_cents AS "priceCents", p.amount_cents AS "amountCents", p.currency, p.flow, p.paypal_order_id AS "paypalOrderId",
  p.paypal_capture_id AS "paypalCaptureId", p.payer_id AS "payerId", p.status, p.status_reason AS "statusReason",
  p.capture_claimed_at AS "captureClaimedAt", p.capture_unknown_at AS "captureUnknownAt",
  p.capture_attempted_at AS "captureAttemptedAt", p.refund_due_cents AS "refundDueCents",
  p.refunded_cents AS "refundedCents", p.receipt_number AS "receiptNumber", p.session_id AS "sessionId",
  p.enrollment_id AS "enrollmentId", p.created_at AS "createdAt", p.completed_at AS "completedAt",
  p.offline_method AS "offlineMethod", p.offline_reference AS "offlineReference", to_char(p.paid_on, 'YYYY-MM-DD') AS "paidOn",
  p.note, p.recorded_by AS "recordedBy", p.excess_credit_cents AS "excessCreditCents", p.voided_at AS "voidedAt",
  p.voided_by AS "voidedBy", p.void_reason AS "voidReason"`;

/** Credits of the row's balance when it was made (the receipt's "balance left" reckons with them). */
export const CREDIT_AFTER = (p: string) => `${creditUntilSql(`${p}user_id`, `${p}program_id`, `coalesce(${p}completed_at, ${p}created_at)`)}::int`;

/** A confirmed coupon redemption of p's balance made with p or before it (decision 044). */
export const DISCOUNT_AFTER = `(SELECT coalesce(sum(r.discount_cents), 0) FROM coupon_redemptions r
  WHERE r.user_id = p.user_id AND r.program_id = p.program_id AND r.status = 'confirmed'
    AND (r.payment_id = p.id OR r.confirmed_at <= coalesce(p.completed_at, p.created_at)))::int`;

// The running sum is taken over the whole table before any WHERE, so one row read alone still knows the payments
// of its balance that came before it.
export const LIST = `SELECT * FROM (
  SELECT ${COLUMNS}, u.username, u.email, u.legal_name AS "legalName", pr.title AS "currentTitle", pr.price_cents AS "currentPriceCents",
    (sum(${countedCents('p.')})
      OVER (PARTITION BY p.user_id, p.program_id ORDER BY p.created_at, p.id))::int AS "paidAfterCents",
    ${DISCOUNT_AFTER} AS "discountAfterCents",
    en.agreement_version AS "agreementVersion", en.agreement_accepted_at AS "agreementAcceptedAt",
    ${CREDIT_AFTER('p.')} AS "creditAfterCents"
  FROM payments p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN programs pr ON pr.id = p.program_id
  LEFT JOIN enrollments en ON en.id = p.enrollment_id) AS listed`;

export interface ReconcileOptions {
  claimWindowMs: number;
  /** Unclaimed CREATED rows older than this are looked at. */
  staleAfterMs: number;
  /** CANCELLED rows whose capture was attempted are re-read this long after their last change. */
  cancelledWatchMs: number;
  /** How long a taken row is left alone by other instances. */
  leaseMs: number;
  limit: number;
}

/** `claimWindowMs` below: how long one capture request can take (two PayPal calls with their timeouts). */
export function paymentsRepository(db: Db) {
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
      return rows.length > 0 ? this.byOrderId(orderIdOf(row), q) : null;
    },

    async byId(id: string, q: Queryable = db): Promise<PaymentRecord | null> {
      const rows = await q.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.id = $1`, [id]);
      return rows[0] ?? null;
    },

    async byOrderId(orderId: string, q: Queryable = db): Promise<PaymentRecord | null> {
      const rows = await q.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.paypal_order_id = $1`, [orderId]);
      return rows[0] ?? null;
    },

    /** The payment of a PayPal capture (refund events name the capture, not always the order). */
    async byCaptureId(captureId: string, q: Queryable = db): Promise<PaymentRecord | null> {
      const rows = await q.query<PaymentRecord>(`SELECT ${COLUMNS} FROM payments p WHERE p.paypal_capture_id = $1 ORDER BY p.created_at LIMIT 1`, [captureId]);
      return rows[0] ?? null;
    },

    async listed(id: string): Promise<PaymentListRecord | null> {
      const rows = await db.query<PaymentListRecord>(`${LIST} WHERE listed.id = $1`, [id]);
      return rows[0] ?? null;
    },

    list(): Promise<PaymentListRecord[]> {
      return db.query<PaymentListRecord>(`${LIST} ORDER BY listed."createdAt" DESC, listed.id`);
    },

    listByUser(userId: string): Promise<PaymentListRecord[]> {
      return db.query<PaymentListRecord>(`${LIST} WHERE listed."userId" = $1 ORDER BY listed."createdAt" DESC, listed.id`, [userId]);
    },

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

    /** Course or quick program, by id (the page links each to its own checkout). */
    async programKinds(ids: string[]): Promise<Map<string, 'course' | 'quick_program'>> {
      if (ids.length === 0) return new Map();
      const rows = await db.query<{ id: string; kind: 'course' | 'quick_program' }>('SELECT id, kind FROM programs WHERE id = ANY($1::uuid[])', [ids]);
      return new Map(rows.map((row) => [row.id, row.kind]));
    },

    /** The program as it is now, read inside the caller's transaction. */
    async program(programId: string, q: Queryable = db): Promise<{ title: string; priceCents: number } | null> {
      const rows = await q.query<{ title: string; priceCents: number }>(
        'SELECT title, price_cents AS "priceCents" FROM programs WHERE id = $1',
        [programId],
      );
      return rows[0] ?? null;
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

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
