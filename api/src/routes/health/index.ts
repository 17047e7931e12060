import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../../lib/type-provider';
import { HttpError } from '../../lib/http-errors';
import { errors } from '../schemas';

/** /health answers within 2 s whatever the database does: a frozen one counts as unreachable after this. */
export const HEALTH_DB_TIMEOUT_MS = 1500;

class HealthTimeout extends Error {}

const healthRoutes: RoutePlugin = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: {
      tags: ['Health'], summary: 'Liveness with a database round trip (503 when it fails or takes over 1.5 s)',
      response: { 200: Type.Object({ status: Type.Literal('ok') }), ...errors(503) },
    },
  }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.db.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new HealthTimeout(`no answer within ${HEALTH_DB_TIMEOUT_MS} ms`)), HEALTH_DB_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      void reply.header('Retry-After', '5');
      throw new HttpError(503, 'The database is not reachable.');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' as const };
  });
};

export default healthRoutes;
