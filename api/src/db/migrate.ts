import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const FILE = /^(\d{3})-([a-z0-9-]+)\.sql$/;
// Any constant works; it keeps two processes starting together from migrating twice.
const LOCK_KEY = 740_004;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .map((file) => ({ file, match: FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      return { version: Number(match[1]), name: match[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    })
    .sort((a, b) => a.version - b.version);
}

/** Applies pending migrations in order, in one transaction; returns the versions applied now. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = await tx.query<{ version: number; checksum: string }>('SELECT version, checksum FROM schema_migrations');
    const known = new Map(applied.map((row) => [row.version, row.checksum]));
    const done: number[] = [];
    for (const migration of migrations) {
      const checksum = known.get(migration.version);
      if (checksum !== undefined) {
        // An edited migration would leave databases that disagree; a new numbered file is the way.
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.version}-${migration.name} changed after it was applied.`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version, migration.name, migration.checksum,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
