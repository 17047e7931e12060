import type { OfficeHours } from '../lib/office-hours';
import type { UploadStoreConfig } from '../lib/upload-store-config';

export type NodeEnv = 'development' | 'production' | 'test';

/** `owasp` is the only cost reachable from the environment; `fast-for-tests` is set in test code only. */
export type PasswordHashCost = 'owasp' | 'fast-for-tests';

export interface Account {
  email: string;
  username: string;
  password: string;
}

/** What the API runs with: read once from the environment (config.ts, EnvSchema), then passed to every plugin. */
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
  /** Refused coupon codes allowed in a fixed window, per student and per address (decision 044), like sign-ins. */
  couponThrottle: { perUser: number; perIp: number; windowMs: number };
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
  /** The background pass offering freed seats to waitlists (decision 036); 0: off. */
  waitlistOfferIntervalMs: number;
  /** The background pass queueing advising reminders about 24 hours before each booked slot (decision 045); 0: off. */
  advisingReminderIntervalMs: number;
  /** The background pass queuing payment reminders (decision 051); 0: off. */
  paymentReminderIntervalMs: number;
  /** Mail the API sends itself (decision 020): EmailJS's REST API with the account's private key. */
  email: EmailConfig;
  /** The outbox worker: every `intervalMs` (0: off) it sends due mail; a failed send waits retryBaseMs x 2^n. */
  emailOutbox: { intervalMs: number; maxAttempts: number; retryBaseMs: number; batch: number };
  /** The institute as receipts and emails name it (the site's config.json shows the same INSTITUTE_* values). */
  institute: { name: string; address: string; phone: string; email: string };
  /**
   * Leads (issue 31, decision 045): office hours in the institute's time zone for appointment requests, and the
   * spam checks of the contact and appointment forms (minimum fill time, requests per address and per email).
   */
  leads: { officeHours: OfficeHours; minFillMs: number; perIp: number; perEmail: number; windowMs: number };
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
