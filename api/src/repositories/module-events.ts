import type { Static } from '@sinclair/typebox';
import type { ModuleEvent, ModuleVersionHealth } from '@institute/shared/schemas';
import type { Db } from '../db/db';
import { VITALS_RETENTION_DAYS } from './vitals';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Health = Static<typeof ModuleVersionHealth>;

/** Module health (decision 039): page loads, failed loads and errors per module version, counted in SQL. */
export function moduleEventsRepository(db: Db, clock: () => Date = () => new Date()) {
  let lastPruned = Number.NEGATIVE_INFINITY;

  return {
    async record(page: string, events: Static<typeof ModuleEvent>[]): Promise<void> {
      if (events.length === 0) return;
      const now = clock();
      const params: unknown[] = [];
      const values = events.map((e) => {
        params.push(now, e.module, e.version, e.role, e.kind, page, e.loadMs ?? null);
        const n = params.length;
        return `(${[6, 5, 4, 3, 2, 1, 0].map((back) => `$${n - back}`).join(', ')})`;
      });
      await db.query(`INSERT INTO module_events (recorded_at, module, version, role, kind, page, load_ms) VALUES ${values.join(', ')}`, params);
      if (now.getTime() - lastPruned >= PRUNE_EVERY_MS) {
        lastPruned = now.getTime();
        await db.query('DELETE FROM module_events WHERE recorded_at < $1', [new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS)]);
      }
    },

    /** Per module, version and role since `since`: views, failed loads, errors, their rate per view, and the load times' p75. */
    async health(since: Date, module?: string, now: Date = clock()): Promise<Health[]> {
      const rows = await db.query<{ module: string; version: string; role: Health['role']; views: number; load_failures: number; errors: number; load_p75: number | null }>(
        `SELECT module, version, role,
                count(*) FILTER (WHERE kind = 'view')::int AS views,
                count(*) FILTER (WHERE kind = 'load-failure')::int AS load_failures,
                count(*) FILTER (WHERE kind = 'error')::int AS errors,
                percentile_cont(0.75) WITHIN GROUP (ORDER BY load_ms) FILTER (WHERE kind = 'view' AND load_ms IS NOT NULL) AS load_p75
         FROM module_events
         WHERE recorded_at > $1 AND recorded_at <= $2 AND ($3::text IS NULL OR module = $3)
         GROUP BY module, version, role ORDER BY module, version, role`,
        [since, now, module ?? null],
      );
      return rows.map((r) => ({
        module: r.module, version: r.version, role: r.role, views: r.views, loadFailures: r.load_failures, errors: r.errors,
        errorRate: r.views > 0 ? (r.load_failures + r.errors) / r.views : 0,
        loadMsP75: r.load_p75 === null ? null : Math.round(Number(r.load_p75)),
      }));
    },
  };
}

export type ModuleEventsRepository = ReturnType<typeof moduleEventsRepository>;
