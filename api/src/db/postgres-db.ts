import pg from 'pg';
import { asDatabaseError, databaseUnavailable, type Db, type Queryable, type Row } from './db';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T = Row>(sql: string, params: unknown[] = []) {
      try {
        const result = await conn.query(sql, params);
        return result.rows as T[];
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    async exec(sql: string) {
      try {
        await conn.query(sql);
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
  };
}

/** How long the API waits for PostgreSQL before it answers 503 instead (docs/api.md, decision 012). */
export interface DbTimeouts {
  /** A new connection, and a free one from the pool, within this (pool `connectionTimeoutMillis`). */
  connectMs: number;
  /** Server side: a statement running longer is cancelled (`statement_timeout`, SQLSTATE 57014). */
  statementMs: number;
  /** Server side: a transaction left idle this long is ended (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 15_000 };

/**
 * Client side: no answer at all (a frozen or unreachable server cannot enforce statement_timeout) within the
 * statement timeout plus this margin fails the query with "Query read timeout" and drops the connection.
 */
const CLIENT_MARGIN_MS = 2000;

export interface PostgresOptions {
  url: string;
  /** A schema of its own (tests use one per file); created when missing. */
  schema?: string;
  onIdleError?: (error: Error) => void;
  timeouts?: DbTimeouts;
}

/** A real PostgreSQL through a pool; chosen when DATABASE_URL is set. */
export async function openPostgres({ url, schema, onIdleError, timeouts = DEFAULT_DB_TIMEOUTS }: PostgresOptions): Promise<Db> {
  if (schema !== undefined && !IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}".`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + CLIENT_MARGIN_MS,
    // Notices a dead peer (a server that vanished without closing) on idle pooled connections.
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  if (schema) await wrap(pool).exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asDatabaseError(error);
      }
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that timed out or broke is destroyed, not handed to the next request mid-query.
        if (databaseUnavailable(error)) broken = error as Error;
        else await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
        throw asDatabaseError(error);
      } finally {
        client.release(broken);
      }
    },
    // Idempotent, as PGlite's is: a second end() on a pg pool throws.
    close: async () => {
      if (pool.ended) return;
      await pool.end();
    },
  };
}
