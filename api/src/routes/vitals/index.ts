import { VitalsBatch, VitalsReport } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest } from '../../lib/http-errors';
import { beaconIntake } from '../beacon-intake';
import { bearer, errors } from '../schemas';
import { VITAL_MAX, VITALS_BODY_LIMIT, VitalsQuery } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Field data (decision 013). `POST /api/vitals` is public: sampled page loads report LCP, CLS and INP with
 * `navigator.sendBeacon` (the beacon intake the module events share). Nothing that identifies the visitor is stored.
 */
const vitalsRoutes: RoutePlugin = async (app) => {
  const { vitals } = app.repos;
  const intake = beaconIntake(app);

  app.post('/api/vitals', {
    bodyLimit: VITALS_BODY_LIMIT,
    config: intake.config,
    schema: {
      tags: ['Field data'],
      summary: 'Report Web Vitals of a sampled page load (public; JSON or text/plain from sendBeacon)',
      body: VitalsBatch,
      response: intake.response,
    },
  }, async (request, reply) => {
    const { entries } = request.body;
    entries.forEach((entry, i) => {
      if (!Number.isFinite(entry.value) || entry.value > VITAL_MAX[entry.metric]) {
        throw badRequest(`The value of entry ${i + 1} is out of range for ${entry.metric}.`);
      }
    });
    await vitals.record(entries);
    return reply.code(204).send();
  });

  app.get('/api/admin/vitals', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Field data'], summary: '75th percentile per page and per module version, last 7 or 28 days (admin)',
      security: bearer, querystring: VitalsQuery, response: { 200: VitalsReport, ...errors(400, 401, 403) },
    },
  }, async (request, reply) => {
    const days: 7 | 28 = request.query.days === '28' ? 28 : 7;
    const to = new Date();
    const summary = await vitals.summary(days, to);
    void reply.header('cache-control', 'no-store');
    return { days, from: new Date(to.getTime() - days * DAY_MS).toISOString(), to: to.toISOString(), ...summary };
  });
};

export default vitalsRoutes;
