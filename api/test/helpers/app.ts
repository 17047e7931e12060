import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { IN_MEMORY } from '../../src/db/pglite-db';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const PUBLIC_URL = 'http://api.test';
export const SITE_URL = 'http://site.test';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Closes the app and removes its data (temp folder, or its PostgreSQL schema). */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Reuse a data folder (and database) from an earlier app: the persistence tests. */
  dataDir?: string;
  /** Keep PGlite on disk under dataDir instead of in memory. */
  onDisk?: boolean;
  /** Reuse a PostgreSQL schema (when DATABASE_URL is set). */
  schema?: string;
  config?: Partial<AppConfig>;
  keepData?: boolean;
  /** Clock for the public cache's TTL. */
  now?: () => number;
}

/** On DATABASE_URL every test file gets a schema of its own; otherwise PGlite in memory. */
function databaseFor(dataDir: string, options: TestAppOptions): AppConfig['database'] {
  const url = process.env.DATABASE_URL;
  if (url) return { url, pgliteDir: IN_MEMORY, schema: options.schema ?? `test_${randomBytes(6).toString('hex')}` };
  return { pgliteDir: options.onDisk ? path.join(dataDir, 'pglite') : IN_MEMORY };
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'institute-api-')));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    PUBLIC_URL,
    AUTH_RATE_LIMIT_MAX: '100000',
    PAYMENT_RATE_LIMIT_MAX: '100000',
    PAYMENT_LOOKUP_LIMIT_PER_USER: '100000',
    PAYMENT_LOOKUP_LIMIT_PER_IP: '100000',
    SITE_URL: SITE_URL,
    // Port 9 refuses connections: a test that forgets to start the PayPal sandbox fails fast and never reaches a
    // sandbox someone else runs on 4010. Payment tests pass `config.paypal` (see helpers/paypal.ts).
    PAYPAL_API_BASE: 'http://127.0.0.1:9',
    PAYPAL_TIMEOUT_MS: '5000',
    // The same for EmailJS; the outbox worker runs only when a test calls tick() (email tests start the sandbox).
    EMAILJS_API_BASE: 'http://127.0.0.1:9',
    EMAILJS_TIMEOUT_MS: '2000',
    EMAIL_OUTBOX_INTERVAL_MS: '0',
    // Waitlist offers are made by the calls that free a seat; the background pass runs when a test calls tick().
    WAITLIST_OFFER_INTERVAL_MS: '0',
    ADVISING_REMINDER_INTERVAL_MS: '0',
    // Payment reminders: the pass runs when a test calls it, with the day it is given (an injected clock).
    PAYMENT_REMINDER_INTERVAL_MS: '0',
  });
  const config: AppConfig = {
    ...base,
    // The one place a lower argon2 cost is used: an explicit test-only option (decision 005).
    passwordHashCost: 'fast-for-tests',
    database: databaseFor(dataDir, options),
    ...options.config,
  };
  const app = await buildApp({ config, logger: false, ...(options.now ? { now: options.now } : {}) });
  return {
    app,
    config,
    async close() {
      await app.close();
      if (options.keepData) return;
      if (config.database.url && config.database.schema) await dropSchema(config.database.schema);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
