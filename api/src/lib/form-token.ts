import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A form token says when the server handed a visitor's form its token, signed so it cannot be backdated: a message
 * sent sooner after that than a person can type is a robot's. Stateless, so any API instance checks it.
 */
const PURPOSE = 'inquiry-form';

const signature = (secret: string, issuedMs: number) => createHmac('sha256', secret).update(`${PURPOSE}:${issuedMs}`).digest('base64url');

export function signFormToken(secret: string, issuedMs: number): string {
  return `${issuedMs}.${signature(secret, issuedMs)}`;
}

/** When the token was issued, or null when it is not one this secret signed. */
export function formTokenIssuedAt(secret: string, token: string): number | null {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedMs = Number(match[1]);
  const expected = Buffer.from(signature(secret, issuedMs));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? issuedMs : null;
}
