import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { formTokenIssuedAt } from '../../lib/form-token';
import { badRequest, unprocessable } from '../../lib/http-errors';
import type { AuthAttemptsRepository } from '../../repositories/auth-attempts';
import { tooMany } from '../auth/throttle';

/** A form token older than this is refused: the page has been open for a day, reloading it gives a fresh one. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const SPAM_TEXT = {
  honeypot: 'Your message was not sent: a field people do not see was filled in, as robots do. If your browser filled in forms for you, reload the page and type your details.',
  badToken: 'This form could not be checked. Please reload the page and send it again.',
  expired: 'This form has been open too long. Please reload the page and send it again.',
  tooFast: 'That was quicker than a person can fill in the form. Please check your details and send it again.',
  tooMany: (wait: string) => `You have sent several messages in a short time. Please try again in ${wait}, or call us.`,
} as const;

/**
 * The checks that keep robots out of the leads inbox without a third-party CAPTCHA (issue 31, decision 045): the
 * honeypot field, the signed form token's age (not sooner than a person types, not a day old), and a ceiling of
 * messages per address and per email in a window, counted in PostgreSQL like sign-ups (decision 015).
 */
export function spamGuard(config: Pick<AppConfig, 'jwt' | 'leads'>, attempts: AuthAttemptsRepository, now: () => number = Date.now) {
  return {
    check(body: { website?: string; formToken: string }): void {
      if (body.website && body.website.trim() !== '') throw unprocessable(SPAM_TEXT.honeypot);
      const issuedMs = formTokenIssuedAt(config.jwt.secret, body.formToken);
      if (issuedMs === null) throw badRequest(SPAM_TEXT.badToken);
      const age = now() - issuedMs;
      if (age > FORM_TOKEN_MAX_AGE_MS) throw badRequest(SPAM_TEXT.expired);
      if (age < config.leads.minFillMs) throw unprocessable(SPAM_TEXT.tooFast);
    },

    /** Counts one message of this address and email; 429 with Retry-After past either ceiling. */
    async count(email: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { perIp, perEmail, windowMs } = config.leads;
      const limits: [string, number][] = [[`inquiry-ip:${request.ip}`, perIp], [`inquiry-email:${email.toLowerCase()}`, perEmail]];
      for (const [key, max] of limits) {
        const counted = await attempts.add(key, windowMs);
        if (counted.attempts > max) throw tooMany(reply, counted.retryAfterSeconds, SPAM_TEXT.tooMany);
      }
    },
  };
}
