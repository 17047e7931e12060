import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { generate } from 'selfsigned';

/** The certificate id in `paypal-cert-url`, as PayPal names its certificates. */
export const CERT_ID = 'CERT-360caa42-fca2a594-sandbox';

export interface WebhookSigner {
  /** PEM of the self-signed certificate served at /v1/notifications/certs/<CERT_ID>. */
  certificate: string;
  /** PayPal's scheme: SHA256withRSA over `transmission_id|transmission_time|webhook_id|crc32(body)`, base64. */
  sign(transmissionId: string, transmissionTime: string, webhookId: string, body: string): string;
}

/** The string PayPal signs; the CRC32 of the raw body is written in decimal. */
export const signedString = (transmissionId: string, transmissionTime: string, webhookId: string, body: string) =>
  `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(body, 'utf8'))}`;

let pending: Promise<WebhookSigner> | null = null;

/**
 * One RSA key and self-signed certificate per process, like PayPal's one certificate for every merchant: making a
 * 2048-bit key takes about a second, and tests build many sandboxes.
 */
export function webhookSigner(): Promise<WebhookSigner> {
  pending ??= (async () => {
    const now = Date.now();
    const pems = await generate([{ name: 'commonName', value: 'messageverificationcerts.sandbox.paypal.example' }], {
      keySize: 2048, algorithm: 'sha256', notBeforeDate: new Date(now - 60_000), notAfterDate: new Date(now + 365 * 86_400_000),
    });
    const key: KeyObject = createPrivateKey(pems.private);
    return {
      certificate: pems.cert,
      sign: (id, time, webhookId, body) => sign('sha256', Buffer.from(signedString(id, time, webhookId, body)), key).toString('base64'),
    };
  })();
  return pending;
}
