import type { FastifyServerOptions } from 'fastify';
import { DEV } from '@institute/shared/defaults';

/** Everything a test or `server.ts` may set; every field has a default matching the site's config.json. */
export interface SandboxOptions {
  /** Base of every URL the sandbox hands out (links, approval page, uploads). Default http://localhost:<port>. */
  publicUrl?: string;
  paypalClientId?: string;
  paypalClientSecret?: string;
  /** Where PayPal-style webhook events are POSTed; none are sent when unset. */
  webhookUrl?: string;
  /** Attempts after the first when a delivery fails (network error, timeout, non-2xx), as PayPal retries. */
  webhookRetries?: number;
  /** Delay before the first retry; each next retry waits twice as long. */
  webhookRetryBaseMs?: number;
  /** The webhook id the receiver must quote when verifying a signature. */
  webhookId?: string;
  /** The PayPal account the client id belongs to: the payee of every order that names no other. */
  paypalMerchant?: { merchantId: string; email: string };
  /** The site's origins: the only ones whose pages may read the inbox or use the test controls (CORS). */
  siteOrigins?: string[];
  emailjsPublicKey?: string;
  emailjsServiceId?: string;
  /** The account's private key: a server-side send (EmailJS REST API) quotes it as accessToken. */
  emailjsPrivateKey?: string;
  emailjsTemplates?: string[];
  /**
   * Templates of an EmailJS account in strict mode ("Use Private Key"): a send without the private key as
   * accessToken is refused. The server's own mail (reset links, receipts) lives there; the site's forms do not.
   */
  emailjsStrictTemplates?: string[];
  cloudinaryCloudName?: string;
  cloudinaryUploadPresets?: string[];
  /** The account's API key and secret: a server-side signed upload or destroy quotes the key and signs with the secret. */
  cloudinaryApiKey?: string;
  cloudinaryApiSecret?: string;
  maxUploadBytes?: number;
  /** Where derived images (delivery transformations) are kept; default: a temporary folder removed on close. */
  variantCacheDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Clock for timestamps and token expiry, so tests can move time. */
  now?: () => Date;
}

export type ResolvedOptions = Required<Omit<SandboxOptions, 'publicUrl' | 'webhookUrl' | 'logger' | 'variantCacheDir'>> &
  Pick<SandboxOptions, 'publicUrl' | 'webhookUrl' | 'variantCacheDir'>;

// The credentials are the development defaults every package shares (shared/src/defaults).
const { sandbox } = DEV;

export const DEFAULTS = {
  paypalClientId: sandbox.paypalClientId,
  paypalClientSecret: sandbox.paypalClientSecret,
  webhookId: sandbox.paypalWebhookId,
  paypalMerchant: { merchantId: sandbox.paypalMerchantId, email: sandbox.paypalMerchantEmail },
  siteOrigins: [`http://localhost:${DEV.ports.site}`, `http://127.0.0.1:${DEV.ports.site}`],
  emailjsPublicKey: sandbox.emailjsPublicKey,
  emailjsServiceId: sandbox.emailjsServiceId,
  emailjsTemplates: [sandbox.emailjsTemplates.contact, sandbox.emailjsTemplates.appointment, sandbox.emailjsTemplates.account],
  emailjsPrivateKey: sandbox.emailjsPrivateKey,
  emailjsStrictTemplates: [sandbox.emailjsTemplates.account],
  cloudinaryCloudName: sandbox.cloudinaryCloudName,
  cloudinaryUploadPresets: [sandbox.cloudinaryUploadPreset],
  cloudinaryApiKey: sandbox.cloudinaryApiKey,
  cloudinaryApiSecret: sandbox.cloudinaryApiSecret,
  // Cloudinary's free-plan image limit.
  maxUploadBytes: 10 * 1024 * 1024,
  // PayPal retries a failed delivery up to 25 times over 3 days; a sandbox keeps it short and bounded.
  webhookRetries: 5,
  webhookRetryBaseMs: 2000,
} as const;

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  return {
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    webhookUrl: options.webhookUrl || undefined,
    variantCacheDir: options.variantCacheDir || undefined,
    paypalClientId: options.paypalClientId ?? DEFAULTS.paypalClientId,
    paypalClientSecret: options.paypalClientSecret ?? DEFAULTS.paypalClientSecret,
    webhookId: options.webhookId ?? DEFAULTS.webhookId,
    paypalMerchant: options.paypalMerchant ?? { ...DEFAULTS.paypalMerchant },
    siteOrigins: options.siteOrigins ?? [...DEFAULTS.siteOrigins],
    webhookRetries: options.webhookRetries ?? DEFAULTS.webhookRetries,
    webhookRetryBaseMs: options.webhookRetryBaseMs ?? DEFAULTS.webhookRetryBaseMs,
    emailjsPublicKey: options.emailjsPublicKey ?? DEFAULTS.emailjsPublicKey,
    emailjsServiceId: options.emailjsServiceId ?? DEFAULTS.emailjsServiceId,
    emailjsPrivateKey: options.emailjsPrivateKey ?? DEFAULTS.emailjsPrivateKey,
    emailjsTemplates: options.emailjsTemplates ?? [...DEFAULTS.emailjsTemplates],
    emailjsStrictTemplates: options.emailjsStrictTemplates ?? [...DEFAULTS.emailjsStrictTemplates],
    cloudinaryCloudName: options.cloudinaryCloudName ?? DEFAULTS.cloudinaryCloudName,
    cloudinaryUploadPresets: options.cloudinaryUploadPresets ?? [...DEFAULTS.cloudinaryUploadPresets],
    cloudinaryApiKey: options.cloudinaryApiKey ?? DEFAULTS.cloudinaryApiKey,
    cloudinaryApiSecret: options.cloudinaryApiSecret ?? DEFAULTS.cloudinaryApiSecret,
    maxUploadBytes: options.maxUploadBytes ?? DEFAULTS.maxUploadBytes,
    now: options.now ?? (() => new Date()),
  };
}
