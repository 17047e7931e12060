import { getConfig } from '@institute/shared/config';
import {
  VITAL_MAX_VALUE, VITAL_NAVIGATION_TYPES, VITALS_MAX_BATCH,
  type VitalEntry, type VitalMetric, type VitalNavigationType, type VitalsBatch,
} from '@institute/shared/contract';
import { ROUTES } from '../../app/route-table';
import { runningModuleVersions } from './module-versions';
import { routePattern } from '../../lib/route-pattern';
import { sampleRateFrom } from './sample-rate';
import { sendBeacon } from './send-beacon';

export { DEFAULT_SAMPLE_RATE } from './sample-rate';
/** Below this viewport width (CSS px) a visit counts as mobile. */
export const MOBILE_MAX_WIDTH = 767;

/** What is used of a web-vitals metric. */
export interface ReportedMetric {
  name: VitalMetric;
  value: number;
  id: string;
  navigationType?: string;
}
type OnMetric = (report: (metric: ReportedMetric) => void) => void;
/** The part of the `web-vitals` module used here (injectable for tests). */
export interface WebVitalsApi {
  onLCP: OnMetric;
  onCLS: OnMetric;
  onINP: OnMetric;
  onFCP?: OnMetric;
  onTTFB?: OnMetric;
}

export interface VitalsReportingOptions {
  /** 0..1; defaults to config.json's `vitals.sampleRate`, else DEFAULT_SAMPLE_RATE. */
  sampleRate?: number;
  /** Defaults to config.json's `apiBaseUrl`. */
  apiBaseUrl?: string;
  /** The path the page load started on; defaults to the current one. */
  pathname?: string;
  /** Route patterns to report pages as; defaults to the shell's route table. */
  patterns?: readonly string[];
  random?: () => number;
  loadWebVitals?: () => Promise<WebVitalsApi>;
  getVersions?: () => Record<string, string>;
}

export interface VitalsReporting {
  /** Whether this page load reports (decided once, at the first call). */
  readonly sampled: boolean;
  /** Sends what is pending now (it is also sent when the page is hidden or left). */
  flush(): void;
  /** Removes every listener; the next startVitalsReporting() decides afresh (tests). */
  stop(): void;
}

let current: VitalsReporting | null = null;

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;
const MODULE = /^[a-z][a-z0-9_-]{0,39}$/;

function navigationTypeOf(raw: string | undefined): VitalNavigationType {
  return (VITAL_NAVIGATION_TYPES as readonly string[]).includes(raw ?? '') ? (raw as VitalNavigationType) : 'navigate';
}

/** Only what the API accepts: a module whose name or version would be refused is left out, not sent. */
function cleanVersions(raw: Record<string, string>): Record<string, string> {
  const entries = Object.entries(raw).filter(([name, version]) => MODULE.test(name) && VERSION.test(version));
  return Object.fromEntries(entries.slice(0, 8));
}

function loadWebVitalsModule(): Promise<WebVitalsApi> {
  // A chunk of its own, fetched only by sampled visits and only after the load event.
  return import(/* webpackChunkName: "web-vitals" */ 'web-vitals') as Promise<WebVitalsApi>;
}

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const onLoad = () => setTimeout(run, 0);
  window.addEventListener('load', onLoad, { once: true });
  return () => window.removeEventListener('load', onLoad);
}

/**
 * Field data (decision 013): on a sampled share of page loads, reports LCP, CLS, INP (and FCP, TTFB) to
 * `POST /api/vitals`. The sampling is decided once per page load; `web-vitals` is imported only after the
 * load event, so it never adds to the first load; values are sent with sendBeacon when the page is hidden
 * or left. Each value is attributed to the route pattern the page load started on, never to the raw URL.
 */
export function startVitalsReporting(options: VitalsReportingOptions = {}): VitalsReporting {
  if (current) return current;
  const notSampled: VitalsReporting = { sampled: false, flush() {}, stop() { current = null; } };
  // Not in a browser (a prerender in Node): nothing to measure.
  if (typeof window === 'undefined' || typeof document === 'undefined') return notSampled;
  const random = options.random ?? Math.random;
  if (!(random() < sampleRateFrom(options.sampleRate))) {
    current = notSampled;
    return current;
  }

  const page = routePattern(options.pathname ?? window.location.pathname, options.patterns ?? ROUTES.map((r) => r.path));
  const device = window.innerWidth > 0 && window.innerWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
  const getVersions = options.getVersions ?? (() => runningModuleVersions());
  const pending = new Map<string, Omit<VitalEntry, 'versions'>>();
  const sent = new Set<string>();
  let stopped = false;

  const report = (metric: ReportedMetric) => {
    // One value per metric instance: the first report wins (a later, larger CLS or INP of the same instance is not sent again).
    if (stopped || sent.has(metric.id)) return;
    const max = VITAL_MAX_VALUE[metric.name];
    if (max === undefined || !Number.isFinite(metric.value) || metric.value < 0 || metric.value > max) return;
    pending.set(metric.id, { metric: metric.name, value: metric.value, page, navigationType: navigationTypeOf(metric.navigationType), device });
  };

  const flush = () => {
    if (pending.size === 0) return;
    const apiBaseUrl = (options.apiBaseUrl ?? getConfig().apiBaseUrl).replace(/\/$/, '');
    const versions = cleanVersions(getVersions());
    const entries = [...pending.entries()];
    pending.clear();
    for (const [id] of entries) sent.add(id);
    for (let i = 0; i < entries.length; i += VITALS_MAX_BATCH) {
      const chunk = entries.slice(i, i + VITALS_MAX_BATCH).map(([, entry]) => ({ ...entry, versions }));
      sendBeacon(`${apiBaseUrl}/api/vitals`, { entries: chunk } satisfies VitalsBatch);
    }
  };

  // On document / window in the bubble phase: web-vitals hands over its final values in capture-phase
  // listeners of the same events, so by the time these run the values are pending.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const cancelLoad = afterLoad(() => {
    if (stopped) return;
    void (options.loadWebVitals ?? loadWebVitalsModule)()
      .then((vitals) => {
        if (stopped) return;
        vitals.onLCP(report);
        vitals.onCLS(report);
        vitals.onINP(report);
        vitals.onFCP?.(report);
        vitals.onTTFB?.(report);
      })
      .catch(() => {
        /* field data is best effort: a failed chunk load reports nothing */
      });
  });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);

  current = {
    sampled: true,
    flush,
    stop() {
      stopped = true;
      cancelLoad();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      current = null;
    },
  };
  return current;
}
