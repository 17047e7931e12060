import type { Db } from '../db/db';
import { creditSql, discountSql, paidSql } from './balances';
import { SEATED } from './class-sessions';

/**
 * What is due and when, per balance (decision 051). A balance is per student and program (decision 043); its
 * enrollment is the student's seated place in a session of the program, when there is one.
 *
 * - On a payment plan, the items are the schedule's instalments (seq 0 the deposit). What was paid or credited is
 *   allocated to the earliest first. If what the student is to pay grew after the plan was chosen (a price raised, a
 *   credit voided), the difference is added to the last instalment; covered = the schedule's total (so grown) - what
 *   is due now, which counts payments and credits granted since. The items' open amounts always add up to the due.
 * - Without a plan, the whole balance is one item due at its session's start, or at the enrollment date (the
 *   enrollment's, else the balance's first payment or credit) without a session.
 *
 * Amounts are cents; due dates are UTC days 'YYYY-MM-DD'. Items of a program since deleted are left out.
 */
export interface DueItem {
  userId: string;
  programId: string;
  programTitle: string;
  enrollmentId: string | null;
  sessionId: string | null;
  /** The plan's schedule, null without a plan. */
  scheduleId: string | null;
  planName: string | null;
  /** 0: the deposit (on a plan) or the whole balance (without one); 1..N: instalments. */
  seq: number;
  /** The last of the schedule (or the only item). */
  last: boolean;
  dueOn: string;
  amountCents: number;
  /** Paid or credited toward this item. */
  paidCents: number;
  /** amountCents - paidCents. */
  openCents: number;
  /** Stable name of the item for reminders: `plan:<schedule>:<seq>` or `balance:<user>:<program>:<due on>`. */
  itemKey: string;
}

/**
 * Every balance (user, program) something has touched: counted money, live credits, a confirmed coupon, a seat; with
 * `chosen`, also a plan chosen before anything was paid (the student's own views show it; nothing is owed yet).
 */
const balances = (chosen: boolean) => `
  SELECT user_id, program_id, min(at) AS first_at FROM (
    SELECT user_id, program_id, created_at AS at FROM payments WHERE status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED')
    UNION ALL SELECT user_id, program_id, created_at FROM balance_adjustments WHERE voided_at IS NULL
    UNION ALL SELECT user_id, program_id, created_at FROM coupon_redemptions WHERE status = 'confirmed'
    UNION ALL SELECT e.user_id, s.program_id, e.created_at FROM enrollments e JOIN class_sessions s ON s.id = e.session_id
      WHERE e.status IN ${SEATED}
    ${chosen ? 'UNION ALL SELECT user_id, program_id, chosen_at FROM plan_schedules' : ''}) AS touched
  WHERE user_id IS NOT NULL AND program_id IS NOT NULL GROUP BY user_id, program_id`;

/**
 * The due items as one SQL subquery with the columns of `DueItem` (snake_case: user_id, program_id, program_title,
 * enrollment_id, session_id, schedule_id, plan_name, seq, last, due_on (date), amount_cents, paid_cents,
 * open_cents, item_key). `where` filters the balances (aliases b.user_id, b.program_id), e.g. `b.user_id = $1`.
 * Other views (receivables, reminders) aggregate, page and sort on it in SQL.
 */
export function dueItemsSql(where = 'true', options: { chosen?: boolean } = {}): string {
  return `(
  WITH bal AS (
    SELECT b.user_id, b.program_id, b.first_at, pr.title AS program_title,
      greatest(pr.price_cents - least(${discountSql('b.user_id', 'b.program_id')}, pr.price_cents) - ${creditSql('b.user_id', 'b.program_id')}, 0) AS net,
      ${paidSql('b.user_id', 'b.program_id')} AS paid
    FROM (${balances(options.chosen ?? false)}) AS b JOIN programs pr ON pr.id = b.program_id
    WHERE ${where}),
  bal2 AS (
    SELECT bal.*, greatest(bal.net - bal.paid, 0) AS due, en.id AS enrollment_id, en.session_id, en.starts_on, en.created_at AS enrolled_at
    FROM bal LEFT JOIN LATERAL (
      SELECT e.id, e.session_id, s.starts_on, e.created_at FROM enrollments e JOIN class_sessions s ON s.id = e.session_id
      WHERE e.user_id = bal.user_id AND s.program_id = bal.program_id AND e.status IN ${SEATED}
      ORDER BY e.created_at, e.id LIMIT 1) en ON true),
  planned AS (
    SELECT b.user_id, b.program_id, b.program_title, b.enrollment_id, coalesce(b.session_id, ps.session_id) AS session_id,
      ps.id AS schedule_id, ps.plan_name, pi.seq, pi.due_on,
      pi.seq = max(pi.seq) OVER w AS last,
      pi.amount_cents + CASE WHEN pi.seq = max(pi.seq) OVER w THEN greatest(b.net - ps.total_cents, 0) ELSE 0 END AS amount_cents,
      coalesce(sum(pi.amount_cents) OVER (w ORDER BY pi.seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before_cents,
      ps.total_cents + greatest(b.net - ps.total_cents, 0) - b.due AS covered
    FROM bal2 b JOIN plan_schedules ps ON ps.user_id = b.user_id AND ps.program_id = b.program_id
    JOIN plan_instalments pi ON pi.schedule_id = ps.id
    WINDOW w AS (PARTITION BY ps.id)),
  items AS (
    SELECT user_id, program_id, program_title, enrollment_id, session_id, schedule_id, plan_name, seq, last, due_on, amount_cents,
      least(amount_cents, greatest(covered - before_cents, 0)) AS paid_cents,
      'plan:' || schedule_id || ':' || seq AS item_key
    FROM planned
    UNION ALL
    SELECT b.user_id, b.program_id, b.program_title, b.enrollment_id, b.session_id, NULL, NULL, 0, true,
      coalesce(b.starts_on, b.enrolled_at::date, b.first_at::date) AS due_on, b.net, b.net - b.due,
      'balance:' || b.user_id || ':' || b.program_id || ':' || coalesce(b.starts_on, b.enrolled_at::date, b.first_at::date)
    FROM bal2 b
    WHERE b.net > 0 AND NOT EXISTS (SELECT 1 FROM plan_schedules ps WHERE ps.user_id = b.user_id AND ps.program_id = b.program_id))
  SELECT items.*, amount_cents - paid_cents AS open_cents FROM items)`;
}

const COLUMNS = `user_id AS "userId", program_id AS "programId", program_title AS "programTitle", enrollment_id AS "enrollmentId",
  session_id AS "sessionId", schedule_id AS "scheduleId", plan_name AS "planName", seq, last, to_char(due_on, 'YYYY-MM-DD') AS "dueOn",
  amount_cents::int AS "amountCents", paid_cents::int AS "paidCents", open_cents::int AS "openCents", item_key AS "itemKey"`;

export function dueItemsRepository(db: Db) {
  return {
    /** A student's items over every balance (a plan chosen before paying included), by due date. */
    ofUser: (userId: string) =>
      db.query<DueItem>(`SELECT ${COLUMNS} FROM ${dueItemsSql('b.user_id = $1', { chosen: true })} AS d ORDER BY due_on, program_id, seq`, [userId]),

    /** One balance's items in order (a plan chosen before paying included). */
    ofBalance: (userId: string, programId: string) =>
      db.query<DueItem>(`SELECT ${COLUMNS} FROM ${dueItemsSql('b.user_id = $1 AND b.program_id = $2', { chosen: true })} AS d ORDER BY seq`, [userId, programId]),

    /** Items with money open due on or before `day` (YYYY-MM-DD): the reminders' and overdue views' input. */
    openDueBy: (day: string, limit = 500) =>
      db.query<DueItem>(`SELECT ${COLUMNS} FROM ${dueItemsSql()} AS d WHERE open_cents > 0 AND due_on <= $1::date
        ORDER BY due_on, user_id, program_id, seq LIMIT $2`, [day, limit]),
  };
}

export type DueItemsRepository = ReturnType<typeof dueItemsRepository>;
