import { verify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { PayPalConfig } from '../config';
import { PayPalError } from './paypal-error';
import type { WebhookTransmission } from './paypal-types';

/** Certificates are kept this long at most (and never past their validTo). */
const CERT_TTL_MS = 24 * 3_600_000;
/** A certificate URL that answered with a refusal is not asked again for this long. */
const REFUSED_TTL_MS = 10 * 60_000;
/** New certificate URLs fetched per minute, whatever the requests say: forged URLs cannot make us call out more. */
const FETCHES_PER_MINUTE = 10;
const MAX_CACHED = 50;

/**
 * PayPal's own scheme, verified here instead of one verify-webhook-signature call per delivery: RSA-SHA256 over
 * `transmission_id|transmission_time|webhook_id|crc32(raw body)` with the key of the certificate at
 * `paypal-cert-url`. The URL must be on an allow-listed PayPal origin under /v1/notifications/certs/; certificates
 * are cached (refusals too), and new URLs are fetched at most FETCHES_PER_MINUTE a minute. Returns false for a
 * signature that does not verify; throws PayPalError('unavailable') when the certificate cannot be fetched now.
 */
export function createLocalWebhookVerifier(config: PayPalConfig, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch) {
  const cache = new Map<string, { cert: X509Certificate | null; expiresAt: number }>();
  let window = { startedAt: 0, fetches: 0 };

  function allowed(certUrl: string): boolean {
    try {
      const url = new URL(certUrl);
      return config.webhookCertOrigins.includes(url.origin) && url.pathname.startsWith('/v1/notifications/certs/') && !url.search && !url.username;
    } catch {
      return false;
    }
  }

  function remember(url: string, cert: X509Certificate | null, ttl: number): X509Certificate | null {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(url, { cert, expiresAt: Date.now() + ttl });
    return cert;
  }

  async function certificate(url: string): Promise<X509Certificate | null> {
    const cached = cache.get(url);
    if (cached && cached.expiresAt > Date.now()) return cached.cert;
    const now = Date.now();
    if (now - window.startedAt > 60_000) window = { startedAt: now, fetches: 0 };
    if (window.fetches >= FETCHES_PER_MINUTE) {
      log.warn({ certUrl: url }, 'webhook certificate fetches over budget: delivery refused for now');
      throw new PayPalError('unavailable', 0);
    }
    window.fetches += 1;
    let response: Response;
    try {
      response = await fetchImpl(url, { signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      log.warn({ err: error, certUrl: url }, 'webhook certificate could not be fetched');
      throw new PayPalError('unavailable', 0);
    }
    if (response.status >= 500) throw new PayPalError('unavailable', response.status);
    if (!response.ok) return remember(url, null, REFUSED_TTL_MS);
    try {
      const cert = new X509Certificate(Buffer.from(await response.arrayBuffer()));
      const validTo = new Date(cert.validTo).getTime();
      if (!(new Date(cert.validFrom).getTime() <= now && now < validTo)) return remember(url, null, REFUSED_TTL_MS);
      return remember(url, cert, Math.min(CERT_TTL_MS, validTo - now));
    } catch {
      return remember(url, null, REFUSED_TTL_MS);
    }
  }

  return {
    /** The checks that cost nothing: the algorithm PayPal uses and a certificate URL on PayPal's hosts. */
    plausible: (t: WebhookTransmission) => t.auth_algo === 'SHA256withRSA' && allowed(t.cert_url),

    async verify(t: WebhookTransmission, rawBody: string): Promise<boolean> {
      if (!allowed(t.cert_url) || t.auth_algo !== 'SHA256withRSA') return false;
      const cert = await certificate(t.cert_url);
      if (!cert) return false;
      const signed = `${t.transmission_id}|${t.transmission_time}|${config.webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
      try {
        return verify('sha256', Buffer.from(signed), cert.publicKey, Buffer.from(t.transmission_sig, 'base64'));
      } catch {
        return false;
      }
    },
  };
}
