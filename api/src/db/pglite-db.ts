import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db';

export const IN_MEMORY = 'memory://';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<T = Row>(sql: string, params: unknown[] = []) {
      const result = await conn.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM): files under `dir`, or nothing on disk with `memory://`. */
export async function openPglite(dir: string): Promise<Db> {
  if (dir !== IN_MEMORY) fs.mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
