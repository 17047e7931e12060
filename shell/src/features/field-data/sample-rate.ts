import { getConfig } from '@institute/shared/config';

/** Share of page loads that report when config.json has no `vitals.sampleRate`. */
export const DEFAULT_SAMPLE_RATE = 0.25;

/** The share of page loads that report field data: the given rate, else config.json's, else the default; within 0..1. */
export function sampleRateFrom(given?: number): number {
  const configured = given ?? getConfig().vitals?.sampleRate;
  const rate = typeof configured === 'number' && Number.isFinite(configured) ? configured : DEFAULT_SAMPLE_RATE;
  return Math.min(1, Math.max(0, rate));
}
