import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { accountHash, type DeviceCookies } from '../../lib/device-cookie';
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

export function tooMany(reply: FastifyReply, retryAfterSeconds: number, message: (wait: string) => string): HttpError {
  void reply.header('Retry-After', String(retryAfterSeconds));
  return new HttpError(429, message(waitText(retryAfterSeconds)));
}

type Limit = [key: string, max: number];

/**
 * The counters a failed sign-in moves (decision 027). A browser that signed in to the account before (device
 * cookie) has its own counter and nothing else: no stranger can spend it. Every other client counts per account
 * and address, per account over all unknown clients (a higher ceiling against guesses spread over many addresses),
 * and per address.
 */
function loginLimits(config: AppConfig['loginThrottle'], account: string, ip: string, deviceId: string | null): Limit[] {
  if (deviceId) return [[`login-device:${account}:${deviceId}`, config.perAccount]];
  return [
    [`login-account-ip:${account}:${ip}`, config.perAccount],
    [`login-account:${account}`, config.perAccountAllClients],
    [`login-ip:${ip}`, config.perIp],
  ];
}

/**
 * Sign-in throttling that keeps guessing out without handing strangers a lock (issues 15 and 28, decisions 015 and
 * 027): only failed sign-ins count. An attempt is counted before the password is checked, so simultaneous guesses
 * cannot slip past a limit, and taken back when it succeeds or is refused.
 */
export function authThrottle(attempts: AuthAttemptsRepository, config: Pick<AppConfig, 'loginThrottle' | 'registerRateLimit'>, devices: DeviceCookies) {
  const { windowMs } = config.loginThrottle;
  const takeBack = async (keys: string[]) => {
    for (const key of keys) await attempts.remove(key);
  };

  return {
    /**
     * Counts a sign-in of `email` as failed until `succeeded()` or `takeBack()`; throws 429 (with Retry-After) when a
     * counter of this client is spent. `succeeded()` also makes the browser known for the account.
     */
    async beginLogin(email: string, request: FastifyRequest, reply: FastifyReply) {
      const account = accountHash(email);
      const limits = loginLimits(config.loginThrottle, account, request.ip, devices.knownDevice(request, account));
      const keys = limits.map(([key]) => key);
      const counts = [];
      for (const [key] of limits) counts.push(await attempts.add(key, windowMs));
      const spent = counts.filter((count, i) => count.attempts > limits[i]![1]);
      if (spent.length > 0) {
        await takeBack(keys);
        throw tooMany(reply, Math.max(...spent.map((count) => count.retryAfterSeconds)), THROTTLE_TEXT.login);
      }
      return {
        takeBack: () => takeBack(keys),
        succeeded: async () => {
          await takeBack(keys);
          devices.remember(request, reply, account);
        },
      };
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
