import { createHash, timingSafeEqual } from 'node:crypto';

// Not signed, per Cloudinary's signing rules: the file itself, the key, the signature and the URL's own parts.
const UNSIGNED = new Set(['file', 'api_key', 'signature', 'resource_type', 'cloud_name']);

/** Cloudinary's request signature: SHA-1 hex of the signed parameters, sorted, `k=v` joined by `&`, then the secret. */
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const signed = Object.keys(params)
    .filter((name) => !UNSIGNED.has(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('sha1').update(signed + apiSecret).digest('hex');
}

/** Cloudinary refuses a signed request whose timestamp is more than an hour old ("Stale request"). */
export const MAX_SIGNATURE_AGE_S = 3600;

/** Why a signed request is refused, in Cloudinary's words, or null when it is good. */
export function signedRequestProblem(fields: Record<string, string>, apiKey: string, apiSecret: string, nowS: number): string | null {
  if (fields.api_key !== apiKey) return `Unknown API key ${fields.api_key ?? ''}`;
  const timestamp = Number(fields.timestamp);
  if (!Number.isInteger(timestamp)) return 'Missing required parameter - timestamp';
  if (nowS - timestamp > MAX_SIGNATURE_AGE_S) return `Stale request - reported time is ${timestamp} which is more than 1 hour ago`;
  const expected = Buffer.from(cloudinarySignature(fields, apiSecret));
  const given = Buffer.from(fields.signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return `Invalid Signature ${fields.signature ?? ''}.`;
  return null;
}
