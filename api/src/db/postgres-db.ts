import pg from 'pg';
import type { Db, Queryable, Row } from './db';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T = Row>(sql: string, params: unknown[] = []) {
      const result = await conn.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await conn.query(sql);
    },
  };
}

export interface PostgresOptions {
  url: string;
  /** A schema of its own (tests use one per file); created when missing. */
  schema?: string;
  onIdleError?: (error: Error) => void;
}

/** A real PostgreSQL through a pool; chosen when DATABASE_URL is set. */
export async function openPostgres({ url, schema, onIdleError }: PostgresOptions): Promise<Db> {
  if (schema !== undefined && !IDENTIFIER.test(schema)) throw new Error(`Invalid schema name "${schema}".`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', (error) => onIdleError?.(error));
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
