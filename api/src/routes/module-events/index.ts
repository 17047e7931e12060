import { ModuleEventsBatch, ModuleHealthQuery, ModuleHealthReport } from '@institute/shared/schemas';
import { badRequest } from '../../lib/http-errors';
import type { RoutePlugin } from '../../lib/type-provider';
import { beaconIntake } from '../beacon-intake';
import { bearer, errors } from '../schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A batch holds at most 12 short events: about 1.2 KB. */
const BODY_LIMIT = 4 * 1024;

/**
 * Module health while a canary runs (decision 039): page loads report, per module, that they ran a version, that it
 * failed to load, or that it threw. Public and anonymous as the vitals (decision 013); the site server reads the
 * counts since a canary started to withdraw one that fails more than live, and the admin compares them.
 */
const moduleEventsRoutes: RoutePlugin = async (app) => {
  const { moduleEvents } = app.repos;
  const intake = beaconIntake(app);

  app.post('/api/module-events', {
    bodyLimit: BODY_LIMIT,
    config: intake.config,
    schema: {
      tags: ['Field data'],
      summary: 'Report which module versions a page load ran, how long each took to load, and their failed loads and errors (public; JSON or text/plain)',
      body: ModuleEventsBatch,
      response: intake.response,
    },
  }, async (request, reply) => {
    const { page, events } = request.body;
    events.forEach((event, i) => {
      if (event.loadMs !== undefined && event.kind !== 'view') throw badRequest(`Event ${i + 1} has a load time, which only a view carries.`);
    });
    await moduleEvents.record(page, events);
    return reply.code(204).send();
  });

  const health = async (query: { module?: string; since?: string; days?: '7' | '28' }) => {
    const to = new Date();
    const from = query.since ? new Date(query.since) : new Date(to.getTime() - (query.days === '28' ? 28 : 7) * DAY_MS);
    return { from: from.toISOString(), to: to.toISOString(), versions: await moduleEvents.health(from, query.module, to) };
  };

  app.get('/api/module-health', {
    config: { public: true },
    schema: {
      tags: ['Field data'], summary: 'Page loads, failed loads and errors per module version since a moment (public counts)',
      querystring: ModuleHealthQuery, response: { 200: ModuleHealthReport, ...errors(400) },
    },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return health(request.query);
  });

  app.get('/api/admin/module-health', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Field data'], summary: 'Canary and live compared: page loads, failed loads, errors and error rate per module version (admin)',
      security: bearer, querystring: ModuleHealthQuery, response: { 200: ModuleHealthReport, ...errors(400, 401, 403) },
    },
  }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return health(request.query);
  });
};

export default moduleEventsRoutes;
