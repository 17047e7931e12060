import { Type } from '@sinclair/typebox';
import { IdParams, RosterEntry } from '@institute/shared/schemas';
import { notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { RoutePlugin } from '../../lib/type-provider';
import { rosterCsv, toRosterEntry } from '../enrollments/mapper';
import { bearer, errors } from '../schemas';
import { SESSION_TEXT } from './mapper';

/** The class list of a session (admin): who holds or has a seat, paid, due, agreement, history; also as CSV. */
const rosterRoutes: RoutePlugin = async (app) => {
  const { classSessions, enrollments } = app.repos;
  const session = async (id: string) => {
    const row = isId(id) ? await classSessions.get(id) : null;
    if (!row) throw notFound(SESSION_TEXT.notFound);
    return row;
  };

  app.get('/api/sessions/:id/roster', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Class sessions'], summary: 'The class list: every enrollment of the session with its money and history (admin)',
      security: bearer, params: IdParams, response: { 200: Type.Array(RosterEntry), ...errors(401, 403, 404) },
    },
  }, async (request) => (await enrollments.bySession((await session(request.params.id)).id)).map(toRosterEntry));

  app.get('/api/sessions/:id/roster.csv', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Class sessions'], summary: 'The class list as CSV (admin)', security: bearer, params: IdParams,
      produces: ['text/csv'], response: { 200: Type.String(), ...errors(401, 403, 404) },
    },
  }, async (request, reply) => {
    const found = await session(request.params.id);
    const rows = await enrollments.bySession(found.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="class-list-${found.startsOn}-${found.id}.csv"`)
      .send(rosterCsv(rows));
  });
};

export default rosterRoutes;
