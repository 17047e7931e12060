import type { AppConfig } from '../config';
import type { Db } from './db';
import { openPglite } from './pglite-db';
import { openPostgres } from './postgres-db';

export function openDb(database: AppConfig['database'], onIdleError?: (error: Error) => void): Promise<Db> {
  if (database.url) return openPostgres({ url: database.url, schema: database.schema, onIdleError });
  return openPglite(database.pgliteDir);
}
