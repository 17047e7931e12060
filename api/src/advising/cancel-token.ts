import { createHmac, timingSafeEqual } from 'node:crypto';
import { isId } from '../lib/ids';

/**
 * The cancel link of an advising booking: the booking's id and an HMAC of it under the API's secret and its own
 * purpose label. Unguessable without the secret, checkable by any instance, and the same for the confirmation and
 * the reminder, so nothing secret is stored in the outbox or the database.
 */
const PURPOSE = 'advising-cancel';

const signature = (secret: string, bookingId: string) => createHmac('sha256', secret).update(`${PURPOSE}:${bookingId}`).digest('base64url');

export function signCancelToken(secret: string, bookingId: string): string {
  return `${bookingId}.${signature(secret, bookingId)}`;
}

/** The booking id a token was signed for, or null when this secret did not sign it. */
export function bookingIdOf(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !isId(match[1])) return null;
  const expected = Buffer.from(signature(secret, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}
