import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config';
import { HttpError } from '../../lib/http-errors';
import type { AuthAttemptsRepository } from '../../repositories/auth-attempts';

export const THROTTLE_TEXT = {
  login: (wait: string) => `Too many failed sign-in attempts. Please try again in ${wait}.`,
  register: (wait: string) => `Too many sign-ups from your network. Please try again in ${wait}.`,
} as const;

export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: (wait: string) => string): HttpError {
  void reply.header('Retry-After', String(retryAfterSeconds));
  return new HttpError(429, message(waitText(retryAfterSeconds)));
}

// The email is stored hashed: what people type there (sometimes a password) is not kept in the clear.
const accountKey = (email: string) => `login-account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/**
 * Sign-in throttling that protects accounts without locking out a classroom (issue 15, decision 015): only failed
 * sign-ins count, per account (whatever the address) and per address (a higher ceiling). An attempt is counted
 * before the password is checked, so simultaneous guesses cannot slip past the limit, and taken back when it
 * succeeds or is refused.
 */
export function authThrottle(attempts: AuthAttemptsRepository, config: Pick<AppConfig, 'loginThrottle' | 'registerRateLimit'>) {
  const { perAccount, perIp, windowMs } = config.loginThrottle;
  const takeBack = async (keys: string[]) => {
    for (const key of keys) await attempts.remove(key);
  };

  return {
    /** Counts a sign-in as failed until `takeBack()`; throws 429 (with Retry-After) when the account or address is spent. */
    async beginLogin(email: string, ip: string, reply: FastifyReply): Promise<{ takeBack(): Promise<void> }> {
      const limits: [string, number][] = [[accountKey(email), perAccount], [`login-ip:${ip}`, perIp]];
      const keys = limits.map(([key]) => key);
      const counts = [];
      for (const [key] of limits) counts.push(await attempts.add(key, windowMs));
      const spent = counts.filter((count, i) => count.attempts > limits[i]![1]);
      if (spent.length > 0) {
        await takeBack(keys);
        throw tooMany(reply, Math.max(...spent.map((count) => count.retryAfterSeconds)), THROTTLE_TEXT.login);
      }
      return { takeBack: () => takeBack(keys) };
    },

    /** Every sign-up counts per address; throws 429 (with Retry-After) past the ceiling. */
    async countRegistration(ip: string, reply: FastifyReply): Promise<void> {
      const key = `register-ip:${ip}`;
      const count = await attempts.add(key, config.registerRateLimit.windowMs);
      if (count.attempts <= config.registerRateLimit.max) return;
      await takeBack([key]);
      throw tooMany(reply, count.retryAfterSeconds, THROTTLE_TEXT.register);
    },
  };
}
