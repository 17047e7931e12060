import { closeOnSignals } from '@institute/shared/node';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

/** Starts the API: `npx tsx src/server.ts` (env: API_PORT, HOST, DATA_DIR, PUBLIC_URL, SITE_ORIGINS, ...). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`The API did not start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // SIGTERM drains: no new connections, requests in flight finish. The grace outlasts the request deadline, so a
  // capture in flight gets its answer (or its 503) before the process exits.
  closeOnSignals(app, config.requestTimeoutMs + 5000);
  // Node's own limits on the connection: the whole request must arrive within requestTimeoutMs (408 otherwise),
  // and a socket silent for longer than the request deadline plus a margin is closed. Handlers are bounded by the
  // request deadline in plugins/app/errors.ts (503).
  app.server.requestTimeout = config.requestTimeoutMs;
  app.server.headersTimeout = Math.min(60_000, config.requestTimeoutMs);
  app.server.timeout = config.requestTimeoutMs + 10_000;

  const address = await app.listen({ host: config.host, port: config.port });
  const database = config.database.url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.pgliteDir}`;
  console.log(`API listening on ${address} (public URL ${config.publicUrl}; database: ${database})`);
  console.log(`Payments: PayPal at ${config.paypal.apiBase}, payers return to ${config.siteUrl}`);
  if (config.admin.usingDefaults) {
    console.log(`Demo admin login: ${config.admin.email} / ${config.admin.password}`);
    if (config.demoStudent) console.log(`Demo student login: ${config.demoStudent.email} / ${config.demoStudent.password}`);
  } else {
    console.log(`Admin login: ${config.admin.email} (password from ADMIN_PASSWORD)`);
  }
}

main().catch((error: unknown) => {
  console.error('The API failed to start:', error);
  process.exit(1);
});
