import { ModuleEventsBatch, ModuleHealthQuery, ModuleHealthReport } from '@institute/shared/schemas';
import { depthLimitedJsonParser } from '../../lib/json-depth';
import type { RoutePlugin } from '../../lib/type-provider';
import { bearer, errors } from '../schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A batch holds at most 12 short events: about 1 KB. */
const BODY_LIMIT = 4 * 1024;

/**
 * Module health while a canary runs (decision 039): page loads report, per module, that they ran a version, that it
 * failed to load, or that it threw. Public and anonymous as the vitals (decision 013); the site server reads the
 * counts since a canary started to withdraw one that fails more than live, and the admin compares them.
 */
const moduleEventsRoutes: RoutePlugin = async (app) => {
  const { moduleEvents } = app.repos;
  const rateLimit = { max: app.config.vitalsRateLimit.max, timeWindow: app.config.vitalsRateLimit.timeWindowMs };

  // sendBeacon sends a string as text/plain (no preflight); read as JSON here only, as the vitals route does.
  const parseJson = depthLimitedJsonParser(app);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.post('/api/module-events', {
    bodyLimit: BODY_LIMIT,
    config: { public: true, rateLimit },
    schema: {
      tags: ['Field data'],
      summary: 'Report which module versions a page load ran, and their failed loads and errors (public; JSON or text/plain)',
      body: ModuleEventsBatch,
      response: { 204: { type: 'null', description: 'Stored' }, ...errors(400, 413, 415, 429) },
    },
  }, async (request, reply) => {
    await moduleEvents.record(request.body.page, request.body.events);
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
