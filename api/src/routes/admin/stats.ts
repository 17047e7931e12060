import { Type } from '@sinclair/typebox';
import { AdminStats } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest } from '../../lib/http-errors';
import { centsToDollars } from '../../lib/money';
import { bearer, errors } from '../schemas';

const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC), included' });
const StatsQuery = Type.Object({ from: Type.Optional(DAY), to: Type.Optional(DAY) }, { additionalProperties: false });


/** The longest range one request may ask for: five years of months (and 260 weeks) is still a readable chart. */
const MAX_DAYS = 5 * 366;
const DAY_MS = 86_400_000;

const isRealDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** Today and the first day of the month eleven months ago: the last twelve months, this one included. */
function defaultRange(now: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: from.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** The admin dashboard's figures (`GET /api/admin/stats?from&to`), computed with SQL aggregates, not in the browser. */
const statsRoutes: RoutePlugin = async (app) => {
  app.get('/api/admin/stats', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Admin'], summary: 'Revenue per month, payments by status, enrollments per program, new students per week (admin)',
      security: bearer, querystring: StatsQuery, response: { 200: AdminStats, ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const fallback = defaultRange(new Date());
    const from = request.query.from ?? fallback.from;
    const to = request.query.to ?? fallback.to;
    if (!isRealDay(from) || !isRealDay(to)) throw badRequest('"from" and "to" must be real dates (YYYY-MM-DD).');
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (days < 0) throw badRequest('"from" must not be after "to".');
    if (days > MAX_DAYS) throw badRequest('The range may be at most five years.');

    const stats = await app.repos.stats.compute({ from, to });
    const revenueByMonth = stats.revenueByMonth.map((m) => ({ month: m.month, revenue: centsToDollars(m.cents), payments: m.payments }));
    return {
      from,
      to,
      totals: {
        revenue: centsToDollars(stats.revenueByMonth.reduce((sum, m) => sum + m.cents, 0)),
        payments: stats.paymentsByStatus.reduce((sum, s) => sum + s.count, 0),
        enrollments: stats.enrollmentsByProgram.reduce((sum, p) => sum + p.enrollments, 0),
        newStudents: stats.newStudentsByWeek.reduce((sum, w) => sum + w.students, 0),
      },
      revenueByMonth,
      paymentsByStatus: stats.paymentsByStatus.map((s) => ({ status: s.status, count: s.count, amount: centsToDollars(s.cents) })),
      enrollmentsByProgram: stats.enrollmentsByProgram,
      newStudentsByWeek: stats.newStudentsByWeek,
    };
  });
};

export default statsRoutes;
