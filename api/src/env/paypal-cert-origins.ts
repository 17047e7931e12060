import { ConfigError } from './read';

/** PayPal's certificate hosts for its two API bases; any other base (the sandbox) serves its own, under both loopback names. */
const PAYPAL_CERT_ORIGINS: Record<string, string[]> = {
  'api-m.paypal.com': ['https://api.paypal.com', 'https://api-m.paypal.com'],
  'api-m.sandbox.paypal.com': ['https://api.sandbox.paypal.com', 'https://api-m.sandbox.paypal.com'],
};

/** Origins a webhook's `paypal-cert-url` may point at: PAYPAL_WEBHOOK_CERT_ORIGINS, else those of the API base. */
export function certOrigins(listedRaw: string | undefined, apiBase: string): string[] {
  const listed = listedRaw?.split(',').map((o) => o.trim()).filter(Boolean);
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
