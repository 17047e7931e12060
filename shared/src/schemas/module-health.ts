import { Type } from '@sinclair/typebox';
import { PAGE_PATTERN } from './vitals';

/** What a page load reports of one module while a canary runs (decision 039): that it ran it, or that it failed. */
export const MODULE_EVENT_KINDS = ['view', 'load-failure', 'error'] as const;
/** Why the visitor ran that version (the site server decides per visitor). */
export const MODULE_ROLES = ['live', 'canary', 'preview'] as const;
export const MODULE_EVENTS_MAX_BATCH = 12;

const ModuleName = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9_-]*$' });
const Version = Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' });

export const ModuleEvent = Type.Object(
  {
    module: ModuleName,
    version: Version,
    role: Type.Union(MODULE_ROLES.map((r) => Type.Literal(r))),
    kind: Type.Union(MODULE_EVENT_KINDS.map((k) => Type.Literal(k))),
  },
  { additionalProperties: false },
);

/** `POST /api/module-events`: public, anonymous, as `POST /api/vitals`. */
export const ModuleEventsBatch = Type.Object(
  {
    page: Type.String({ minLength: 1, maxLength: 120, pattern: PAGE_PATTERN, description: 'The route pattern of the page' }),
    events: Type.Array(ModuleEvent, { minItems: 1, maxItems: MODULE_EVENTS_MAX_BATCH }),
  },
  { additionalProperties: false },
);

export const ModuleVersionHealth = Type.Object({
  module: Type.String(),
  version: Type.String(),
  role: Type.Union(MODULE_ROLES.map((r) => Type.Literal(r))),
  views: Type.Integer({ description: 'Page loads that ran this version' }),
  loadFailures: Type.Integer(),
  errors: Type.Integer({ description: 'Uncaught errors and render errors in the module' }),
  errorRate: Type.Number({ description: '(loadFailures + errors) / views; 0 without views' }),
});

/** `GET /api/module-health` and `GET /api/admin/module-health`. */
export const ModuleHealthReport = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  versions: Type.Array(ModuleVersionHealth),
});

export const ModuleHealthQuery = Type.Object(
  {
    module: Type.Optional(ModuleName),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'From this moment (a canary\'s start); default the last 7 days' })),
    days: Type.Optional(Type.Union([Type.Literal('7'), Type.Literal('28')])),
  },
  { additionalProperties: false },
);
