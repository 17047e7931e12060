import { createHash, randomBytes } from 'node:crypto';
import { ChangePasswordBody, ChangePasswordResult, ForgotPasswordBody, Message, ResetPasswordBody } from '@institute/shared/schemas';
import { HttpError, badRequest, unauthorized } from '../../lib/http-errors';
import { passwordProblem } from '../../lib/password-policy';
import type { RoutePlugin } from '../../lib/type-provider';
import { RESET_LINK_MINUTES } from '../../email/messages';
import { bearer, errors } from '../schemas';
import { authThrottle, waitText } from './throttle';

export const PASSWORD_RESET_TEXT = {
  requested: 'If an account exists for that email, we have sent a link to reset its password. The link works once, for 30 minutes.',
  badToken: 'This password reset link is invalid, expired or already used. Please ask for a new one.',
  reset: 'Your password has been changed and every session was signed out. You can now sign in with the new password.',
  changed: 'Your password has been changed. Your other sessions were signed out.',
  wrongCurrent: 'Your current password is not correct.',
  samePassword: 'The new password must be different from the current one.',
  tooMany: (wait: string) => `Too many password reset requests. Please try again in ${wait}.`,
} as const;

/** Per hour: a person asks a few times; a script asking for everyone's reset is slowed down. */
export const RESET_LIMITS = { perAccount: 5, perIp: 30, windowMs: 3_600_000 } as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const accountKey = (email: string) => `reset-account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;


/** Forgot, reset and change password (issue 18, decision 020). */
const passwordRoutes: RoutePlugin = async (app) => {
  const { users, passwordResets, emailOutbox, authAttempts } = app.repos;
  const throttle = authThrottle(authAttempts, app.config);

  app.post('/auth/forgot-password', {
    schema: {
      tags: ['Auth'], summary: 'Email a single-use password reset link (same answer whether or not the account exists)',
      body: ForgotPasswordBody, response: { 200: Message, ...errors(400, 413, 415, 429) },
    },
  }, async (request, reply) => {
    // Both counters move for every request, known email or not, so a 429 says nothing about the account.
    for (const [key, max] of [[`reset-ip:${request.ip}`, RESET_LIMITS.perIp], [accountKey(request.body.email), RESET_LIMITS.perAccount]] as const) {
      const count = await authAttempts.add(key, RESET_LIMITS.windowMs);
      if (count.attempts > max) {
        void reply.header('Retry-After', String(count.retryAfterSeconds));
        throw new HttpError(429, PASSWORD_RESET_TEXT.tooMany(waitText(count.retryAfterSeconds)));
      }
    }
    const user = await users.findByEmailWithHash(request.body.email.trim());
    if (user) {
      const token = randomBytes(32).toString('base64url');
      // The token and its email are written together: no token without its email, no email without a token.
      await app.db.transaction(async (tx) => {
        await passwordResets.create(hashToken(token), user.id, RESET_LINK_MINUTES * 60_000, tx);
        await emailOutbox.enqueue({
          kind: 'password-reset', toEmail: user.email,
          templateParams: { toName: user.username, resetUrl: `${app.config.siteUrl}/reset-password?token=${token}` },
        }, tx);
      });
      await passwordResets.prune();
    }
    return { message: PASSWORD_RESET_TEXT.requested };
  });

  app.post('/auth/reset-password', {
    schema: {
      tags: ['Auth'], summary: 'Set a new password with a reset token; signs the account out everywhere',
      body: ResetPasswordBody, response: { 200: Message, ...errors(400, 413, 415) },
    },
  }, async (request) => {
    const tokenHash = hashToken(request.body.token);
    const userId = await passwordResets.usableUser(tokenHash);
    const user = userId ? await users.findById(userId) : null;
    if (!user) throw badRequest(PASSWORD_RESET_TEXT.badToken);
    // Judged before the token is used, so a refused password does not cost the student their link.
    const refused = passwordProblem(request.body.password, { email: user.email, username: user.username });
    if (refused) throw badRequest(refused);
    const passwordHash = await app.passwords.hash(request.body.password);
    const done = await app.db.transaction(async (tx) => {
      if ((await passwordResets.consume(tokenHash, tx)) !== user.id) return false;
      await users.setPasswordEndingSessions(user.id, passwordHash, tx);
      await emailOutbox.enqueue({ kind: 'password-changed', toEmail: user.email, templateParams: { toName: user.username } }, tx);
      return true;
    });
    if (!done) throw badRequest(PASSWORD_RESET_TEXT.badToken);
    return { message: PASSWORD_RESET_TEXT.reset };
  });

  app.post('/auth/change-password', {
    onRequest: app.authenticate,
    schema: {
      tags: ['Auth'], summary: 'Change the password (current one required); other sessions end, this one gets a new token',
      security: bearer, body: ChangePasswordBody, response: { 200: ChangePasswordResult, ...errors(400, 401, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const user = await users.findByIdWithHash(request.user.id);
    if (!user) throw unauthorized(PASSWORD_RESET_TEXT.wrongCurrent);
    // Guesses of the current password count like failed sign-ins of the account (a stolen session cannot brute-force it).
    const attempt = await throttle.beginLogin(user.email, request.ip, reply);
    const ok = await app.passwords.verify(user.passwordHash, request.body.currentPassword);
    if (!ok) throw badRequest(PASSWORD_RESET_TEXT.wrongCurrent);
    await attempt.takeBack();
    if (request.body.newPassword === request.body.currentPassword) throw badRequest(PASSWORD_RESET_TEXT.samePassword);
    const refused = passwordProblem(request.body.newPassword, { email: user.email, username: user.username });
    if (refused) throw badRequest(refused);
    const passwordHash = await app.passwords.hash(request.body.newPassword);
    const version = await app.db.transaction(async (tx) => {
      const next = await users.setPasswordEndingSessions(user.id, passwordHash, tx);
      await emailOutbox.enqueue({ kind: 'password-changed', toEmail: user.email, templateParams: { toName: user.username } }, tx);
      return next;
    });
    if (version === null) throw unauthorized(PASSWORD_RESET_TEXT.wrongCurrent);
    const token = app.signToken({ id: user.id, username: user.username, email: user.email, role: user.role }, version);
    return { message: PASSWORD_RESET_TEXT.changed, token };
  });
};

export default passwordRoutes;
