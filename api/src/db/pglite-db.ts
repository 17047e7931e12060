import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';
import { asDatabaseError, type Db, type Queryable, type Row } from './db';

export const IN_MEMORY = 'memory://';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<T = Row>(sql: string, params: unknown[] = []) {
      try {
        const result = await conn.query<T>(sql, params);
        return result.rows;
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    async exec(sql: string) {
      try {
        await conn.exec(sql);
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
  };
}

/**
 * Embedded PostgreSQL (WASM): files under `dir`, or nothing on disk with `memory://`. On disk, the folder is
 * locked for this process first (`<dir>.lock`, see data-dir-lock.ts); a second process gets DataDirLockedError.
 */
export async function openPglite(dir: string): Promise<Db> {
  const lock = dir === IN_MEMORY ? null : lockDataDir(dir);
  let pg: PGlite;
  try {
    if (dir !== IN_MEMORY) fs.mkdirSync(dir, { recursive: true });
    // pg_trgm: the lists' word searches use trigram indexes (migration 011), as on a PostgreSQL server.
    pg = await PGlite.create(dir, { extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: async (fn) => {
      try {
        return await pg.transaction((tx) => fn(wrap(tx)));
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    close: async () => {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        lock?.release();
      }
    },
  };
}
