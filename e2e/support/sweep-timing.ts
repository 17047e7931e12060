import type { TestInfo } from '@playwright/test';

/**
 * Where the route sweep's minutes go (decision 056): each visit's phases timed, the totals printed on one line per
 * role and width, and every route's figures attached to the test's result. Reported, never asserted.
 */
export function sweepTiming() {
  const routes = new Map<string, Record<string, number>>();
  return {
    async phase<T>(route: string, phase: string, work: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await work();
      } finally {
        const entry = routes.get(route) ?? {};
        entry[phase] = Math.round(performance.now() - started);
        routes.set(route, entry);
      }
    },
    async report(info: TestInfo, label: string) {
      const totals = new Map<string, { ms: number; visits: number }>();
      for (const entry of routes.values()) {
        for (const [phase, ms] of Object.entries(entry)) {
          const total = totals.get(phase) ?? { ms: 0, visits: 0 };
          totals.set(phase, { ms: total.ms + ms, visits: total.visits + 1 });
        }
      }
      const phases = [...totals].map(([phase, { ms, visits }]) => `${phase} ${(ms / 1000).toFixed(1)} s (${visits})`);
      console.log(`route sweep ${label}: ${routes.size} routes; ${phases.join(', ')}`);
      await info.attach('sweep-timing.json', { body: JSON.stringify(Object.fromEntries(routes), null, 1), contentType: 'application/json' });
    },
  };
}
