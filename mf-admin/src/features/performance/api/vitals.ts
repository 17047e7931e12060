import { useQuery } from '@tanstack/react-query';
import { reportsApi } from '@institute/shared/api/admin';
import type { VitalMetric } from '@institute/shared/contract';

export type WindowDays = 7 | 28;

/** Field data of the last 7 or 28 days (admin only). Not cached: each visit shows the latest numbers. */
export const useVitalsReport = (days: WindowDays) =>
  useQuery({
    queryKey: ['admin', 'vitals', days],
    queryFn: () => reportsApi.vitals(days),
    staleTime: 0,
  });

export type Rating = 'good' | 'needs-improvement' | 'poor';

/** The Web Vitals thresholds (web.dev): at or below the first is good, above the second is poor. */
export const THRESHOLDS: Record<'LCP' | 'CLS' | 'INP', readonly [number, number]> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
};

export function rate(metric: keyof typeof THRESHOLDS, value: number): Rating {
  const [good, poor] = THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export const RATING_LABEL: Record<Rating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** LCP in seconds, INP in milliseconds, CLS unitless: the units the tables' headers name. */
export function formatValue(metric: VitalMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(3);
  if (metric === 'INP' || metric === 'FCP' || metric === 'TTFB') return `${Math.round(value)}`;
  return (value / 1000).toFixed(2);
}
