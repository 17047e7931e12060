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
        params.push(now, e.module, e.version, e.role, e.kind, page);
        const n = params.length;
        return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
      });
      await db.query(`INSERT INTO module_events (recorded_at, module, version, role, kind, page) VALUES ${values.join(', ')}`, params);
      if (now.getTime() - lastPruned >= PRUNE_EVERY_MS) {
        lastPruned = now.getTime();
        await db.query('DELETE FROM module_events WHERE recorded_at < $1', [new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS)]);
      }
    },

    /** Per module, version and role since `since`: views, failed loads, errors and their rate per view. */
    async health(since: Date, module?: string, now: Date = clock()): Promise<Health[]> {
      const rows = await db.query<{ module: string; version: string; role: Health['role']; views: number; load_failures: number; errors: number }>(
        `SELECT module, version, role,
                count(*) FILTER (WHERE kind = 'view')::int AS views,
                count(*) FILTER (WHERE kind = 'load-failure')::int AS load_failures,
                count(*) FILTER (WHERE kind = 'error')::int AS errors
         FROM module_events
         WHERE recorded_at > $1 AND recorded_at <= $2 AND ($3::text IS NULL OR module = $3)
         GROUP BY module, version, role ORDER BY module, version, role`,
        [since, now, module ?? null],
      );
      return rows.map((r) => ({
        module: r.module, version: r.version, role: r.role, views: r.views, loadFailures: r.load_failures, errors: r.errors,
        errorRate: r.views > 0 ? (r.load_failures + r.errors) / r.views : 0,
      }));
    },
  };
}

export type ModuleEventsRepository = ReturnType<typeof moduleEventsRepository>;
