import type { Db } from '../db/db';

/** A range of whole UTC days, `from` and `to` included (YYYY-MM-DD). */
export interface StatsRange {
  from: string;
  to: string;
}

export interface Stats {
  revenueByMonth: { month: string; cents: number; payments: number }[];
  paymentsByStatus: { status: string; count: number; cents: number }[];
  enrollmentsByProgram: { programId: string | null; title: string; enrollments: number }[];
  newStudentsByWeek: { week: string; students: number }[];
}

// $1 = from (date), $2 = to (date); a row counts when its time falls in [from 00:00 UTC, to + 1 day 00:00 UTC).
// Dates become UTC timestamps explicitly, so the session's time zone never shifts a day or a month.
const IN_RANGE = (column: string) =>
  `${column} >= $1::date::timestamp AT TIME ZONE 'UTC' AND ${column} < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/**
 * Revenue by month of completion: money kept of settled payments (amount less refunded), so a refund lowers the month
 * the payment was made in, and paid employer invoices by the month they were paid (decision 052: an invoice's money is
 * counted once, by the invoice; the credits it put on its students' balances are not money). Every month of the
 * range is listed, empty ones with 0.
 */
const REVENUE = `
  WITH money AS (
    SELECT completed_at AS at, amount_cents - refunded_cents AS cents FROM payments
      WHERE status IN ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED') AND ${IN_RANGE('completed_at')}
    UNION ALL SELECT paid_at, total_cents FROM invoices WHERE status = 'paid' AND ${IN_RANGE('paid_at')})
  SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(sum(p.cents), 0)::int AS cents, count(p.at)::int AS payments
  FROM generate_series(date_trunc('month', $1::date::timestamp), date_trunc('month', $2::date::timestamp), interval '1 month') AS m(month)
  LEFT JOIN money p ON date_trunc('month', p.at AT TIME ZONE 'UTC') = m.month
  GROUP BY m.month ORDER BY m.month`;

/** Every order started in the range, by its status now, with the money it was for. */
const BY_STATUS = `
  SELECT status, count(*)::int AS count, sum(amount_cents)::int AS cents FROM payments
  WHERE ${IN_RANGE('created_at')} GROUP BY status ORDER BY count(*) DESC, status`;

/**
 * Students enrolled per program: a student counts once per program when a payment of theirs for it completed in the
 * range and was not refunded in full, or an employer invoice with their seat was paid in it. A deleted program keeps
 * the title it had when paid.
 */
const ENROLLMENTS = `
  WITH paid AS (
    SELECT program_id, program_title, user_id FROM payments
      WHERE status IN ('COMPLETED', 'PARTIALLY_REFUNDED') AND user_id IS NOT NULL AND ${IN_RANGE('completed_at')}
    UNION ALL SELECT l.program_id, l.program_title, l.user_id FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
      WHERE i.status = 'paid' AND l.user_id IS NOT NULL AND ${IN_RANGE('i.paid_at')})
  SELECT p.program_id AS "programId", coalesce(pr.title, max(p.program_title), 'Unknown program') AS title,
    count(DISTINCT p.user_id)::int AS enrollments
  FROM paid p LEFT JOIN programs pr ON pr.id = p.program_id
  GROUP BY p.program_id, pr.title ORDER BY enrollments DESC, title`;

/** Student accounts (role user) created per ISO week (from Monday), every week of the range listed. */
const NEW_STUDENTS = `
  SELECT to_char(w.week, 'YYYY-MM-DD') AS week, count(u.id)::int AS students
  FROM generate_series(date_trunc('week', $1::date::timestamp), date_trunc('week', $2::date::timestamp), interval '1 week') AS w(week)
  LEFT JOIN users u ON u.role = 'user' AND date_trunc('week', u.created_at AT TIME ZONE 'UTC') = w.week
    AND ${IN_RANGE('u.created_at')}
  GROUP BY w.week ORDER BY w.week`;

/** The admin dashboard's figures, each one SQL aggregate over the range. */
export function statsRepository(db: Db) {
  return {
    async compute({ from, to }: StatsRange): Promise<Stats> {
      const params = [from, to];
      const [revenueByMonth, paymentsByStatus, enrollmentsByProgram, newStudentsByWeek] = await Promise.all([
        db.query<Stats['revenueByMonth'][number]>(REVENUE, params),
        db.query<Stats['paymentsByStatus'][number]>(BY_STATUS, params),
        db.query<Stats['enrollmentsByProgram'][number]>(ENROLLMENTS, params),
        db.query<Stats['newStudentsByWeek'][number]>(NEW_STUDENTS, params),
      ]);
      return { revenueByMonth, paymentsByStatus, enrollmentsByProgram, newStudentsByWeek };
    },
  };
}
