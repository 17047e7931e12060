import type { Db, Queryable } from '../db/db';
import { balanceOf, type Balance } from '@institute/shared/rules';

/**
 * What a student owes for a program, defined once (decisions 043, 044): price - the coupon's discount (a confirmed
 * use, or a live hold) - live adjustments (scholarships, adjustments) - counted payments (PayPal and offline; voided,
 * open or failed ones count nothing). Every
 * path that shows or checks a balance reads it from here: the check and payment calls, captures, My learning, the
 * enrollment records, the admin's lists, receipts and the receivables view.
 */

/**
 * The cents of a payment that count toward its balance: settled money less what is owed back (refund_due) or
 * already refunded. A refund first uses up the part that was owed back anyway, so the two are not added.
 */
export const countedCents = (p: string) => `CASE WHEN ${p}status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')
  THEN ${p}amount_cents - greatest(${p}refund_due_cents, ${p}refunded_cents) ELSE 0 END`;

/** Counted cents of every payment of (user, program), both given as SQL expressions. */
export const paidSql = (user: string, program: string) =>
  `coalesce((SELECT sum(${countedCents('bp.')}) FROM payments bp WHERE bp.user_id = ${user} AND bp.program_id = ${program}), 0)`;

/** The coupon discount counted in (user, program): a confirmed use, or a hold not yet expired (decision 044). */
export const discountSql = (user: string, program: string) =>
  `coalesce((SELECT sum(cr.discount_cents) FROM coupon_redemptions cr WHERE cr.user_id = ${user} AND cr.program_id = ${program}
    AND (cr.status = 'confirmed' OR (cr.status = 'held' AND cr.hold_expires_at > now()))), 0)`;

/** Live (not voided) credits of (user, program). */
export const creditSql = (user: string, program: string) =>
  `coalesce((SELECT sum(ba.amount_cents) FROM balance_adjustments ba
    WHERE ba.user_id = ${user} AND ba.program_id = ${program} AND ba.voided_at IS NULL), 0)`;

/** Credits of (user, program) live at a moment: what a receipt of that moment reckoned with (its coupon: DISCOUNT_AFTER). */
export const creditUntilSql = (user: string, program: string, at: string) =>
  `coalesce((SELECT sum(ba.amount_cents) FROM balance_adjustments ba
    WHERE ba.user_id = ${user} AND ba.program_id = ${program} AND ba.created_at <= ${at}
      AND (ba.voided_at IS NULL OR ba.voided_at > ${at})), 0)`;

/** What is still due: never below 0. */
export const dueSql = (price: string, user: string, program: string) =>
  `greatest(${price} - least(${discountSql(user, program)}, ${price}) - ${creditSql(user, program)} - ${paidSql(user, program)}, 0)`;

export interface BalanceOptions {
  /** Price when the program is gone (the price the payment was made at). */
  fallbackPriceCents?: number | null;
  /** A payment left out of the paid sum (the one being captured). */
  exceptPaymentId?: string | null;
}

export interface ProgramBalanceRow {
  programId: string;
  kind: 'course' | 'quick_program';
  title: string;
  priceCents: number;
  paidCents: number;
  discountCents: number;
  creditCents: number;
  lastAt: Date;
}

export function balancesRepository(db: Db) {
  return {
    /**
     * The programs a student has a balance in (My learning): paid into (settled money, refunded included), given
     * a credit, or seated in a session of (an enrollment with nothing paid yet), newest activity first. Programs
     * since deleted cannot be paid into any more and are left out.
     */
    async programsOf(userId: string): Promise<ProgramBalanceRow[]> {
      return db.query<ProgramBalanceRow>(
        `WITH touched AS (
           SELECT program_id, max(created_at) AS at FROM payments
             WHERE user_id = $1 AND status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') GROUP BY program_id
           UNION ALL SELECT program_id, max(created_at) FROM balance_adjustments
             WHERE user_id = $1 AND voided_at IS NULL GROUP BY program_id
           UNION ALL SELECT program_id, max(created_at) FROM coupon_redemptions
             WHERE user_id = $1 AND status = 'confirmed' GROUP BY program_id
           UNION ALL SELECT s.program_id, max(e.created_at) FROM enrollments e JOIN class_sessions s ON s.id = e.session_id
             WHERE e.user_id = $1 AND e.status IN ('enrolled', 'paid_in_full', 'completed') GROUP BY s.program_id)
         SELECT pr.id AS "programId", pr.kind, pr.title, pr.price_cents AS "priceCents",
           ${paidSql('$1', 'pr.id')}::int AS "paidCents", least(${discountSql('$1', 'pr.id')}, pr.price_cents)::int AS "discountCents",
           ${creditSql('$1', 'pr.id')}::int AS "creditCents", t.at AS "lastAt"
         FROM (SELECT program_id, max(at) AS at FROM touched GROUP BY program_id) AS t JOIN programs pr ON pr.id = t.program_id
         ORDER BY t.at DESC, pr.id`,
        [userId],
      );
    },

    /** The balance of one student for one program, read in the caller's transaction when given one. */
    async of(userId: string, programId: string, options: BalanceOptions = {}, q: Queryable = db): Promise<Balance> {
      const [row] = await q.query<{ priceCents: number | null; paidCents: number; discountCents: number; creditCents: number }>(
        `SELECT (SELECT price_cents FROM programs WHERE id = $2) AS "priceCents",
           coalesce((SELECT sum(${countedCents('bp.')}) FROM payments bp
             WHERE bp.user_id = $1 AND bp.program_id = $2 AND ($3::uuid IS NULL OR bp.id <> $3::uuid)), 0)::int AS "paidCents",
           ${discountSql('$1', '$2')}::int AS "discountCents", ${creditSql('$1', '$2')}::int AS "creditCents"`,
        [userId, programId, options.exceptPaymentId ?? null],
      );
      const price = row!.priceCents ?? options.fallbackPriceCents ?? 0;
      return balanceOf(price, row!.paidCents, Math.min(row!.discountCents, price), row!.creditCents);
    },
  };
}

export type BalancesRepository = ReturnType<typeof balancesRepository>;
