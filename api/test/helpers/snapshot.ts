import fs from 'node:fs';
import type { TestApp } from './app';

const TABLES = ['users', 'programs', 'blogs', 'gallery_images', 'payments'] as const;

/** A fingerprint of every table and of the uploads folder, to prove a rejected request changed nothing. */
export async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await t.app.db.query<{ digest: string | null }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x.id), '')) AS digest FROM ${table} x`,
    );
    result[table] = row!.digest ?? '';
  }
  result.uploads = fs.existsSync(t.config.uploadsDir) ? fs.readdirSync(t.config.uploadsDir).sort().join(',') : '';
  return result;
}
