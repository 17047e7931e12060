import pg from 'pg';
import type { Queryable } from '../db/db';
import type { ContentKind } from './public-cache';

const KINDS: readonly ContentKind[] = ['course', 'quick_program', 'blog', 'gallery'];
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,40}$/;
const RECONNECT_MS = 1000;

interface Log {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ContentChangeFeedOptions {
  url: string;
  /** The database schema the API works in; instances on other schemas (test files) do not hear each other. */
  schema?: string;
  /** A kind changed on some instance (this one included). */
  onChange(kind: ContentKind): void;
  log: Log;
}

export interface ContentChangeFeed {
  /** Tells every instance listening on this database that `kind` changed; delivered when the write has committed. */
  publish(db: Queryable, kind: ContentKind): Promise<void>;
  close(): Promise<void>;
}

export function channelFor(schema: string | undefined): string {
  const name = schema ?? 'public';
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid schema name "${name}".`);
  return `institute_content_${name}`;
}

/**
 * PostgreSQL LISTEN/NOTIFY between API instances (decision 019): a content write publishes its kind, and every
 * instance drops its cached bodies of that kind when the notification arrives, so a write through one instance is
 * fresh on all within a round trip. The listener holds one dedicated connection; when it drops, every kind is
 * invalidated (notifications sent meanwhile are lost) and it reconnects every second. While it is down the public
 * cache's TTL bounds how stale a body can be.
 */
export async function openContentChangeFeed({ url, schema, onChange, log }: ContentChangeFeedOptions): Promise<ContentChangeFeed> {
  const channel = channelFor(schema);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const invalidateAll = () => KINDS.forEach(onChange);

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      const kind = message.payload as ContentKind;
      if (message.channel === channel && KINDS.includes(kind)) onChange(kind);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'content change feed lost its connection; every cached kind dropped, reconnecting');
      invalidateAll();
      retry = setTimeout(reconnect, RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    client = next;
  };

  const reconnect = () => {
    retry = undefined;
    if (closed) return;
    connect().then(
      () => {
        // Writes made while we were away were not heard.
        invalidateAll();
        log.info({ channel }, 'content change feed listening again');
      },
      (error: Error) => {
        if (!closed) {
          log.warn({ err: error }, 'content change feed could not reconnect; trying again');
          retry = setTimeout(reconnect, RECONNECT_MS);
        }
      },
    );
  };

  await connect();
  return {
    async publish(db, kind) {
      await db.query('SELECT pg_notify($1, $2)', [channel, kind]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
