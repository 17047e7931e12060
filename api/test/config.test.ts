import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, DEV_ADMIN, DEV_STUDENT, loadConfig } from '../src/config';
import { estimatedBits, productionProblems } from '../src/production-checks';

const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'institute-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const PRODUCTION = {
  NODE_ENV: 'production', JWT_SECRET: 'q3J9v-LxZ8mT2pW7rY5nB1cK4hF6gD0sA_eU8iO3tR2', ADMIN_EMAIL: 'Ops@Example.org',
  ADMIN_PASSWORD: 'Cobalt-Harbor-81', PUBLIC_URL: 'https://api.northbridge.example', SITE_URL: 'https://northbridge.example',
  SITE_ORIGINS: 'https://northbridge.example', PAYPAL_API_BASE: 'https://api-m.paypal.com', PAYPAL_CLIENT_ID: 'live-id',
  PAYPAL_CLIENT_SECRET: 'live-secret-7Yq2', PAYPAL_WEBHOOK_ID: 'WH-LIVE', PAYPAL_MERCHANT_ID: 'NBINSTITUTE01',
};
const problems = (env: Record<string, string>) => productionProblems(env, {
  passwords: [DEV_ADMIN.password, DEV_STUDENT.password],
  secrets: { PAYPAL_CLIENT_ID: 'sandbox-client-id', PAYPAL_CLIENT_SECRET: 'sandbox-client-secret', PAYPAL_WEBHOOK_ID: 'sandbox-webhook-id', PAYPAL_MERCHANT_ID: 'SANDBOXMERCH1' },
});

describe('loadConfig', () => {
  it('has working development defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      nodeEnv: 'development', host: '127.0.0.1', port: 4000, publicUrl: 'http://localhost:4000',
      siteOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      admin: { email: 'admin@northbridge.example', password: 'Admin#2026!', usingDefaults: true },
      demoStudent: { email: 'student@northbridge.example', password: 'Student#2026!' },
      registerRateLimit: { max: 100, windowMs: 3_600_000 }, loginThrottle: { perAccount: 10, perAccountAllClients: 50, perIp: 100, windowMs: 900_000 }, passwordHashCost: 'owasp', seedDemoContent: true,
      vitalsRateLimit: { max: 60, timeWindowMs: 60_000 },
      jwt: { expiresIn: '12h' },
      database: { url: undefined, pgliteDir: path.join(dir, 'pglite') },
      uploadsDir: path.join(dir, 'uploads'),
      siteUrl: 'http://localhost:3000',
      paypal: {
        apiBase: 'http://127.0.0.1:4010', clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret',
        webhookId: 'sandbox-webhook-id', timeoutMs: 15_000, merchant: { id: 'SANDBOXMERCH1', email: 'merchant@sandbox.example' },
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
      DATA_DIR: tmp(), API_PORT: '4100', HOST: '0.0.0.0', PUBLIC_URL: 'https://api.example.org/', SITE_ORIGINS: 'https://a.example, https://b.example',
      DATABASE_URL: 'postgres://u:p@db/x', JWT_SECRET: 's'.repeat(32), AUTH_RATE_LIMIT_MAX: '3', SEED_DEMO_CONTENT: 'false',
    });
    expect(config).toMatchObject({
      port: 4100, host: '0.0.0.0', publicUrl: 'https://api.example.org', siteOrigins: ['https://a.example', 'https://b.example'],
      database: { url: 'postgres://u:p@db/x' }, jwt: { secret: 's'.repeat(32) }, registerRateLimit: { max: 3 }, seedDemoContent: false,
    });
  });

  it('starts in production with generated secrets, a strong admin password and https everywhere', () => {
    const prod = loadConfig({ ...PRODUCTION, DATA_DIR: tmp() });
    expect(prod).toMatchObject({ admin: { email: 'ops@example.org', usingDefaults: false }, demoStudent: null, seedDemoContent: false });
    expect(prod.paypal).toEqual({
      apiBase: 'https://api-m.paypal.com', clientId: 'live-id', clientSecret: 'live-secret-7Yq2', webhookId: 'WH-LIVE', timeoutMs: 15_000,
      merchant: { id: 'NBINSTITUTE01', email: null },
      webhookVerification: 'local', webhookCertOrigins: ['https://api.paypal.com', 'https://api-m.paypal.com'],
    });
    expect(loadConfig({ ...PRODUCTION, PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com', PAYPAL_WEBHOOK_VERIFY: 'api', DATA_DIR: tmp() }).paypal)
      .toMatchObject({ webhookVerification: 'api', webhookCertOrigins: ['https://api.sandbox.paypal.com', 'https://api-m.sandbox.paypal.com'] });
    expect(() => loadConfig({ ...PRODUCTION, PAYPAL_WEBHOOK_VERIFY: 'never', DATA_DIR: tmp() })).toThrow('PAYPAL_WEBHOOK_VERIFY must be "local" or "api" (got "never").');
    expect(loadConfig({ DATA_DIR: tmp(), PAYMENT_LOOKUP_LIMIT_PER_USER: '5', PAYMENT_LOOKUP_LIMIT_PER_IP: '50' }))
      .toMatchObject({ paymentLookupRateLimit: { perUser: 5, perIp: 50, timeWindowMs: 60_000 }, paypal: { webhookCertOrigins: ['http://127.0.0.1:4010', 'http://localhost:4010'] } });
    expect(loadConfig({ ...PRODUCTION, PAYPAL_MERCHANT_EMAIL: 'pay@northbridge.example', DATA_DIR: tmp() }).paypal.merchant)
      .toEqual({ id: 'NBINSTITUTE01', email: 'pay@northbridge.example' });
  });

  it('refuses to start in production, one line per problem, when everything is missing', () => {
    expect(problems({ NODE_ENV: 'production', DATA_DIR: tmp() })).toEqual([
      'JWT_SECRET is not set: generate one with `openssl rand -base64 48`.',
      'ADMIN_EMAIL is not set.',
      'ADMIN_PASSWORD is not set.',
      'PAYPAL_CLIENT_ID is not set.',
      'PAYPAL_CLIENT_SECRET is not set.',
      'PAYPAL_WEBHOOK_ID is not set.',
      'PAYPAL_MERCHANT_ID is not set.',
      'PUBLIC_URL is not set: give the https URL the public uses.',
      'SITE_URL is not set: give the https URL the public uses.',
      'PAYPAL_API_BASE is not set: give the https URL the public uses.',
      'SITE_ORIGINS is not set: list the https origins the site is served from (comma-separated).',
    ]);
  });

  it("refuses the audit's unsafe production values", () => {
    expect(problems({
      ...PRODUCTION, JWT_SECRET: 'a'.repeat(32), ADMIN_PASSWORD: 'Admin#2026!', PAYPAL_CLIENT_SECRET: 'sandbox-client-secret',
      SITE_ORIGINS: 'https://northbridge.example,http://localhost:3000', PUBLIC_URL: 'http://api.northbridge.example',
    })).toEqual([
      'JWT_SECRET is too predictable (repeated or too few different characters): generate one with `openssl rand -base64 48`.',
      'PAYPAL_CLIENT_SECRET is the published development value "sandbox-client-secret": use the production one.',
      'ADMIN_PASSWORD is a published development password: choose another.',
      'PUBLIC_URL must use https in production (got "http://api.northbridge.example").',
      'SITE_ORIGINS entry "http://localhost:3000" must use https in production (got "http://localhost:3000").',
    ]);
    expect(problems({ ...PRODUCTION, JWT_SECRET: 'short', ADMIN_PASSWORD: 'x' })).toEqual([
      'JWT_SECRET is 5 bytes long; it must be at least 32: generate one with `openssl rand -base64 48`.',
      'ADMIN_PASSWORD fails the password policy: Password must be at least 8 characters long.',
    ]);
    expect(problems({ ...PRODUCTION, ADMIN_PASSWORD: 'password123', PAYPAL_CLIENT_ID: 'sandbox-client-id', PAYPAL_WEBHOOK_ID: 'sandbox-webhook-id', PAYPAL_MERCHANT_ID: 'SANDBOXMERCH1' })).toEqual([
      'PAYPAL_CLIENT_ID is the published development value "sandbox-client-id": use the production one.',
      'PAYPAL_WEBHOOK_ID is the published development value "sandbox-webhook-id": use the production one.',
      'PAYPAL_MERCHANT_ID is the published development value "SANDBOXMERCH1": use the production one.',
      'ADMIN_PASSWORD fails the password policy: This password is on a list of common or breached passwords. Please choose another one.',
    ]);
    expect(problems({ ...PRODUCTION, PAYPAL_API_BASE: 'http://api-m.paypal.com', SITE_URL: 'northbridge.example' })).toEqual([
      'SITE_URL must be an absolute https URL (got "northbridge.example").',
      'PAYPAL_API_BASE must use https in production (got "http://api-m.paypal.com").',
    ]);
  });

  it('says the whole list in the error the server prints', () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: 'k'.repeat(40), SITE_ORIGINS: '' })).toThrow(new ConfigError([
      'Refusing to start in production:',
      '  - JWT_SECRET is too predictable (repeated or too few different characters): generate one with `openssl rand -base64 48`.',
      '  - SITE_ORIGINS is not set: list the https origins the site is served from (comma-separated).',
    ].join('\n')));
  });

  it('estimates how much randomness a secret holds', () => {
    expect(estimatedBits('a'.repeat(64))).toBe(0);
    expect(estimatedBits('ab'.repeat(32))).toBe(64);
    expect(estimatedBits(randomBytes(32).toString('base64'))).toBeGreaterThan(128);
    expect(estimatedBits(randomBytes(32).toString('hex'))).toBeGreaterThan(128);
  });

  it('reads the sign-in and sign-up throttling settings (AUTH_RATE_LIMIT_MAX is the older name of the sign-up ceiling)', () => {
    const config = loadConfig({
      DATA_DIR: tmp(), REGISTER_RATE_LIMIT_MAX: '40', REGISTER_RATE_LIMIT_WINDOW_MS: '600000', AUTH_RATE_LIMIT_MAX: '7',
      LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURES_PER_ACCOUNT_ALL_CLIENTS: '25', LOGIN_FAILURES_PER_IP: '50', LOGIN_FAILURE_WINDOW_MS: '300000',
    });
    expect(config).toMatchObject({ registerRateLimit: { max: 40, windowMs: 600_000 }, loginThrottle: { perAccount: 5, perAccountAllClients: 25, perIp: 50, windowMs: 300_000 } });
    expect(() => loadConfig({ DATA_DIR: tmp(), LOGIN_FAILURES_PER_ACCOUNT: '0' })).toThrow('LOGIN_FAILURES_PER_ACCOUNT must be an integer between 1 and 1000000');
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

  it('listens on API_PORT, else on PORT as a hosting platform assigns it, else on the development port', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).port).toBe(4000);
    expect(loadConfig({ DATA_DIR: tmp(), API_PORT: '4100' }).port).toBe(4100);
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8080' }).port).toBe(8080);
    expect(loadConfig({ DATA_DIR: tmp(), API_PORT: '4100', PORT: '8080' }).port).toBe(4100);
    expect(loadConfig({ DATA_DIR: tmp(), API_PORT: '', PORT: '8080' }).port).toBe(8080);
    expect(loadConfig({ DATA_DIR: tmp(), API_PORT: '0' }).port).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('names the port variable it read when the value is unusable', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), API_PORT: 'eighty' })).toThrow(new ConfigError('API_PORT must be an integer between 0 and 65535 (got "eighty").'));
    expect(() => loadConfig({ DATA_DIR: tmp(), API_PORT: '65536', PORT: '8080' })).toThrow('API_PORT must be an integer between 0 and 65535 (got "65536").');
    expect(() => loadConfig({ DATA_DIR: tmp(), API_PORT: '4000.5' })).toThrow('API_PORT must be an integer between 0 and 65535 (got "4000.5").');
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: '-1' })).toThrow('PORT must be an integer between 0 and 65535 (got "-1").');
    // A bad PORT is not read, so not reported, when API_PORT is set.
    expect(loadConfig({ DATA_DIR: tmp(), API_PORT: '4100', PORT: 'eighty' }).port).toBe(4100);
  });

  it('rejects unusable values with a clear message', () => {
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

  it('reads flags as people write them and names every refused variable, one line each', () => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: ' YES ', SEED_DEMO_CONTENT: '0' })).toMatchObject({ trustProxy: true, seedDemoContent: false });
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '', SEED_DEMO_CONTENT: 'False' })).toMatchObject({ trustProxy: false, seedDemoContent: false });
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'sometimes', EMAIL_MAX_ATTEMPTS: '0', PUBLIC_URL: 'api.example.org' })).toThrow(new ConfigError([
      'PUBLIC_URL must be an absolute http(s) URL (got "api.example.org").',
      'TRUST_PROXY must be true or false (got "sometimes").',
      'EMAIL_MAX_ATTEMPTS must be an integer between 1 and 100 (got "0").',
    ].join('\n')));
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYPAL_TIMEOUT_MS: '30000' })).toThrow(
      'PAYPAL_TIMEOUT_MS (30000) must be below REQUEST_TIMEOUT_MS (30000): a slow PayPal must be reported, not cut off.',
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_PASSWORD: 'Cobalt-Harbor-81' })).toThrow(
      new ConfigError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither (development defaults apply).'),
    );
  });

  it('never lowers the password hashing cost from the environment', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PASSWORD_HASH_COST: 'fast-for-tests' } as Record<string, string>).passwordHashCost).toBe('owasp');
  });
});
