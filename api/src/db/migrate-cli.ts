import { loadConfig } from '../config';
import { migrate } from './migrate';
import { openDb } from './open-db';

/** `npm run migrate -w @institute/api`: applies pending migrations without starting the server. */
async function main(): Promise<void> {
  const config = loadConfig();
  // An index built over a large table takes longer than the API's 10 s statement limit for requests.
  const db = await openDb(config.database, undefined, { connectMs: 10_000, statementMs: 3_600_000, idleInTransactionMs: 3_600_000 });
  try {
    const applied = await migrate(db);
    console.log(applied.length > 0 ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('Migration failed:', error);
  process.exit(1);
});
