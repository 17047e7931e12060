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
      jwt: { expiresIn: '12h' },
      database: { url: undefined, pgliteDir: path.join(dir, 'pglite') },
      uploadsDir: path.join(dir, 'uploads'),
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
    const prod = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(40), ADMIN_EMAIL: 'Ops@Example.org', ADMIN_PASSWORD: 'long-password', DATA_DIR: tmp() });
    expect(prod).toMatchObject({ admin: { email: 'ops@example.org', usingDefaults: false }, demoStudent: null, seedDemoContent: false });
  });

  it('rejects unusable values with a clear message', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty' })).toThrow('PORT must be an integer between 0 and 65535 (got "eighty").');
    expect(() => loadConfig({ DATA_DIR: tmp(), SEED_DEMO_CONTENT: 'maybe' })).toThrow('SEED_DEMO_CONTENT must be true or false');
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.c' })).toThrow('Set both ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('never lowers the password hashing cost from the environment', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PASSWORD_HASH_COST: 'fast-for-tests' } as Record<string, string>).passwordHashCost).toBe('owasp');
  });
});
