import type { FastifyInstance } from 'fastify';
import { depthLimitedJsonParser } from '../lib/json-depth';
import { errors } from './schemas';

/**
 * What the field-data routes (vitals, module events) share: browsers send them with `navigator.sendBeacon`, which
 * posts a string as text/plain (no CORS preflight), anonymously, as the page hides. The plugin that calls this reads
 * text/plain bodies as JSON (an empty body is no body, so the schema answers 400); the rest of the API keeps refusing
 * text/plain (plugins/app/body-parsing.ts), since a parser added here stays inside the calling plugin. The returned
 * route options make a route public and rate limited by the field-data limit, and name its answers.
 */
export function beaconIntake(app: FastifyInstance) {
  const parseJson = depthLimitedJsonParser(app);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  const { max, timeWindowMs } = app.config.vitalsRateLimit;
  return {
    /** Public: page loads report without credentials; validated strictly and rate limited instead. */
    config: { public: true, rateLimit: { max, timeWindow: timeWindowMs } },
    response: { 204: { type: 'null', description: 'Stored' }, ...errors(400, 413, 415, 429) },
  } as const;
}
