/**
 * Module health (issue 27, decision 039): what a page load reports of each remote it ran to
 * `POST /api/module-events`, and what `GET /api/module-health` answers. No personal data: the page is its route
 * pattern, nothing names the visitor.
 */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

/** That the page ran the module (with its load time), that it failed to load, or that it threw while rendering. */
export const MODULE_EVENT_KINDS = ['view', 'load-failure', 'error'] as const;
export type ModuleEventKind = (typeof MODULE_EVENT_KINDS)[number];

/** Why the visitor ran that version: the site server decides per visitor; `override` is a developer's (never in production). */
export const MODULE_ROLES = ['live', 'canary', 'preview', 'override'] as const;
export type ModuleRole = (typeof MODULE_ROLES)[number];

/** At most this many events in one beacon. */
export const MODULE_EVENTS_MAX_BATCH = 12;

/** The longest load time kept (ms): beyond it the measure is broken (a tab asleep), not slow. */
export const MODULE_LOAD_MAX_MS = 120_000;

export type ModuleEvent = Static<typeof Schemas.ModuleEvent>;
export type ModuleEventsBatch = Static<typeof Schemas.ModuleEventsBatch>;
export type ModuleVersionHealth = Static<typeof Schemas.ModuleVersionHealth>;
export type ModuleHealthReport = Static<typeof Schemas.ModuleHealthReport>;
