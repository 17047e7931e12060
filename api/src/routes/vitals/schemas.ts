import { Type } from '@sinclair/typebox';
import { VITAL_MAX_VALUE, VITAL_METRICS, VITAL_NAVIGATION_TYPES, VITALS_MAX_BATCH } from '@institute/shared/contract';

/**
 * A route pattern, never a raw URL: `/`, `*` (a path the site does not know), or up to 6 segments, each a
 * literal of lower-case letters and hyphens (`quick-programs`) or a parameter (`:id`). Literal segments
 * carry no digits, so a real id (`/courses/3f2a...`), a query string or a fragment does not pass.
 */
export const PAGE_PATTERN = '^(\\*|/|(/([a-z]+(-[a-z]+)*|:[a-zA-Z]+)){1,6})$';

/** The largest value kept per metric (shared with the browser, which drops what would be refused). */
export const VITAL_MAX = VITAL_MAX_VALUE;

/** The largest valid batch is about 9 KB (realistic ones under 3 KB); a body over this is refused with 413 before it is parsed. */
export const VITALS_BODY_LIMIT = 16 * 1024;

/** Written out (not Type.Record) so the key pattern is enforced: TypeBox's Record does not check string-key patterns. */
const Versions = Type.Unsafe<Record<string, string>>({
  type: 'object',
  patternProperties: {
    '^[a-z][a-z0-9_-]{0,39}$': { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' },
  },
  additionalProperties: false,
  maxProperties: 8,
  description: 'Module name -> version, e.g. {"shell": "0.1.0", "mf_catalog": "0.2.1"}',
});

export const VitalEntry = Type.Object(
  {
    metric: Type.Union(VITAL_METRICS.map((m) => Type.Literal(m))),
    value: Type.Number({ minimum: 0, maximum: Math.max(...Object.values(VITAL_MAX)) }),
    page: Type.String({ minLength: 1, maxLength: 120, pattern: PAGE_PATTERN }),
    navigationType: Type.Union(VITAL_NAVIGATION_TYPES.map((n) => Type.Literal(n))),
    device: Type.Union([Type.Literal('mobile'), Type.Literal('desktop')]),
    versions: Versions,
  },
  { additionalProperties: false },
);

export const VitalsBatch = Type.Object(
  { entries: Type.Array(VitalEntry, { minItems: 1, maxItems: VITALS_MAX_BATCH }) },
  { additionalProperties: false },
);

const Stat = Type.Object({ p75: Type.Number(), samples: Type.Integer() });
const Stats = Type.Partial(Type.Object(Object.fromEntries(VITAL_METRICS.map((m) => [m, Stat])) as Record<(typeof VITAL_METRICS)[number], typeof Stat>));

export const VitalsQuery = Type.Object(
  { days: Type.Optional(Type.Union([Type.Literal('7'), Type.Literal('28')], { description: 'Window in days (default 7)' })) },
  { additionalProperties: false },
);

export const VitalsReport = Type.Object({
  days: Type.Union([Type.Literal(7), Type.Literal(28)]),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  pages: Type.Array(Type.Object({ page: Type.String(), metrics: Stats })),
  modules: Type.Array(Type.Object({ module: Type.String(), version: Type.String(), metrics: Stats })),
});
