import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The browser's own name for the cookie; sent only to the sign-in routes (Path=/auth). */
export const DEVICE_COOKIE = 'nb_device';
/** A browser that signed in once stays known this long after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;
/** Accounts one browser is remembered for (a family computer, an admin who is also a student). */
const MAX_ACCOUNTS = 5;
const ID = /^[A-Za-z0-9_-]{22}$/;

/** The account as the throttle knows it: a SHA-256 of the normalised email, so no typed email is kept. */
export const accountHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Device cookies (issue 28, decision 027): a browser that signed in to an account before carries a proof of it, so
 * strangers' failed guesses, which lock out unknown browsers, never lock out the owner's known one. The cookie
 * holds a random browser id and, per account, an HMAC of (id, account) under a key derived from the JWT secret:
 * every instance can check it, nobody can forge one for an account they never signed in to, and nothing about
 * the account is readable in it. It grants nothing but its own sign-in counter.
 */
export function deviceCookies(jwtSecret: string, secure: boolean) {
  const key = createHash('sha256').update(`device-cookie:${jwtSecret}`).digest();
  const tagOf = (deviceId: string, account: string) => createHmac('sha256', key).update(`${deviceId}:${account}`).digest('base64url').slice(0, 22);

  function read(request: FastifyRequest): { deviceId: string; tags: string[] } | null {
    const value = request.cookies?.[DEVICE_COOKIE];
    if (!value || value.length > 23 * (MAX_ACCOUNTS + 1)) return null;
    const [deviceId, ...tags] = value.split('.');
    if (!deviceId || !ID.test(deviceId) || tags.some((tag) => !ID.test(tag))) return null;
    return { deviceId, tags };
  }

  return {
    /** The id of this browser when it signed in to the account before (a valid tag), else null. */
    knownDevice(request: FastifyRequest, account: string): string | null {
      const cookie = read(request);
      if (!cookie) return null;
      const expected = Buffer.from(tagOf(cookie.deviceId, account));
      return cookie.tags.some((tag) => timingSafeEqual(Buffer.from(tag), expected)) ? cookie.deviceId : null;
    },

    /** After a proof of the password (sign-in, reset link): this browser is known for the account from now on. */
    remember(request: FastifyRequest, reply: FastifyReply, account: string): void {
      const cookie = read(request);
      const deviceId = cookie?.deviceId ?? randomBytes(16).toString('base64url');
      const tag = tagOf(deviceId, account);
      const tags = [tag, ...(cookie?.tags ?? []).filter((other) => other !== tag)].slice(0, MAX_ACCOUNTS);
      void reply.setCookie(DEVICE_COOKIE, [deviceId, ...tags].join('.'), {
        path: '/auth', httpOnly: true, sameSite: 'strict', secure, maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
