import { sampleRateFrom } from './sample-rate';

type ReportVitalsModule = Pick<typeof import('./report-vitals'), 'startVitalsReporting'>;

const loadReporting = (): Promise<ReportVitalsModule> => import(/* webpackChunkName: "field-data" */ './report-vitals');

/**
 * Decides here whether this page load reports field data (decision 013), so the reporting code, like web-vitals
 * after it, is fetched only by the visits that report, and only once the page has loaded: the other visits
 * never download it.
 */
export function startFieldData(random: () => number = Math.random, load: () => Promise<ReportVitalsModule> = loadReporting): void {
  if (typeof window === 'undefined' || !(random() < sampleRateFrom())) return;
  // The page the visit started on, even if the visitor has moved on by the time the code arrives.
  const pathname = window.location.pathname;
  const start = () =>
    void load()
      .then(({ startVitalsReporting }) => startVitalsReporting({ sampleRate: 1, pathname }))
      .catch(() => {
        /* field data is best effort */
      });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
