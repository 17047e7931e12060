/**
 * Field data (issue 12): what the browser reports to `POST /api/vitals` and what `GET /api/admin/vitals`
 * answers. No personal data: no URL beyond the route pattern, no user, no IP, no user agent.
 */
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

export interface VitalEntry {
  metric: VitalMetric;
  /** Milliseconds for LCP, INP, FCP and TTFB; unitless for CLS. */
  value: number;
  /** The route pattern the page load started on (`/courses/:id`), or `*` for an unknown path; never a raw URL. */
  page: string;
  navigationType: VitalNavigationType;
  /** From the viewport width: below 768 CSS pixels is mobile. */
  device: VitalDevice;
  /** Module name -> version of the modules the page ran (the shell, and each remote it loaded). */
  versions: Record<string, string>;
}

export interface VitalsBatch {
  entries: VitalEntry[];
}

export interface VitalStat {
  /** 75th percentile (continuous), in the metric's unit. */
  p75: number;
  samples: number;
}

export type VitalStats = Partial<Record<VitalMetric, VitalStat>>;

export interface VitalsReport {
  days: 7 | 28;
  /** The window's start and end (ISO 8601). */
  from: string;
  to: string;
  pages: { page: string; metrics: VitalStats }[];
  modules: { module: string; version: string; metrics: VitalStats }[];
}

/** Optional `vitals` block of config.json. */
export interface VitalsConfig {
  /** Share of page loads that report, 0..1 (default 0.25). */
  sampleRate?: number;
}
