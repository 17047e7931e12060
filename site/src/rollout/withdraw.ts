import { readRegistry } from '../deploy-folder';
import { readRollout, writeRollout } from './rollout-file';
import { versionOfManifest } from './selection';

/** When a canary is withdrawn by itself (decision 039): worse than live by `margin` over at least `minViews` page loads. */
export interface WithdrawPolicy { margin: number; minViews: number }

interface VersionHealth { version: string; role: string; views: number; loadFailures: number; errors: number }

const rate = (rows: VersionHealth[]) => {
  const views = rows.reduce((n, r) => n + r.views, 0);
  return { views, rate: views ? rows.reduce((n, r) => n + r.loadFailures + r.errors, 0) / views : 0 };
};

/**
 * One pass over the running canaries: reads each one's health since it started from the API
 * (`GET /api/module-health`), and withdraws a failing one (the registry stays live; rollout.json loses the canary
 * and records why). Returns the withdrawals made.
 */
export async function checkCanaries(root: string, apiBaseUrl: string, policy: WithdrawPolicy, log: (line: string) => void = console.warn, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  const made: string[] = [];
  for (const [remote, canary] of Object.entries(readRollout(root).canaries)) {
    const live = versionOfManifest(String(readRegistry(root)[remote] ?? ''))?.version;
    if (!live) continue;
    const url = new URL(`/api/module-health?module=${encodeURIComponent(remote)}&since=${encodeURIComponent(canary.since)}`, apiBaseUrl);
    const response = await fetchImpl(url);
    if (!response.ok) throw new Error(`module health: HTTP ${response.status}`);
    const rows = ((await response.json()) as { versions: VersionHealth[] }).versions;
    const c = rate(rows.filter((r) => r.version === canary.version && r.role === 'canary'));
    const l = rate(rows.filter((r) => r.version === live && r.role === 'live'));
    if (c.views < policy.minViews || c.rate - l.rate <= policy.margin) continue;
    const reason = `error rate ${c.rate.toFixed(3)} over ${c.views} page loads against live ${live}'s ${l.rate.toFixed(3)} over ${l.views} (margin ${policy.margin})`;
    // Read again just before writing: a command may have changed the rollout meanwhile.
    const rollout = readRollout(root);
    if (rollout.canaries[remote]?.version !== canary.version) continue;
    delete rollout.canaries[remote];
    rollout.withdrawn.push({ remote, version: canary.version, liveVersion: live, at: new Date().toISOString(), reason });
    writeRollout(root, rollout);
    log(`[site] canary ${remote} ${canary.version} withdrawn: ${reason}`);
    made.push(remote);
  }
  return made;
}

/** The watcher's settings: how much worse than live, over how many page loads, checked how often. */
export interface WatchSettings extends WithdrawPolicy { intervalMs: number }

export const DEFAULT_WATCH: WatchSettings = { margin: 0.05, minViews: 200, intervalMs: 30_000 };

/**
 * CANARY_ERROR_MARGIN (0.05), CANARY_MIN_PAGE_LOADS (200) and CANARY_CHECK_INTERVAL_MS (30000): the same for
 * `npm start` and `npm run start:prod`. A value that is not a number in range is refused with its name, rather than
 * a watcher that never withdraws (NaN compares false) or checks in a busy loop.
 */
export function watchSettingsFromEnv(env: Record<string, string | undefined>): WatchSettings {
  const read = (name: string, fallback: number, ok: (n: number) => boolean, range: string) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || !ok(n)) throw new Error(`${name} must be ${range} (got "${raw}").`);
    return n;
  };
  return {
    margin: read('CANARY_ERROR_MARGIN', DEFAULT_WATCH.margin, (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
    minViews: read('CANARY_MIN_PAGE_LOADS', DEFAULT_WATCH.minViews, (n) => Number.isInteger(n) && n >= 1, 'a whole number of at least 1'),
    intervalMs: read('CANARY_CHECK_INTERVAL_MS', DEFAULT_WATCH.intervalMs, (n) => Number.isInteger(n) && n >= 100, 'a whole number of milliseconds, at least 100'),
  };
}

/**
 * Checks the running canaries every `intervalMs` (the site server's process runs it; `npm start` and `start:prod`
 * start it, with `watchSettingsFromEnv`). A failed check (the API down) is logged and tried again at the next tick.
 * Returns the stop function.
 */
export function watchCanaries(root: string, apiBaseUrl: string, policy: WithdrawPolicy, intervalMs: number): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkCanaries(root, apiBaseUrl, policy)
      .catch((error: unknown) => console.warn(`[site] canary check: ${(error as Error).message}`))
      .finally(() => { running = false; });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
