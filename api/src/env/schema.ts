import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DEV, localUrl } from '@institute/shared/defaults';

/** Written as people write them; read case-insensitively around spaces (ajv-keywords' transform). */
export const FLAG_VALUES = ['', '1', 'true', 'yes', '0', 'false', 'no'] as const;

const int = (fallback: number, minimum: number, maximum: number) => Type.Integer({ default: fallback, minimum, maximum });
const optionalInt = (minimum: number, maximum: number) => Type.Optional(Type.Integer({ minimum, maximum }));
const flag = () => Type.Optional(Type.String({ transform: ['trim', 'toLowerCase'], enum: [...FLAG_VALUES] }));
/** An absolute http(s) URL (checked whole by ajv-formats' `uri`); a trailing slash is dropped where it is read. */
const url = (fallback?: string) => Type.String({
  transform: ['trim'], pattern: '^https?://[^/\\s]', format: 'uri', ...(fallback ? { default: fallback } : {}),
});
const optionalUrl = () => Type.Optional(url());
const text = (fallback?: string) => (fallback === undefined ? Type.Optional(Type.String()) : Type.String({ default: fallback }));

/**
 * Every environment variable the API reads, with its type, bounds and development default: the one description of
 * the configuration (docs/api.md lists them for people). Values that depend on another (production, the port) get
 * their default in config.ts. An empty value counts as unset.
 */
export const EnvSchema = Type.Object({
  NODE_ENV: text(),
  API_PORT: optionalInt(0, 65535),
  /** The listen port as hosting platforms (Heroku, Render, Cloud Run) assign it; read only without API_PORT. */
  PORT: optionalInt(0, 65535),
  HOST: text('127.0.0.1'),
  PUBLIC_URL: optionalUrl(),
  DATA_DIR: text(),
  DATABASE_URL: text(),
  JWT_SECRET: text(),
  JWT_EXPIRES_IN: text('12h'),
  ADMIN_EMAIL: text(),
  ADMIN_PASSWORD: text(),
  ADMIN_USERNAME: text(DEV.admin.username),
  SEED_DEMO_CONTENT: flag(),
  SITE_ORIGINS: text(`${localUrl(DEV.ports.site)},http://127.0.0.1:${DEV.ports.site}`),
  REGISTER_RATE_LIMIT_MAX: optionalInt(1, 1_000_000),
  /** The older name of REGISTER_RATE_LIMIT_MAX, still set by test stacks to lift the limit. */
  AUTH_RATE_LIMIT_MAX: int(100, 1, 1_000_000),
  REGISTER_RATE_LIMIT_WINDOW_MS: int(3_600_000, 1000, 86_400_000),
  LOGIN_FAILURES_PER_ACCOUNT: int(10, 1, 1_000_000),
  LOGIN_FAILURES_PER_ACCOUNT_ALL_CLIENTS: int(50, 1, 1_000_000),
  LOGIN_FAILURES_PER_IP: int(100, 1, 1_000_000),
  LOGIN_FAILURE_WINDOW_MS: int(900_000, 1000, 86_400_000),
  COUPON_FAILURES_PER_USER: int(10, 1, 1_000_000),
  COUPON_FAILURES_PER_IP: int(30, 1, 1_000_000),
  COUPON_FAILURE_WINDOW_MS: int(900_000, 1000, 86_400_000),
  /** Per IP a minute: a page load sends one or two beacons, so this is generous for people and a wall for floods. */
  VITALS_RATE_LIMIT_MAX: int(60, 1, 1_000_000),
  TRUST_PROXY: flag(),
  UPLOAD_STORE: text(),
  CLOUDINARY_UPLOAD_BASE_URL: text(),
  CLOUDINARY_CLOUD_NAME: text(),
  CLOUDINARY_API_KEY: text(),
  CLOUDINARY_API_SECRET: text(),
  CLOUDINARY_FOLDER: text(),
  /** host:port pairs on a private network the API may still fetch images from (an intranet host; tests). */
  IMAGE_IMPORT_ALLOW_PRIVATE: text(''),
  IMAGE_IMPORT_TIMEOUT_MS: int(15_000, 1000, 120_000),
  LOG_LEVEL: text(),
  SITE_URL: url(localUrl(DEV.ports.site)),
  PAYPAL_API_BASE: url(`http://127.0.0.1:${DEV.ports.sandbox}`),
  PAYPAL_CLIENT_ID: text(DEV.sandbox.paypalClientId),
  PAYPAL_CLIENT_SECRET: text(DEV.sandbox.paypalClientSecret),
  PAYPAL_WEBHOOK_ID: text(DEV.sandbox.paypalWebhookId),
  PAYPAL_TIMEOUT_MS: int(15_000, 100, 120_000),
  PAYPAL_WEBHOOK_VERIFY: Type.Union([Type.Literal('local'), Type.Literal('api')], { default: 'local' }),
  PAYPAL_WEBHOOK_CERT_ORIGINS: text(),
  PAYPAL_MERCHANT_ID: text(DEV.sandbox.paypalMerchantId),
  PAYPAL_MERCHANT_EMAIL: text(),
  REQUEST_TIMEOUT_MS: int(30_000, 1000, 600_000),
  PAYMENT_RATE_LIMIT_MAX: int(20, 1, 1_000_000),
  PAYMENT_RATE_LIMIT_WINDOW_MS: int(60_000, 1000, 86_400_000),
  PAYMENT_LOOKUP_LIMIT_PER_USER: int(30, 1, 1_000_000),
  PAYMENT_LOOKUP_LIMIT_PER_IP: int(120, 1, 1_000_000),
  PAYMENT_LOOKUP_LIMIT_WINDOW_MS: int(60_000, 1000, 86_400_000),
  PAYMENT_RECONCILE_INTERVAL_MS: int(15_000, 0, 3_600_000),
  PAYMENT_RECONCILE_AFTER_MS: int(300_000, 0, 86_400_000),
  /** How often freed seats (expired holds, lapsed offers) are offered to waitlists; 0 turns the pass off. */
  WAITLIST_OFFER_INTERVAL_MS: int(15_000, 0, 3_600_000),
  ADVISING_REMINDER_INTERVAL_MS: int(60_000, 0, 3_600_000),
  /** How often payment reminders (due soon, overdue) are queued; 0 turns the pass off. */
  PAYMENT_REMINDER_INTERVAL_MS: int(600_000, 0, 86_400_000),
  EMAILJS_API_BASE: optionalUrl(),
  EMAILJS_SERVER_SERVICE_ID: text(),
  EMAILJS_SERVICE_ID: text(DEV.sandbox.emailjsServiceId),
  EMAILJS_SERVER_PUBLIC_KEY: text(),
  EMAILJS_PUBLIC_KEY: text(DEV.sandbox.emailjsPublicKey),
  EMAILJS_PRIVATE_KEY: text(),
  EMAILJS_ACCOUNT_TEMPLATE_ID: text(DEV.sandbox.emailjsTemplates.account),
  EMAILJS_TIMEOUT_MS: int(10_000, 100, 120_000),
  EMAIL_OUTBOX_INTERVAL_MS: int(2000, 0, 3_600_000),
  EMAIL_MAX_ATTEMPTS: int(8, 1, 100),
  EMAIL_RETRY_BASE_MS: int(30_000, 0, 3_600_000),
  INSTITUTE_NAME: text(),
  INSTITUTE_ADDRESS: text(),
  INSTITUTE_PHONE: text(),
  INSTITUTE_EMAIL: text(),
  /** The institute's own zone: appointment requests are in its wall-clock time (the campus is in New Jersey). */
  INSTITUTE_TIME_ZONE: text('America/New_York'),
  /** When an appointment may be asked for, e.g. "Mon-Fri 09:00-17:00, Sat 10:00-14:00" (24-hour, that zone). */
  OFFICE_HOURS: text('Mon-Fri 09:00-17:00'),
  /** A form sent sooner than this after it was started is a robot's (issue 31). */
  INQUIRY_MIN_FILL_MS: int(3000, 0, 600_000),
  INQUIRY_LIMIT_PER_IP: int(10, 1, 1_000_000),
  INQUIRY_LIMIT_PER_EMAIL: int(5, 1, 1_000_000),
  INQUIRY_LIMIT_WINDOW_MS: int(3_600_000, 1000, 86_400_000),
  /** How long a public body is reused; bounds how long another instance's write stays unseen (decision 010). */
  PUBLIC_CACHE_TTL_MS: int(3000, 0, 60_000),
  DB_CONNECT_TIMEOUT_MS: int(5000, 100, 120_000),
  DB_STATEMENT_TIMEOUT_MS: int(10_000, 100, 600_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(15_000, 100, 600_000),
}, {
  // Both or neither: one without the other would sign in with a half-default account.
  dependencies: { ADMIN_EMAIL: ['ADMIN_PASSWORD'], ADMIN_PASSWORD: ['ADMIN_EMAIL'] },
});

export type Env = Static<typeof EnvSchema>;

/** A variable's own schema, for the error message that names its rule. */
export function variableSchema(name: string): TSchema | undefined {
  return (EnvSchema.properties as Record<string, TSchema>)[name];
}
