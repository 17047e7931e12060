import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a preview link vouches for: one module's published version, checked against the live site of that moment. */
export interface PreviewClaim {
  /** Federation name (`mf_catalog`). */
  remote: string;
  /** Folder in the deploy folder (`mf-catalog`). */
  dir: string;
  version: string;
  /** sha384 of the version's entry when the link was made: a folder changed afterwards is refused. */
  integrity: string;
  /** The live site the version was checked against (liveFingerprint). */
  live: string;
  /** Milliseconds since the epoch. */
  expires: number;
}

export const PREVIEW_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type PreviewRefusal = 'malformed' | 'tampered' | 'expired';

const mac = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest();

export function signPreview(claim: PreviewClaim, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

const NAME = /^[a-z][a-z0-9_-]{0,63}$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

function isClaim(value: unknown): value is PreviewClaim {
  const c = value as PreviewClaim;
  return !!c && typeof c === 'object' && NAME.test(String(c.remote)) && NAME.test(String(c.dir)) && VERSION.test(String(c.version)) &&
    typeof c.integrity === 'string' && typeof c.live === 'string' && Number.isFinite(c.expires);
}

/** The claim a token carries when its signature holds and it has not expired. */
export function verifyPreview(token: string, secret: string, now = Date.now()): { claim: PreviewClaim } | { refused: PreviewRefusal } {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { refused: 'malformed' };
  const expected = mac(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'tampered' };
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { refused: 'malformed' };
  }
  if (!isClaim(claim)) return { refused: 'malformed' };
  if (claim.expires <= now) return { refused: 'expired' };
  return { claim };
}
