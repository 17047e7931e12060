import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import { migrate } from '../../db/migrate';
import { openDb } from '../../db/open-db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * Opens the database (PGlite, after locking its folder for this process; or PostgreSQL with the configured
 * timeouts), applies pending migrations, closes it (and releases the lock) with the app.
 */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const db = await openDb(config.database, (error) => app.log.error({ err: error }, 'idle database client error'), config.dbTimeouts);
  try {
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
  } catch (error) {
    await db.close();
    throw error;
  }
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.close();
  });
}, { name: 'db' });
