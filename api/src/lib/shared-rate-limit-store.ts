import type { Queryable } from '../db/db';

/** What @fastify/rate-limit reads back from a store after each hit. */
export interface RateLimitState {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

type Callback = (error: Error | null, state?: RateLimitState) => void;

/** The part of the plugin's per-route options this store uses to name its counters. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

// One statement, so concurrent hits from any number of instances are counted exactly: the row lock taken by
// ON CONFLICT serializes them. A window that has ended starts again at 1.
const HIT = `
  INSERT INTO rate_limit_hits AS r (key, hits, window_ends_at)
  VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
    window_ends_at = CASE WHEN r.window_ends_at <= clock_timestamp() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
  RETURNING hits, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_ends_at - clock_timestamp())) * 1000))::integer AS ttl`;

const PRUNE_EVERY = 500;

/**
 * A store for @fastify/rate-limit whose counters live in PostgreSQL (table rate_limit_hits), so every API instance
 * on one database counts against one budget. `db` is read lazily: the plugin is registered before the database
 * is open. Each route's limiter gets its own key space (method and URL), as the library's local store does.
 */
export function sharedRateLimitStore(db: () => Queryable) {
  let hitsSincePrune = 0;

  const prune = () => {
    hitsSincePrune = 0;
    db().query('DELETE FROM rate_limit_hits WHERE window_ends_at < clock_timestamp()').catch(() => {
      /* the next prune tries again; a failed prune costs only space */
    });
  };

  class SharedStore {
    private readonly space: string;

    /** The plugin constructs the root store with its global options; children are named by route. */
    constructor(_globalOptions?: unknown, space = 'app') {
      this.space = space;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      db()
        .query<{ hits: number; ttl: number }>(HIT, [`${this.space}|${key}`, timeWindow])
        .then(([row]) => {
          hitsSincePrune += 1;
          if (hitsSincePrune >= PRUNE_EVERY) prune();
          callback(null, { current: row!.hits, ttl: row!.ttl });
        }, (error: Error) => callback(error));
    }

    child(options: object): SharedStore {
      const { method, url } = (options as ChildOptions).routeInfo ?? {};
      return new SharedStore(undefined, url ? `${[method].flat().join(',')} ${url}` : this.space);
    }
  }
  return SharedStore;
}
