import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../../lib/type-provider';
import { HttpError } from '../../lib/http-errors';
import { errors } from '../schemas';

const healthRoutes: RoutePlugin = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['Health'], summary: 'Liveness with a database round trip',
      response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errors(503) },
    },
  }, async (request) => {
    try {
      await app.db.query('SELECT 1');
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, 'The database is not reachable.');
    }
    return { status: 'ok' as const };
  });
};

export default healthRoutes;
