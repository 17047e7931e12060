import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/db';
import { migrate, readMigrations } from '../../src/db/migrate';
import { openDb } from '../../src/db/open-db';
import { IN_MEMORY } from '../../src/db/pglite-db';
import { dropSchema } from '../helpers/app';

let db: Db;
const schema = `migrate_${Date.now().toString(36)}`;
beforeAll(async () => {
  db = await openDb(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, pgliteDir: IN_MEMORY, schema } : { pgliteDir: IN_MEMORY });
});
afterAll(async () => {
  await db.close();
  if (process.env.DATABASE_URL) await dropSchema(schema);
});

describe('migrations', () => {
  it('are numbered files applied in order, then recorded', async () => {
    const files = readMigrations();
    expect(files.map((m) => m.version)).toEqual([...files.map((m) => m.version)].sort((a, b) => a - b));
    expect(files[0]).toMatchObject({ version: 1, name: 'initial' });
    expect(await migrate(db)).toEqual(files.map((m) => m.version));
    const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(files.map((m) => m.version));
  });

  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('apply a new file later, and refuse an edited one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      for (const m of readMigrations()) fs.writeFileSync(path.join(dir, `${String(m.version).padStart(3, '0')}-${m.name}.sql`), m.sql);
      fs.writeFileSync(path.join(dir, '999-extra.sql'), 'CREATE TABLE extra_test (id integer PRIMARY KEY);');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
      expect(await migrate(db, readMigrations(dir))).toEqual([999]);
      fs.writeFileSync(path.join(dir, '999-extra.sql'), 'CREATE TABLE extra_test (id bigint PRIMARY KEY);');
      await expect(migrate(db, readMigrations(dir))).rejects.toThrow('Migration 999-extra changed after it was applied.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('roll back completely when a migration fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.writeFileSync(path.join(dir, '998-broken.sql'), 'CREATE TABLE half_done (id integer); SELECT * FROM missing_table;');
      await expect(migrate(db, readMigrations(dir))).rejects.toThrow();
      const tables = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(tables).toHaveLength(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
