import { Type } from '@sinclair/typebox';
import { MODULE_EVENT_KINDS, MODULE_EVENTS_MAX_BATCH, MODULE_LOAD_MAX_MS, MODULE_ROLES } from '../contract/module-events';
import { PAGE_PATTERN } from './vitals';

const ModuleName = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9_-]*$' });
const Version = Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' });
const Role = Type.Union(MODULE_ROLES.map((r) => Type.Literal(r)));

/** What a page load reports of one module (decision 039): that it ran it and how long its code took, that it failed, or that it threw. */
export const ModuleEvent = Type.Object(
  {
    module: ModuleName,
    version: Version,
    role: Role,
    kind: Type.Union(MODULE_EVENT_KINDS.map((k) => Type.Literal(k))),
    loadMs: Type.Optional(Type.Integer({
      minimum: 0, maximum: MODULE_LOAD_MAX_MS,
      description: 'With a view only: ms from the first request for the module\'s code to its arrival',
    })),
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
  role: Role,
  views: Type.Integer({ description: 'Page loads that ran this version' }),
  loadFailures: Type.Integer(),
  errors: Type.Integer({ description: 'Uncaught errors and render errors in the module' }),
  errorRate: Type.Number({ description: '(loadFailures + errors) / views; 0 without views' }),
  loadMsP75: Type.Union([Type.Number(), Type.Null()], { description: '75th percentile of the load times reported with views; null without any' }),
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
