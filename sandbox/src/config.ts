import { DEV } from '@institute/shared/defaults';
import { DEFAULTS, type SandboxOptions } from './options';

export class ConfigError extends Error {}

export interface ServerConfig {
  host: string;
  port: number;
  options: SandboxOptions;
}

function list(value: string | undefined): string[] | undefined {
  const items = value?.split(',').map((item) => item.trim()).filter(Boolean);
  return items?.length ? items : undefined;
}

function httpUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    /* reported below */
  }
  throw new ConfigError(`${name} must be an http(s) URL, got "${value}".`);
}

function count(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new ConfigError(`${name} must be an integer from 0 to ${max}, got "${value}".`);
  return n;
}

/**
 * Reads the same variable names as the API and config.json (PAYPAL_CLIENT_ID, EMAILJS_SERVICE_ID, ...) so one
 * environment keeps the site, the API and the sandbox in agreement; its own port is SANDBOX_PORT, as the
 * scripts name it.
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // Not PORT: the sandbox is never hosted where a platform assigns one (decision 023).
  const port = count('SANDBOX_PORT', env.SANDBOX_PORT, 65535) ?? DEV.ports.sandbox;
  const [contact, appointment, account] = DEFAULTS.emailjsTemplates;
  const templates = [env.EMAILJS_TEMPLATE_ID || contact, env.EMAILJS_APPOINTMENT_TEMPLATE_ID || appointment, env.EMAILJS_ACCOUNT_TEMPLATE_ID || account];
  const origins = list(env.SITE_ORIGINS)?.map((origin) => httpUrl('SITE_ORIGINS', origin)!.replace(/\/+$/, ''));
  return {
    host: env.HOST || '127.0.0.1',
    port,
    options: {
      publicUrl: httpUrl('SANDBOX_PUBLIC_URL', env.SANDBOX_PUBLIC_URL),
      webhookUrl: httpUrl('SANDBOX_WEBHOOK_URL', env.SANDBOX_WEBHOOK_URL),
      webhookId: env.PAYPAL_WEBHOOK_ID || DEFAULTS.webhookId,
      paypalMerchant: {
        merchantId: env.PAYPAL_MERCHANT_ID || DEFAULTS.paypalMerchant.merchantId,
        email: env.PAYPAL_MERCHANT_EMAIL || DEFAULTS.paypalMerchant.email,
      },
      siteOrigins: origins ?? [...DEFAULTS.siteOrigins],
      webhookRetries: count('SANDBOX_WEBHOOK_RETRIES', env.SANDBOX_WEBHOOK_RETRIES, 25),
      webhookRetryBaseMs: count('SANDBOX_WEBHOOK_RETRY_BASE_MS', env.SANDBOX_WEBHOOK_RETRY_BASE_MS, 3_600_000),
      paypalClientId: env.PAYPAL_CLIENT_ID || DEFAULTS.paypalClientId,
      paypalClientSecret: env.PAYPAL_CLIENT_SECRET || DEFAULTS.paypalClientSecret,
      emailjsPublicKey: env.EMAILJS_PUBLIC_KEY || DEFAULTS.emailjsPublicKey,
      emailjsServiceId: env.EMAILJS_SERVICE_ID || DEFAULTS.emailjsServiceId,
      emailjsPrivateKey: env.EMAILJS_PRIVATE_KEY || DEFAULTS.emailjsPrivateKey,
      emailjsTemplates: list(env.SANDBOX_EMAILJS_TEMPLATES) ?? templates,
      emailjsStrictTemplates: list(env.SANDBOX_EMAILJS_STRICT_TEMPLATES) ?? [templates[2]!],
      cloudinaryCloudName: env.CLOUDINARY_CLOUD_NAME || DEFAULTS.cloudinaryCloudName,
      cloudinaryUploadPresets: list(env.CLOUDINARY_UPLOAD_PRESET) ?? [...DEFAULTS.cloudinaryUploadPresets],
      cloudinaryApiKey: env.CLOUDINARY_API_KEY || DEFAULTS.cloudinaryApiKey,
      cloudinaryApiSecret: env.CLOUDINARY_API_SECRET || DEFAULTS.cloudinaryApiSecret,
      logger: { level: env.LOG_LEVEL || 'info' },
    },
  };
}
