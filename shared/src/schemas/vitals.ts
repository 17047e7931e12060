import { Type } from '@sinclair/typebox';
import { VITAL_MAX_VALUE, VITAL_METRICS, VITAL_NAVIGATION_TYPES, VITALS_MAX_BATCH } from '../contract/vitals';

/**
 * A route pattern, never a raw URL: `/`, `*` (a path the site does not know), or up to 6 segments, each a
 * literal of lower-case letters and hyphens (`quick-programs`) or a parameter (`:id`). Literal segments
 * carry no digits, so a real id (`/courses/3f2a...`), a query string or a fragment does not pass.
 */
export const PAGE_PATTERN = '^(\\*|/|(/([a-z]+(-[a-z]+)*|:[a-zA-Z]+)){1,6})$';

/** Written out (not Type.Record) so the key pattern is enforced: TypeBox's Record does not check string-key patterns. */
const Versions = Type.Unsafe<Record<string, string>>({
  type: 'object',
  patternProperties: {
    '^[a-z][a-z0-9_-]{0,39}$': { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' },
  },
  additionalProperties: false,
  maxProperties: 8,
  description: 'Module name -> version of the modules the page ran, e.g. {"shell": "0.1.0", "mf_catalog": "0.2.1"}',
});

/** One measurement, as the browser reports it to `POST /api/vitals` (issue 12; no personal data). */
export const VitalEntry = Type.Object(
  {
    metric: Type.Union(VITAL_METRICS.map((m) => Type.Literal(m))),
    value: Type.Number({ minimum: 0, maximum: Math.max(...Object.values(VITAL_MAX_VALUE)), description: 'ms for LCP, INP, FCP and TTFB; unitless for CLS' }),
    page: Type.String({ minLength: 1, maxLength: 120, pattern: PAGE_PATTERN, description: 'The route pattern the page load started on' }),
    navigationType: Type.Union(VITAL_NAVIGATION_TYPES.map((n) => Type.Literal(n))),
    device: Type.Union([Type.Literal('mobile'), Type.Literal('desktop')], { description: 'Below 768 CSS pixels wide is mobile' }),
    versions: Versions,
  },
  { additionalProperties: false },
);

export const VitalsBatch = Type.Object(
  { entries: Type.Array(VitalEntry, { minItems: 1, maxItems: VITALS_MAX_BATCH }) },
  { additionalProperties: false },
);

export const VitalStat = Type.Object({ p75: Type.Number({ description: "75th percentile (continuous), in the metric's unit" }), samples: Type.Integer() });
const Stats = Type.Partial(Type.Object(Object.fromEntries(VITAL_METRICS.map((m) => [m, VitalStat])) as Record<(typeof VITAL_METRICS)[number], typeof VitalStat>));

/** `GET /api/admin/vitals`. */
export const VitalsReport = Type.Object({
  days: Type.Union([Type.Literal(7), Type.Literal(28)]),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  pages: Type.Array(Type.Object({ page: Type.String(), metrics: Stats })),
  modules: Type.Array(Type.Object({ module: Type.String(), version: Type.String(), metrics: Stats })),
});
