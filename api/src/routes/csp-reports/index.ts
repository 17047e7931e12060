import { depthLimitedJsonParser } from '../../lib/json-depth';
import type { RoutePlugin } from '../../lib/type-provider';
import { errors } from '../schemas';

/** A report is a few hundred bytes; a batch of the Reporting API a few KB. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;
const MAX_LOGGED_PER_REQUEST = 10;
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

type Fields = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 500) : undefined);

/**
 * The fields worth logging of one violation, from either format: `report-uri` sends `{"csp-report": {...}}`
 * with kebab-case keys, the Reporting API a list of `{type: "csp-violation", body: {...}}` with camelCase keys.
 */
export function violations(body: unknown): Fields[] {
  const items = Array.isArray(body) ? body : [body];
  return items.slice(0, MAX_LOGGED_PER_REQUEST).flatMap((item): Fields[] => {
    if (!item || typeof item !== 'object') return [];
    const legacy = (item as Fields)['csp-report'];
    if (legacy && typeof legacy === 'object') {
      const r = legacy as Fields;
      return [{ documentUri: text(r['document-uri']), directive: text(r['effective-directive'] ?? r['violated-directive']), blockedUri: text(r['blocked-uri']), sourceFile: text(r['source-file']), line: r['line-number'], sample: text(r['script-sample']) }];
    }
    const { type, body: r } = item as { type?: unknown; body?: Fields };
    if (type !== 'csp-violation' || !r || typeof r !== 'object') return [];
    return [{ documentUri: text(r.documentURL), directive: text(r.effectiveDirective), blockedUri: text(r.blockedURL), sourceFile: text(r.sourceFile), line: r.lineNumber, sample: text(r.sample) }];
  });
}

/**
 * Content-Security-Policy violation reports from the site's pages (decision 017). Public, like the browser sends
 * them; logged (not stored) at warn level, so a policy that blocks something the site needs shows in the logs.
 */
const cspReportRoutes: RoutePlugin = async (app) => {
  const rateLimit = { max: app.config.vitalsRateLimit.max, timeWindow: app.config.vitalsRateLimit.timeWindowMs };
  // Encapsulated: the rest of the API still accepts JSON only (plugins/app/body-parsing.ts).
  const parseJson = depthLimitedJsonParser(app);
  app.addContentTypeParser(REPORT_TYPES, { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body.toString() || 'null', done);
  });

  app.post('/api/csp-reports', {
    bodyLimit: CSP_REPORT_BODY_LIMIT,
    // Public: browsers send violation reports without credentials.
    config: { public: true, rateLimit },
    schema: {
      tags: ['Field data'],
      summary: 'Report a Content-Security-Policy violation (public; sent by browsers)',
      response: { 204: { type: 'null', description: 'Logged' }, ...errors(400, 413, 415, 429) },
    },
  }, async (request, reply) => {
    for (const violation of violations(request.body)) request.log.warn({ csp: violation }, 'Content-Security-Policy violation');
    return reply.code(204).send();
  });
};

export default cspReportRoutes;
