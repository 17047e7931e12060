import type { VitalEntry, VitalMetric, VitalStats } from '@institute/shared/contract';
import type { Db } from '../db/db';

/** Rows older than this are deleted; the longest window the admin can ask for. */
export const VITALS_RETENTION_DAYS = 28;
/** Retention runs on insert, at most this often per process. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface VitalsSummary {
  pages: { page: string; metrics: VitalStats }[];
  modules: { module: string; version: string; metrics: VitalStats }[];
}

interface StatRow {
  metric: VitalMetric;
  p75: number;
  samples: number;
}

/** Groups (key, metric, p75, samples) rows into one entry per key with a metric map, in first-seen order. */
function group<R extends StatRow, E extends { metrics: VitalStats }>(rows: R[], key: (row: R) => string, make: (row: R) => E): E[] {
  const byKey = new Map<string, E>();
  for (const row of rows) {
    const k = key(row);
    let entry = byKey.get(k);
    if (!entry) {
      entry = make(row);
      byKey.set(k, entry);
    }
    entry.metrics[row.metric] = { p75: Number(row.p75), samples: Number(row.samples) };
  }
  return [...byKey.values()];
}

/** Field data: stores what sampled page loads report and answers the 75th percentiles, computed in SQL. */
export function vitalsRepository(db: Db, clock: () => Date = () => new Date()) {
  let lastPruned = Number.NEGATIVE_INFINITY;

  async function prune(now: Date = clock()): Promise<number> {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM web_vitals WHERE recorded_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS)],
    );
    lastPruned = now.getTime();
    return rows[0]?.n ?? 0;
  }

  return {
    /** Stores one batch in one statement; now and then deletes what is past the retention window. */
    async record(entries: VitalEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const now = clock();
      const params: unknown[] = [];
      const values = entries.map((e) => {
        params.push(now, e.metric, e.value, e.page, e.navigationType, e.device, JSON.stringify(e.versions));
        const n = params.length;
        return `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}::jsonb)`;
      });
      await db.query(
        `INSERT INTO web_vitals (recorded_at, metric, value, page, navigation_type, device, versions) VALUES ${values.join(', ')}`,
        params,
      );
      if (now.getTime() - lastPruned >= PRUNE_EVERY_MS) await prune(now);
    },

    prune,

    /** p75 and sample count per page and metric, and per module version and metric, over the last `days` days. */
    async summary(days: number, now: Date = clock()): Promise<VitalsSummary> {
      const since = new Date(now.getTime() - days * DAY_MS);
      const window = [since, now];
      const pages = await db.query<StatRow & { page: string }>(
        `SELECT page, metric, percentile_cont(0.75) WITHIN GROUP (ORDER BY value) AS p75, count(*)::int AS samples
         FROM web_vitals WHERE recorded_at > $1 AND recorded_at <= $2
         GROUP BY page, metric ORDER BY page, metric`,
        window,
      );
      const modules = await db.query<StatRow & { module: string; version: string }>(
        `SELECT v.key AS module, v.value AS version, w.metric,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY w.value) AS p75, count(*)::int AS samples
         FROM web_vitals w CROSS JOIN LATERAL jsonb_each_text(w.versions) AS v
         WHERE w.recorded_at > $1 AND w.recorded_at <= $2
         GROUP BY v.key, v.value, w.metric ORDER BY v.key, v.value, w.metric`,
        window,
      );
      return {
        pages: group(pages, (r) => r.page, (r) => ({ page: r.page, metrics: {} })),
        modules: group(modules, (r) => `${r.module}@${r.version}`, (r) => ({ module: r.module, version: r.version, metrics: {} })),
      };
    },
  };
}

export type VitalsRepository = ReturnType<typeof vitalsRepository>;
