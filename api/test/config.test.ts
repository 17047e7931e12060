import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'institute-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const PAYPAL_LIVE = {
  PAYPAL_API_BASE: 'https://api-m.paypal.com', PAYPAL_CLIENT_ID: 'live-id', PAYPAL_CLIENT_SECRET: 'live-secret',
  PAYPAL_WEBHOOK_ID: 'WH-LIVE', SITE_URL: 'https://northbridge.example',
};

describe('loadConfig', () => {
  it('has working development defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      nodeEnv: 'development', host: '127.0.0.1', port: 4000, publicUrl: 'http://localhost:4000',
      siteOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      admin: { email: 'admin@northbridge.example', password: 'Admin#2026!', usingDefaults: true },
      demoStudent: { email: 'student@northbridge.example', password: 'Student#2026!' },
      authRateLimit: { max: 10, timeWindowMs: 60_000 }, passwordHashCost: 'owasp', seedDemoContent: true,
      vitalsRateLimit: { max: 60, timeWindowMs: 60_000 },
      jwt: { expiresIn: '12h' },
      database: { url: undefined, pgliteDir: path.join(dir, 'pglite') },
      uploadsDir: path.join(dir, 'uploads'),
      siteUrl: 'http://localhost:3000',
      paypal: {
        apiBase: 'http://127.0.0.1:4010', clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret',
        webhookId: 'sandbox-webhook-id', timeoutMs: 15_000,
      },
      paymentRateLimit: { max: 20, timeWindowMs: 60_000 },
      publicCacheTtlMs: 3000,
    });
  });

  it('defaults DATA_DIR to <repo>/data', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).dataDir).toBe(path.resolve(__dirname, '../../data'));
  });

  it('generates the development JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwt.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwt.secret).toBe(first);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      DATA_DIR: tmp(), PORT: '4100', HOST: '0.0.0.0', PUBLIC_URL: 'https://api.example.org/', SITE_ORIGINS: 'https://a.example, https://b.example',
      DATABASE_URL: 'postgres://u:p@db/x', JWT_SECRET: 's'.repeat(32), AUTH_RATE_LIMIT_MAX: '3', SEED_DEMO_CONTENT: 'false',
    });
    expect(config).toMatchObject({
      port: 4100, host: '0.0.0.0', publicUrl: 'https://api.example.org', siteOrigins: ['https://a.example', 'https://b.example'],
      database: { url: 'postgres://u:p@db/x' }, jwt: { secret: 's'.repeat(32) }, authRateLimit: { max: 3 }, seedDemoContent: false,
    });
  });

  it('refuses to start in production without the secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(
      new ConfigError('Missing required environment in production: JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD.'),
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short', ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'x' })).toThrow(
      'JWT_SECRET must be at least 32 characters long.',
    );
    const secrets = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(40), ADMIN_EMAIL: 'Ops@Example.org', ADMIN_PASSWORD: 'long-password', DATA_DIR: tmp() };
    const prod = loadConfig({ ...secrets, ...PAYPAL_LIVE });
    expect(prod).toMatchObject({ admin: { email: 'ops@example.org', usingDefaults: false }, demoStudent: null, seedDemoContent: false });
  });

  it('refuses to start in production without the payment configuration, or with plain http', () => {
    const secrets = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(40), ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'long-password', DATA_DIR: tmp() };
    expect(() => loadConfig(secrets)).toThrow(
      new ConfigError('Missing payment configuration in production: PAYPAL_API_BASE, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, SITE_URL.'),
    );
    expect(() => loadConfig({ ...secrets, ...PAYPAL_LIVE, PAYPAL_API_BASE: 'http://api-m.paypal.com' })).toThrow(
      'PAYPAL_API_BASE must use https in production (got "http://api-m.paypal.com").',
    );
    expect(loadConfig({ ...secrets, ...PAYPAL_LIVE }).paypal).toEqual({
      apiBase: 'https://api-m.paypal.com', clientId: 'live-id', clientSecret: 'live-secret', webhookId: 'WH-LIVE', timeoutMs: 15_000,
    });
  });

  it('reads the payment settings', () => {
    const config = loadConfig({
      DATA_DIR: tmp(), SITE_URL: 'https://courses.example/', PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com/', PAYPAL_TIMEOUT_MS: '5000',
      PAYMENT_RATE_LIMIT_MAX: '5', PAYMENT_RATE_LIMIT_WINDOW_MS: '10000',
    });
    expect(config).toMatchObject({
      siteUrl: 'https://courses.example', paypal: { apiBase: 'https://api-m.sandbox.paypal.com', timeoutMs: 5000 },
      paymentRateLimit: { max: 5, timeWindowMs: 10_000 },
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYPAL_API_BASE: 'api-m.paypal.com' })).toThrow('PAYPAL_API_BASE must be an absolute http(s) URL (got "api-m.paypal.com").');
    expect(() => loadConfig({ DATA_DIR: tmp(), SITE_URL: 'ftp://site.example' })).toThrow('SITE_URL must be an absolute http(s) URL');
  });

  it('rejects unusable values with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty' })).toThrow('PORT must be an integer between 0 and 65535 (got "eighty").');
    expect(() => loadConfig({ DATA_DIR: tmp(), SEED_DEMO_CONTENT: 'maybe' })).toThrow('SEED_DEMO_CONTENT must be true or false');
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.c' })).toThrow('Set both ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('reads the public cache TTL (0 turns the cache off) and refuses values above a minute', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_CACHE_TTL_MS: '0' }).publicCacheTtlMs).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_CACHE_TTL_MS: '5000' }).publicCacheTtlMs).toBe(5000);
    expect(() => loadConfig({ DATA_DIR: tmp(), PUBLIC_CACHE_TTL_MS: '120000' })).toThrow(
      'PUBLIC_CACHE_TTL_MS must be an integer between 0 and 60000 (got "120000").',
    );
  });

  it('never lowers the password hashing cost from the environment', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PASSWORD_HASH_COST: 'fast-for-tests' } as Record<string, string>).passwordHashCost).toBe('owasp');
  });
});
