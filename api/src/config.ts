import path from 'node:path';
import { readOrCreateJwtSecret } from './lib/jwt-secret';

export type NodeEnv = 'development' | 'production' | 'test';

/** `owasp` is the only cost reachable from the environment; `fast-for-tests` is set in test code only. */
export type PasswordHashCost = 'owasp' | 'fast-for-tests';

export interface Account {
  email: string;
  username: string;
  password: string;
}

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  /** Origin the browser uses to reach this API; stored media paths become absolute URLs on it. */
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  seedMediaDir: string;
  /** `url` set -> node-postgres; otherwise PGlite in `pgliteDir` (`memory://` keeps it in memory). */
  database: { url?: string; pgliteDir: string; schema?: string };
  jwt: { secret: string; expiresIn: string };
  admin: Account & { usingDefaults: boolean };
  demoStudent: Account | null;
  seedDemoContent: boolean;
  siteOrigins: string[];
  authRateLimit: { max: number; timeWindowMs: number };
  trustProxy: boolean;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  passwordHashCost: PasswordHashCost;
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEV_ADMIN = { email: 'admin@northbridge.example', username: 'admin', password: 'Admin#2026!' };
export const DEV_STUDENT = { email: 'student@northbridge.example', username: 'student', password: 'Student#2026!' };
const DEFAULT_ORIGINS = 'http://localhost:3000,http://127.0.0.1:3000';

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}").`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}").`);
}

function nodeEnv(raw: string | undefined): NodeEnv {
  if (raw === 'production' || raw === 'test') return raw;
  return 'development';
}

/** Reads the environment once at start; production refuses to start on missing secrets. */
export function loadConfig(env: Env = process.env): AppConfig {
  const mode = nodeEnv(env.NODE_ENV);
  const production = mode === 'production';
  if (production) {
    const missing = ['JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'].filter((name) => !env[name]);
    if (missing.length > 0) throw new ConfigError(`Missing required environment in production: ${missing.join(', ')}.`);
    if ((env.JWT_SECRET ?? '').length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.');
  }

  const port = int(env, 'PORT', 4000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || path.resolve(__dirname, '../../data'));
  const adminFromEnv = Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD);
  if (!adminFromEnv && (env.ADMIN_EMAIL || env.ADMIN_PASSWORD)) {
    throw new ConfigError('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither (development defaults apply).');
  }

  return {
    nodeEnv: mode,
    host: env.HOST || '127.0.0.1',
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    seedMediaDir: path.resolve(__dirname, '../seed-media'),
    database: { url: env.DATABASE_URL || undefined, pgliteDir: path.join(dataDir, 'pglite') },
    jwt: {
      secret: env.JWT_SECRET || readOrCreateJwtSecret(dataDir),
      expiresIn: env.JWT_EXPIRES_IN || '12h',
    },
    admin: {
      email: (adminFromEnv ? env.ADMIN_EMAIL! : DEV_ADMIN.email).trim().toLowerCase(),
      username: env.ADMIN_USERNAME || DEV_ADMIN.username,
      password: adminFromEnv ? env.ADMIN_PASSWORD! : DEV_ADMIN.password,
      usingDefaults: !adminFromEnv,
    },
    demoStudent: production ? null : { ...DEV_STUDENT },
    seedDemoContent: bool(env, 'SEED_DEMO_CONTENT', !production),
    siteOrigins: (env.SITE_ORIGINS || DEFAULT_ORIGINS).split(',').map((o) => o.trim()).filter(Boolean),
    authRateLimit: {
      max: int(env, 'AUTH_RATE_LIMIT_MAX', 10, 1, 1_000_000),
      timeWindowMs: int(env, 'AUTH_RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    trustProxy: bool(env, 'TRUST_PROXY', false),
    bodyLimitBytes: 1024 * 1024,
    uploadLimitBytes: 5 * 1024 * 1024,
    passwordHashCost: 'owasp',
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
  };
}
