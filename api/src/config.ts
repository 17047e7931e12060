import path from 'node:path';
import { DEFAULT_INSTITUTE, DEV } from '@institute/shared/defaults';
import { cloudinaryDeliveryOrigin } from '@institute/shared/rules';
import type { AppConfig, NodeEnv } from './env/app-config';
import { certOrigins } from './env/paypal-cert-origins';
import { ConfigError, readEnv } from './env/read';
import { EnvSchema, FLAG_VALUES } from './env/schema';
import { parseOfficeHours, type OfficeHours } from './lib/office-hours';
import { readOrCreateJwtSecret } from './lib/jwt-secret';
import { uploadStoreConfig } from './lib/upload-store-config';
import { productionProblems, type PublishedDefaults } from './production-checks';

export type { Account, AppConfig, EmailConfig, NodeEnv, PasswordHashCost, PayPalConfig } from './env/app-config';
export { ConfigError };

type RawEnv = Record<string, string | undefined>;

export const DEFAULT_VITALS_RATE_LIMIT_MAX: number = EnvSchema.properties.VITALS_RATE_LIMIT_MAX.default;
// Development defaults come from one place (shared/src/defaults), shared with the sandbox, the scripts and e2e.
export const DEV_ADMIN = DEV.admin;
export const DEV_STUDENT = DEV.student;
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

function nodeEnv(raw: string | undefined): NodeEnv {
  if (raw === 'production' || raw === 'test') return raw;
  return 'development';
}

/** A flag as read by EnvSchema (trimmed, lower case, one of FLAG_VALUES); unset or empty gives the fallback. */
function flag(value: string | undefined, fallback: boolean): boolean {
  if (!value) return fallback;
  return FLAG_VALUES.indexOf(value as (typeof FLAG_VALUES)[number]) <= 3;
}

/** A URL EnvSchema accepted, without its trailing slash; production insists on https. */
function baseUrl(name: string, value: string, production: boolean): string {
  if (production && !value.startsWith('https:')) throw new ConfigError(`${name} must use https in production (got "${value}").`);
  return value.replace(/\/+$/, '');
}

function officeHours(spec: string, timeZone: string): OfficeHours {
  try {
    return parseOfficeHours(spec, timeZone);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const list = (value: string) => value.split(',').map((entry) => entry.trim()).filter(Boolean);

/**
 * Reads the environment once at start. Production refuses to start on missing or published secrets (all of them
 * listed); then EnvSchema checks every value (all refused ones listed); then the rules that tie two values.
 */
export function loadConfig(raw: RawEnv = process.env): AppConfig {
  const mode = nodeEnv(raw.NODE_ENV);
  const production = mode === 'production';
  if (production) {
    const problems = productionProblems(raw, PUBLISHED_DEFAULTS);
    if (problems.length > 0) {
      throw new ConfigError(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    }
  }
  const env = readEnv(raw);

  const port = env.API_PORT ?? env.PORT ?? DEV.ports.api;
  const paypalApiBase = baseUrl('PAYPAL_API_BASE', env.PAYPAL_API_BASE, production);
  if (env.PAYPAL_TIMEOUT_MS >= env.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(`PAYPAL_TIMEOUT_MS (${env.PAYPAL_TIMEOUT_MS}) must be below REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS}): a slow PayPal must be reported, not cut off.`);
  }
  const dataDir = path.resolve(env.DATA_DIR || path.resolve(__dirname, '../../data'));
  const adminFromEnv = Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD);

  return {
    nodeEnv: mode,
    host: env.HOST,
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    seedMediaDir: path.resolve(__dirname, '../seed-media'),
    database: { url: env.DATABASE_URL || undefined, pgliteDir: path.join(dataDir, 'pglite') },
    jwt: { secret: env.JWT_SECRET || readOrCreateJwtSecret(dataDir), expiresIn: env.JWT_EXPIRES_IN },
    admin: {
      email: (adminFromEnv ? env.ADMIN_EMAIL! : DEV_ADMIN.email).trim().toLowerCase(),
      username: env.ADMIN_USERNAME,
      password: adminFromEnv ? env.ADMIN_PASSWORD! : DEV_ADMIN.password,
      usingDefaults: !adminFromEnv,
    },
    demoStudent: production ? null : { ...DEV_STUDENT },
    seedDemoContent: flag(env.SEED_DEMO_CONTENT, !production),
    siteOrigins: list(env.SITE_ORIGINS),
    registerRateLimit: { max: env.REGISTER_RATE_LIMIT_MAX ?? env.AUTH_RATE_LIMIT_MAX, windowMs: env.REGISTER_RATE_LIMIT_WINDOW_MS },
    loginThrottle: {
      perAccount: env.LOGIN_FAILURES_PER_ACCOUNT,
      perAccountAllClients: env.LOGIN_FAILURES_PER_ACCOUNT_ALL_CLIENTS,
      perIp: env.LOGIN_FAILURES_PER_IP,
      windowMs: env.LOGIN_FAILURE_WINDOW_MS,
    },
    couponThrottle: { perUser: env.COUPON_FAILURES_PER_USER, perIp: env.COUPON_FAILURES_PER_IP, windowMs: env.COUPON_FAILURE_WINDOW_MS },
    vitalsRateLimit: { max: env.VITALS_RATE_LIMIT_MAX, timeWindowMs: 60_000 },
    trustProxy: flag(env.TRUST_PROXY, false),
    bodyLimitBytes: 1024 * 1024,
    // A phone's or camera's photo as it comes (decision 028); the pixel count has its own limit.
    uploadLimitBytes: 25 * 1024 * 1024,
    uploadStore: uploadStoreConfig(env, production, (message) => new ConfigError(message)),
    imageImport: {
      // Cloudinary delivers what the site's uploads store; its URLs are kept and resized there, never imported.
      imageHosts: [...new Set(['https://res.cloudinary.com', cloudinaryDeliveryOrigin(env.CLOUDINARY_UPLOAD_BASE_URL),
        ...(production ? [] : [`http://localhost:${DEV.ports.sandbox}`])])],
      allowPrivate: list(env.IMAGE_IMPORT_ALLOW_PRIVATE),
      timeoutMs: env.IMAGE_IMPORT_TIMEOUT_MS,
    },
    passwordHashCost: 'owasp',
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'silent' : 'info'),
    siteUrl: baseUrl('SITE_URL', env.SITE_URL, production),
    paypal: {
      apiBase: paypalApiBase,
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      timeoutMs: env.PAYPAL_TIMEOUT_MS,
      webhookVerification: env.PAYPAL_WEBHOOK_VERIFY,
      webhookCertOrigins: certOrigins(env.PAYPAL_WEBHOOK_CERT_ORIGINS, paypalApiBase),
      merchant: {
        id: env.PAYPAL_MERCHANT_ID,
        // The sandbox's email is a development value too: production names its own, or none (the id decides).
        email: env.PAYPAL_MERCHANT_EMAIL || (production ? null : SANDBOX_PAYPAL.merchantEmail),
      },
    },
    paymentRateLimit: { max: env.PAYMENT_RATE_LIMIT_MAX, timeWindowMs: env.PAYMENT_RATE_LIMIT_WINDOW_MS },
    paymentLookupRateLimit: {
      perUser: env.PAYMENT_LOOKUP_LIMIT_PER_USER,
      perIp: env.PAYMENT_LOOKUP_LIMIT_PER_IP,
      timeWindowMs: env.PAYMENT_LOOKUP_LIMIT_WINDOW_MS,
    },
    paymentReconcile: { intervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS, staleAfterMs: env.PAYMENT_RECONCILE_AFTER_MS },
    waitlistOfferIntervalMs: env.WAITLIST_OFFER_INTERVAL_MS,
    advisingReminderIntervalMs: env.ADVISING_REMINDER_INTERVAL_MS,
    paymentReminderIntervalMs: env.PAYMENT_REMINDER_INTERVAL_MS,
    email: {
      apiBase: baseUrl('EMAILJS_API_BASE', env.EMAILJS_API_BASE ?? (production ? 'https://api.emailjs.com' : SANDBOX_PAYPAL.apiBase), production),
      // Strict mode ("Use Private Key") is an EmailJS account setting, and the site's forms cannot use it: the
      // server's mail may come from an account of its own, named by the EMAILJS_SERVER_* pair (decision 026).
      serviceId: env.EMAILJS_SERVER_SERVICE_ID || env.EMAILJS_SERVICE_ID,
      publicKey: env.EMAILJS_SERVER_PUBLIC_KEY || env.EMAILJS_PUBLIC_KEY,
      // Never the published sandbox key in production: unset there, sends are refused and listed to the admin.
      privateKey: env.EMAILJS_PRIVATE_KEY || (production ? '' : DEV.sandbox.emailjsPrivateKey),
      templateId: env.EMAILJS_ACCOUNT_TEMPLATE_ID,
      timeoutMs: env.EMAILJS_TIMEOUT_MS,
    },
    emailOutbox: {
      intervalMs: env.EMAIL_OUTBOX_INTERVAL_MS,
      maxAttempts: env.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: env.EMAIL_RETRY_BASE_MS,
      batch: 20,
    },
    institute: {
      name: env.INSTITUTE_NAME || DEFAULT_INSTITUTE.name,
      address: env.INSTITUTE_ADDRESS || DEFAULT_INSTITUTE.address,
      phone: env.INSTITUTE_PHONE || DEFAULT_INSTITUTE.phone,
      email: env.INSTITUTE_EMAIL || DEFAULT_INSTITUTE.email,
    },
    leads: {
      officeHours: officeHours(env.OFFICE_HOURS, env.INSTITUTE_TIME_ZONE),
      minFillMs: env.INQUIRY_MIN_FILL_MS,
      perIp: env.INQUIRY_LIMIT_PER_IP,
      perEmail: env.INQUIRY_LIMIT_PER_EMAIL,
      windowMs: env.INQUIRY_LIMIT_WINDOW_MS,
    },
    publicCacheTtlMs: env.PUBLIC_CACHE_TTL_MS,
    dbTimeouts: {
      connectMs: env.DB_CONNECT_TIMEOUT_MS,
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
  };
}
