import path from 'node:path';
import { DEFAULT_INSTITUTE, DEV, localUrl } from '@institute/shared/defaults';
import { cloudinaryDeliveryOrigin } from '@institute/shared/rules';
import { readOrCreateJwtSecret } from './lib/jwt-secret';
import { uploadStoreConfig, type UploadStoreConfig } from './lib/upload-store-config';
import { productionProblems, type PublishedDefaults } from './production-checks';

export type NodeEnv = 'development' | 'production' | 'test';

/** `owasp` is the only cost reachable from the environment; `fast-for-tests` is set in test code only. */
export type PasswordHashCost = 'owasp' | 'fast-for-tests';

/** Per IP a minute: a page load sends one or two beacons, so this is generous for people and a wall for floods. */
export const DEFAULT_VITALS_RATE_LIMIT_MAX = 60;

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
  /** Sign-ups per IP per window, counted in PostgreSQL: high enough for a classroom behind one address. */
  registerRateLimit: { max: number; windowMs: number };
  /**
   * Failed sign-ins allowed in a fixed window (decisions 015, 027); successes are not counted. `perAccount`: per
   * account from one client (a known browser, or else one address); `perAccountAllClients`: per account from every
   * browser not known for it together; `perIp`: per address.
   */
  loginThrottle: { perAccount: number; perAccountAllClients: number; perIp: number; windowMs: number };
  /** Field-data beacons per IP (decision 013); a test stack raises it, since every visit there reports. */
  vitalsRateLimit: { max: number; timeWindowMs: number };
  trustProxy: boolean;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  /** Image URLs typed in the admin forms (decision 028): hosts kept as they are, and private hosts fetched anyway. */
  imageImport: { imageHosts: string[]; allowPrivate: string[]; timeoutMs: number };
  /** Gallery files on this machine's disk, or at Cloudinary when several machines serve the API (decision 019). */
  uploadStore: UploadStoreConfig;
  passwordHashCost: PasswordHashCost;
  logLevel: string;
  /** Where PayPal sends the buyer back after the redirect flow: <siteUrl>/payment-success and /payment-cancel. */
  siteUrl: string;
  paypal: PayPalConfig;
  /** Order creation per signed-in user (a card-testing brake); capture and reads are not limited. */
  paymentRateLimit: { max: number; timeWindowMs: number };
  /**
   * verify-payment and cancel, which read an order from PayPal for any id: per user and per client address per
   * window, so nobody turns the API into a PayPal caller (issue 28).
   */
  paymentLookupRateLimit: { perUser: number; perIp: number; timeWindowMs: number };
  /**
   * The payment reconciler (decision 011): every `intervalMs` (0: off) it settles from PayPal the CREATED rows
   * whose capture outcome is unknown, and unclaimed ones older than `staleAfterMs`.
   */
  paymentReconcile: { intervalMs: number; staleAfterMs: number };
  /** Mail the API sends itself (decision 020): EmailJS's REST API with the account's private key. */
  email: EmailConfig;
  /** The outbox worker: every `intervalMs` (0: off) it sends due mail; a failed send waits retryBaseMs x 2^n. */
  emailOutbox: { intervalMs: number; maxAttempts: number; retryBaseMs: number; batch: number };
  /** The institute as receipts and emails name it (the site's config.json shows the same INSTITUTE_* values). */
  institute: { name: string; address: string; phone: string; email: string };
  /** How long a public list or item body is reused before the database is asked again (0: never reused). */
  publicCacheTtlMs: number;
  /** PostgreSQL connect, statement and idle-in-transaction limits (decision 012); unused on PGlite. */
  dbTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  /**
   * The most a request may take, from arrival to answer: past it the client gets 503 with Retry-After (whatever
   * the handler is still waiting for). Above `paypal.timeoutMs` and the database timeouts, so they fire first.
   */
  requestTimeoutMs: number;
}

export interface PayPalConfig {
  /** PayPal REST base: the sandbox in development and tests, https://api-m.paypal.com in production. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered at PayPal for <api>/api/payments/webhook; quoted when verifying events. */
  webhookId: string;
  /** Per request to PayPal; a slower answer counts as "PayPal could not be reached". */
  timeoutMs: number;
  /**
   * How webhook signatures are checked: `local` verifies PayPal's RSA signature with the certificate from
   * `paypal-cert-url` (allow-listed origins, cached); `api` asks PayPal's verify-webhook-signature each time.
   */
  webhookVerification: 'local' | 'api';
  /** Origins a `paypal-cert-url` may point at (PayPal's API hosts; the sandbox's in development). */
  webhookCertOrigins: string[];
  /**
   * The institute's PayPal account (PAYPAL_MERCHANT_ID, PAYPAL_MERCHANT_EMAIL): a captured order whose payee is
   * another account is never recorded as paid (decision 026).
   */
  merchant: { id: string; email: string | null };
}

export interface EmailConfig {
  /** https://api.emailjs.com in production; the sandbox's stand-in in development and tests. */
  apiBase: string;
  serviceId: string;
  publicKey: string;
  /** The private key ("access token"): EmailJS refuses server-side sends without it when strict mode is on. */
  privateKey: string;
  /** One template for every account email: it renders {{subject}}, {{message}} and an optional {{link_url}}. */
  templateId: string;
  timeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Development defaults come from one place (shared/src/defaults), shared with the sandbox, the scripts and e2e.
export const DEV_ADMIN = DEV.admin;
export const DEV_STUDENT = DEV.student;
const DEFAULT_ORIGINS = `${localUrl(DEV.ports.site)},http://127.0.0.1:${DEV.ports.site}`;
/** The provider sandbox's defaults (docs/sandbox.md), so `npm start` works with no keys. */
export const SANDBOX_PAYPAL = {
  apiBase: `http://127.0.0.1:${DEV.ports.sandbox}`,
  clientId: DEV.sandbox.paypalClientId,
  clientSecret: DEV.sandbox.paypalClientSecret,
  webhookId: DEV.sandbox.paypalWebhookId,
  merchantId: DEV.sandbox.paypalMerchantId,
  merchantEmail: DEV.sandbox.paypalMerchantEmail,
} as const;
/** Production refuses these: they are in this repository for anyone to read. */
const PUBLISHED_DEFAULTS: PublishedDefaults = {
  passwords: [DEV_ADMIN.password, DEV_STUDENT.password],
  secrets: {
    PAYPAL_CLIENT_ID: SANDBOX_PAYPAL.clientId,
    PAYPAL_CLIENT_SECRET: SANDBOX_PAYPAL.clientSecret,
    PAYPAL_WEBHOOK_ID: SANDBOX_PAYPAL.webhookId,
    PAYPAL_MERCHANT_ID: SANDBOX_PAYPAL.merchantId,
    EMAILJS_PRIVATE_KEY: DEV.sandbox.emailjsPrivateKey,
  },
};

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

/**
 * The listen port: `API_PORT`, the name the scripts use too; else `PORT`, as hosting platforms (Heroku, Render,
 * Cloud Run) assign it (decision 023). An error names the variable that was read.
 */
function listenPort(env: Env): number {
  const name = !env.API_PORT && env.PORT ? 'PORT' : 'API_PORT';
  return int(env, name, DEV.ports.api, 0, 65535);
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}").`);
}

/** An absolute http(s) URL without a trailing slash; production insists on https. */
function baseUrl(env: Env, name: string, fallback: string, production: boolean): string {
  const raw = (env[name] || fallback).trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}").`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}").`);
  if (production && url.protocol !== 'https:') throw new ConfigError(`${name} must use https in production (got "${raw}").`);
  return raw.replace(/\/+$/, '');
}

function webhookVerification(env: Env): PayPalConfig['webhookVerification'] {
  const raw = env.PAYPAL_WEBHOOK_VERIFY || 'local';
  if (raw !== 'local' && raw !== 'api') throw new ConfigError(`PAYPAL_WEBHOOK_VERIFY must be "local" or "api" (got "${raw}").`);
  return raw;
}

/** PayPal's certificate hosts for its two API bases; any other base (the sandbox) serves its own, under both loopback names. */
const PAYPAL_CERT_ORIGINS: Record<string, string[]> = {
  'api-m.paypal.com': ['https://api.paypal.com', 'https://api-m.paypal.com'],
  'api-m.sandbox.paypal.com': ['https://api.sandbox.paypal.com', 'https://api-m.sandbox.paypal.com'],
};

function certOrigins(env: Env, apiBase: string): string[] {
  const listed = env.PAYPAL_WEBHOOK_CERT_ORIGINS?.split(',').map((o) => o.trim()).filter(Boolean);
  if (listed?.length) {
    return listed.map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new ConfigError(`PAYPAL_WEBHOOK_CERT_ORIGINS must list absolute https origins (got "${origin}").`);
      }
    });
  }
  const url = new URL(apiBase);
  const known = PAYPAL_CERT_ORIGINS[url.hostname.replace(/^api\./, 'api-m.')];
  if (known) return known;
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') {
    return [`${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`, `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}`];
  }
  return [url.origin];
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
    const problems = productionProblems(env, PUBLISHED_DEFAULTS);
    if (problems.length > 0) {
      throw new ConfigError(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    }
  }

  const port = listenPort(env);
  const paypalApiBase = baseUrl(env, 'PAYPAL_API_BASE', SANDBOX_PAYPAL.apiBase, production);
  const requestTimeoutMs = int(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000);
  const paypalTimeoutMs = int(env, 'PAYPAL_TIMEOUT_MS', 15_000, 100, 120_000);
  if (paypalTimeoutMs >= requestTimeoutMs) {
    throw new ConfigError(`PAYPAL_TIMEOUT_MS (${paypalTimeoutMs}) must be below REQUEST_TIMEOUT_MS (${requestTimeoutMs}): a slow PayPal must be reported, not cut off.`);
  }
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
    registerRateLimit: {
      // AUTH_RATE_LIMIT_MAX is the older name, still set by test stacks to lift the limit.
      max: int(env, env.REGISTER_RATE_LIMIT_MAX ? 'REGISTER_RATE_LIMIT_MAX' : 'AUTH_RATE_LIMIT_MAX', 100, 1, 1_000_000),
      windowMs: int(env, 'REGISTER_RATE_LIMIT_WINDOW_MS', 3_600_000, 1000, 86_400_000),
    },
    loginThrottle: {
      perAccount: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 10, 1, 1_000_000),
      perAccountAllClients: int(env, 'LOGIN_FAILURES_PER_ACCOUNT_ALL_CLIENTS', 50, 1, 1_000_000),
      perIp: int(env, 'LOGIN_FAILURES_PER_IP', 100, 1, 1_000_000),
      windowMs: int(env, 'LOGIN_FAILURE_WINDOW_MS', 900_000, 1000, 86_400_000),
    },
    vitalsRateLimit: { max: int(env, 'VITALS_RATE_LIMIT_MAX', DEFAULT_VITALS_RATE_LIMIT_MAX, 1, 1_000_000), timeWindowMs: 60_000 },
    trustProxy: bool(env, 'TRUST_PROXY', false),
    bodyLimitBytes: 1024 * 1024,
    // A phone's or camera's photo as it comes (decision 028); the pixel count has its own limit.
    uploadLimitBytes: 25 * 1024 * 1024,
    uploadStore: uploadStoreConfig(env, production, (message) => new ConfigError(message)),
    imageImport: {
      // Cloudinary delivers what the site's uploads store; its URLs are kept and resized there, never imported.
      imageHosts: [...new Set(['https://res.cloudinary.com', cloudinaryDeliveryOrigin(env.CLOUDINARY_UPLOAD_BASE_URL),
        ...(production ? [] : [`http://localhost:${DEV.ports.sandbox}`])])],
      // host:port pairs on a private network the API may still fetch images from (an intranet host; tests).
      allowPrivate: (env.IMAGE_IMPORT_ALLOW_PRIVATE ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
      timeoutMs: int(env, 'IMAGE_IMPORT_TIMEOUT_MS', 15_000, 1000, 120_000),
    },
    passwordHashCost: 'owasp',
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    siteUrl: baseUrl(env, 'SITE_URL', localUrl(DEV.ports.site), production),
    paypal: {
      apiBase: paypalApiBase,
      clientId: env.PAYPAL_CLIENT_ID || SANDBOX_PAYPAL.clientId,
      clientSecret: env.PAYPAL_CLIENT_SECRET || SANDBOX_PAYPAL.clientSecret,
      webhookId: env.PAYPAL_WEBHOOK_ID || SANDBOX_PAYPAL.webhookId,
      timeoutMs: paypalTimeoutMs,
      webhookVerification: webhookVerification(env),
      webhookCertOrigins: certOrigins(env, paypalApiBase),
      merchant: {
        id: env.PAYPAL_MERCHANT_ID || SANDBOX_PAYPAL.merchantId,
        // The sandbox's email is a development value too: production names its own, or none (the id decides).
        email: env.PAYPAL_MERCHANT_EMAIL || (production ? null : SANDBOX_PAYPAL.merchantEmail),
      },
    },
    paymentRateLimit: {
      max: int(env, 'PAYMENT_RATE_LIMIT_MAX', 20, 1, 1_000_000),
      timeWindowMs: int(env, 'PAYMENT_RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    paymentLookupRateLimit: {
      perUser: int(env, 'PAYMENT_LOOKUP_LIMIT_PER_USER', 30, 1, 1_000_000),
      perIp: int(env, 'PAYMENT_LOOKUP_LIMIT_PER_IP', 120, 1, 1_000_000),
      timeWindowMs: int(env, 'PAYMENT_LOOKUP_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    paymentReconcile: {
      intervalMs: int(env, 'PAYMENT_RECONCILE_INTERVAL_MS', 15_000, 0, 3_600_000),
      staleAfterMs: int(env, 'PAYMENT_RECONCILE_AFTER_MS', 300_000, 0, 86_400_000),
    },
    email: {
      apiBase: baseUrl(env, 'EMAILJS_API_BASE', production ? 'https://api.emailjs.com' : SANDBOX_PAYPAL.apiBase, production),
      // Strict mode ("Use Private Key") is an EmailJS account setting, and the site's forms cannot use it: the
      // server's mail may come from an account of its own, named by the EMAILJS_SERVER_* pair (decision 026).
      serviceId: env.EMAILJS_SERVER_SERVICE_ID || env.EMAILJS_SERVICE_ID || DEV.sandbox.emailjsServiceId,
      publicKey: env.EMAILJS_SERVER_PUBLIC_KEY || env.EMAILJS_PUBLIC_KEY || DEV.sandbox.emailjsPublicKey,
      // Never the published sandbox key in production: unset there, sends are refused and listed to the admin.
      privateKey: env.EMAILJS_PRIVATE_KEY || (production ? '' : DEV.sandbox.emailjsPrivateKey),
      templateId: env.EMAILJS_ACCOUNT_TEMPLATE_ID || DEV.sandbox.emailjsTemplates.account,
      timeoutMs: int(env, 'EMAILJS_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    emailOutbox: {
      intervalMs: int(env, 'EMAIL_OUTBOX_INTERVAL_MS', 2000, 0, 3_600_000),
      maxAttempts: int(env, 'EMAIL_MAX_ATTEMPTS', 8, 1, 100),
      retryBaseMs: int(env, 'EMAIL_RETRY_BASE_MS', 30_000, 0, 3_600_000),
      batch: 20,
    },
    institute: {
      name: env.INSTITUTE_NAME || DEFAULT_INSTITUTE.name,
      address: env.INSTITUTE_ADDRESS || DEFAULT_INSTITUTE.address,
      phone: env.INSTITUTE_PHONE || DEFAULT_INSTITUTE.phone,
      email: env.INSTITUTE_EMAIL || DEFAULT_INSTITUTE.email,
    },
    // Bounds how long another instance's write can stay unseen here (decision 010); CDNs keep 60 s anyway.
    publicCacheTtlMs: int(env, 'PUBLIC_CACHE_TTL_MS', 3000, 0, 60_000),
    dbTimeouts: {
      connectMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
      statementMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000),
      idleInTransactionMs: int(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 15_000, 100, 600_000),
    },
    requestTimeoutMs,
  };
}
