import type { AppConfig } from '../config';
import type { Db } from './db';
import { openPglite } from './pglite-db';
import { openPostgres, type DbTimeouts } from './postgres-db';

export function openDb(database: AppConfig['database'], onIdleError?: (error: Error) => void, timeouts?: DbTimeouts): Promise<Db> {
  if (database.url) return openPostgres({ url: database.url, schema: database.schema, onIdleError, ...(timeouts ? { timeouts } : {}) });
  return openPglite(database.pgliteDir);
}
