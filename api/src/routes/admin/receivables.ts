import { Readable } from 'node:stream';
import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { Receivable, ReceivablesPage, RECEIVABLES_SORTS } from '@institute/shared/schemas';
import { centsToDollars } from '../../lib/money';
import type { RoutePlugin } from '../../lib/type-provider';
import type { AgedCents, ReceivableRow, ReceivablesQuery, ReceivablesSort, ReceivablesView } from '../../repositories/receivables';
import { csvCell } from '../enrollments/mapper';
import { bearer, errors } from '../schemas';
import { pageQuerySchema, readPageQuery } from './list-query';

const View = Type.Optional(Type.Union([Type.Literal('student'), Type.Literal('session')], { description: 'Rows per student (default) or per session' }));
const Query = pageQuerySchema(RECEIVABLES_SORTS, { view: View });
const CsvQuery = Type.Omit(Query, ['page', 'limit']);

/** Rows the CSV reads at a time: the file streams out while the next chunk is read, never held whole. */
const CSV_CHUNK = 500;

const aged = (row: AgedCents) => ({
  notYetDue: centsToDollars(row.notYetDueCents),
  dueNow: centsToDollars(row.dueNowCents),
  overdue1To30: centsToDollars(row.overdue1To30Cents),
  overdue31To60: centsToDollars(row.overdue31To60Cents),
  overdue61Plus: centsToDollars(row.overdue61PlusCents),
  total: centsToDollars(row.totalCents),
});

const toReceivable = (row: ReceivableRow): Static<typeof Receivable> => ({
  student: row.userId && row.username !== null && row.email !== null ? { id: row.userId, username: row.username, email: row.email } : null,
  program: { id: row.programId, title: row.programTitle },
  session: row.sessionId && row.startsOn ? { id: row.sessionId, startsOn: row.startsOn } : null,
  students: row.students,
  dueOn: row.dueOn,
  ...aged(row),
});

const dollars = (cents: number) => (cents / 100).toFixed(2);
const HEADER = {
  student: ['Student', 'Email', 'Course or program', 'Session starts', 'Due on'],
  session: ['Course or program', 'Session starts', 'Students owing', 'Due on'],
};
const MONEY_HEADER = ['Not yet due (USD)', 'Due now (USD)', 'Overdue 1-30 days (USD)', 'Overdue 31-60 days (USD)', 'Overdue 60+ days (USD)', 'Total (USD)'];
const money = (row: AgedCents) => [row.notYetDueCents, row.dueNowCents, row.overdue1To30Cents, row.overdue31To60Cents, row.overdue61PlusCents, row.totalCents].map(dollars);
const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
const csvRow = (view: ReceivablesView, row: ReceivableRow) => csvLine(view === 'student'
  ? [row.username, row.email, row.programTitle, row.startsOn, row.dueOn, ...money(row)]
  : [row.programTitle, row.startsOn ?? 'No session', row.students, row.dueOn, ...money(row)]);

/**
 * The receivables view (issue 30, decision 050): balances due aged by due date, per student or per session,
 * searched, sorted and paged in SQL with the totals of every matching row; the CSV of every matching row, streamed.
 */
const receivablesRoutes: RoutePlugin = async (app) => {
  const admin = app.requireRole('admin');
  const tags = ['Ledger'];
  const read = (query: { page?: string; limit?: string; sort?: string; q?: string; view?: ReceivablesView }) => {
    const params = readPageQuery<ReceivablesSort>(query, '-overdue');
    return { ...params, view: query.view ?? 'student' } satisfies ReceivablesQuery;
  };

  app.get('/api/admin/receivables', {
    onRequest: admin,
    schema: {
      tags, summary: 'Who owes what: balances due aged by due date, per student or per session, with totals (admin)', security: bearer,
      querystring: Query, response: { 200: ReceivablesPage, ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const query = read(request.query as Parameters<typeof read>[0]);
    const { items, total, totals } = await app.repos.receivables.page(query);
    return { items: items.map(toReceivable), total, page: query.page, limit: query.limit, totals: aged(totals) };
  });

  app.get('/api/admin/receivables.csv', {
    onRequest: admin,
    schema: {
      tags, summary: 'Every row of the receivables view the search matches, as CSV, streamed (admin)', security: bearer,
      querystring: CsvQuery, produces: ['text/csv'], response: { 200: Type.Unknown({ description: 'text/csv, streamed' }), ...errors(400, 401, 403) },
    },
  }, async (request, reply) => {
    const query = read(request.query as Parameters<typeof read>[0]);
    const { receivables } = app.repos;
    async function* lines() {
      // The BOM makes spreadsheet programs read the file as UTF-8 (names with accents).
      yield `\uFEFF${csvLine([...HEADER[query.view], ...MONEY_HEADER])}`;
      for (let offset = 0; ; offset += CSV_CHUNK) {
        const rows = await receivables.rows({ ...query, offset, limit: CSV_CHUNK });
        yield rows.map((row) => csvRow(query.view, row)).join('');
        if (rows.length < CSV_CHUNK) return;
      }
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="receivables-${query.view}-${day}.csv"`)
      .send(Readable.from(lines()));
  });
};

export default receivablesRoutes;
