import type { Db } from '../db/db';

/** Rows whose window ended are deleted at most this often per process (they are reset on use anyway). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface Count {
  attempts: number;
  /** Seconds until this key's window ends and its count starts again. */
  retryAfterSeconds: number;
}

/**
 * Counters for sign-in and sign-up throttling in PostgreSQL, so every API instance sees the same numbers
 * (decision 015). A key counts within a fixed window that starts at its first attempt; one upsert per count
 * keeps simultaneous requests exact.
 */
export function authAttemptsRepository(db: Db) {
  let lastPruned = Number.NEGATIVE_INFINITY;

  async function prune(windowMs: number): Promise<void> {
    if (Date.now() - lastPruned < PRUNE_EVERY_MS) return;
    lastPruned = Date.now();
    await db.query(`DELETE FROM auth_attempts WHERE window_started_at < now() - ($1 || ' milliseconds')::interval`, [String(windowMs)]);
  }

  return {
    /** Adds one attempt to the key (a new window when the last one ended) and answers the count now. */
    async add(key: string, windowMs: number): Promise<Count> {
      const rows = await db.query<Count>(
        `INSERT INTO auth_attempts AS a (key, attempts, window_started_at) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN a.window_started_at <= now() - ($2 || ' milliseconds')::interval THEN 1 ELSE a.attempts + 1 END,
           window_started_at = CASE WHEN a.window_started_at <= now() - ($2 || ' milliseconds')::interval THEN now() ELSE a.window_started_at END
         RETURNING attempts,
           greatest(1, ceil(extract(epoch FROM window_started_at + ($2 || ' milliseconds')::interval - now())))::integer AS "retryAfterSeconds"`,
        [key, String(windowMs)],
      );
      await prune(windowMs);
      return rows[0]!;
    },

    /** Takes one attempt back: a sign-in that succeeded, or one refused before it was tried. */
    async remove(key: string): Promise<void> {
      await db.query('UPDATE auth_attempts SET attempts = greatest(attempts - 1, 0) WHERE key = $1', [key]);
    },
  };
}

export type AuthAttemptsRepository = ReturnType<typeof authAttemptsRepository>;
