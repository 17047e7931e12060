/**
 * Field data (issue 12): what the browser reports to `POST /api/vitals` and what `GET /api/admin/vitals`
 * answers. No personal data: no URL beyond the route pattern, no user, no IP, no user agent.
 */
import type { Static } from '@sinclair/typebox';
import type * as Schemas from '../schemas';

export const VITAL_METRICS = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** web-vitals' navigationType values. */
export const VITAL_NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'] as const;
export type VitalNavigationType = (typeof VITAL_NAVIGATION_TYPES)[number];

export type VitalDevice = 'mobile' | 'desktop';

/** The largest value the API keeps per metric (ms; CLS unitless): beyond it a measurement is broken, not slow. */
export const VITAL_MAX_VALUE: Record<VitalMetric, number> = { LCP: 120_000, FCP: 120_000, TTFB: 120_000, INP: 60_000, CLS: 50 };

/** At most this many entries in one beacon. */
export const VITALS_MAX_BATCH = 10;

/** One measurement; the schema (with its limits) is `VitalEntry` in `@institute/shared/schemas`. */
export type VitalEntry = Static<typeof Schemas.VitalEntry>;
export type VitalsBatch = Static<typeof Schemas.VitalsBatch>;
export type VitalStat = Static<typeof Schemas.VitalStat>;
export type VitalStats = Partial<Record<VitalMetric, VitalStat>>;
export type VitalsReport = Static<typeof Schemas.VitalsReport>;

/** Optional `vitals` block of config.json. */
export interface VitalsConfig {
  /** Share of page loads that report, 0..1 (default 0.25). */
  sampleRate?: number;
}
