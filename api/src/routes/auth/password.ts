import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChangePasswordBody, ChangePasswordResult, ForgotPasswordBody, Message, ResetPasswordBody } from '@institute/shared/schemas';
import { accountHash, deviceCookies, type DeviceCookies } from '../../lib/device-cookie';
import { badRequest, unauthorized } from '../../lib/http-errors';
import type { AuthAttemptsRepository } from '../../repositories/auth-attempts';
import { passwordProblem } from '../../lib/password-policy';
import type { RoutePlugin } from '../../lib/type-provider';
import { RESET_LINK_MINUTES } from '../../email/messages';
import { bearer, errors } from '../schemas';
import { authThrottle, tooMany } from './throttle';

export const PASSWORD_RESET_TEXT = {
  requested: 'If an account exists for that email, we have sent a link to reset its password. The link works once, for 30 minutes.',
  badToken: 'This password reset link is invalid, expired or already used. Please ask for a new one.',
  reset: 'Your password has been changed and every session was signed out. You can now sign in with the new password.',
  changed: 'Your password has been changed. Your other sessions were signed out.',
  wrongCurrent: 'Your current password is not correct.',
  samePassword: 'The new password must be different from the current one.',
  tooMany: (wait: string) => `Too many password reset requests. Please try again in ${wait}.`,
} as const;

/**
 * A person asks a few times an hour; a script asking for everyone's reset is slowed down (per address). A stranger
 * asking for one account's reset is refused per account and address, never for the owner: past `mailsPerAccount`
 * in one link lifetime the answer stays the same but no further mail goes out, so the owner's inbox is not flooded
 * and still holds links sent within that lifetime, all still valid (decision 027).
 */
export const RESET_LIMITS = { perAccountClient: 5, perIp: 30, windowMs: 3_600_000, mailsPerAccount: 10, mailWindowMs: RESET_LINK_MINUTES * 60_000 } as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Throws 429 when this client is past its reset requests; answers whether a mail may still go to the account. */
async function countResetRequest(attempts: AuthAttemptsRepository, devices: DeviceCookies, email: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const account = accountHash(email);
  const deviceId = devices.knownDevice(request, account);
  const limits: [string, number][] = deviceId
    ? [[`reset-device:${account}:${deviceId}`, RESET_LIMITS.perAccountClient]]
    : [[`reset-ip:${request.ip}`, RESET_LIMITS.perIp], [`reset-account-ip:${account}:${request.ip}`, RESET_LIMITS.perAccountClient]];
  // Every counter moves for every request, known email or not, so a 429 says nothing about the account.
  for (const [key, max] of limits) {
    const count = await attempts.add(key, RESET_LIMITS.windowMs);
    if (count.attempts > max) throw tooMany(reply, count.retryAfterSeconds, PASSWORD_RESET_TEXT.tooMany);
  }
  const mails = await attempts.add(`reset-mail:${account}`, RESET_LIMITS.mailWindowMs);
  return mails.attempts <= RESET_LIMITS.mailsPerAccount;
}


/** Forgot, reset and change password (issue 18, decision 020). */
const passwordRoutes: RoutePlugin = async (app) => {
  const { users, passwordResets, emailOutbox, authAttempts } = app.repos;
  const devices = deviceCookies(app.config.jwt.secret, app.config.publicUrl.startsWith('https:'));
  const throttle = authThrottle(authAttempts, app.config, devices);

  app.post('/auth/forgot-password', {
    config: { public: true },
    schema: {
      tags: ['Auth'], summary: 'Email a single-use password reset link (same answer whether or not the account exists)',
      body: ForgotPasswordBody, response: { 200: Message, ...errors(400, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const mayMail = await countResetRequest(authAttempts, devices, request.body.email, request, reply);
    const user = await users.findByEmailWithHash(request.body.email.trim());
    if (user && !mayMail) request.log.warn('password reset mail not sent: this account had its share of reset mails in the last link lifetime');
    if (user && mayMail) {
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
    config: { public: true },
    schema: {
      tags: ['Auth'], summary: 'Set a new password with a reset token; signs the account out everywhere',
      body: ResetPasswordBody, response: { 200: Message, ...errors(400, 413, 415) },
    },
  }, async (request, reply) => {
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
    // Following the emailed link proves the account's email: this browser is known for it from now on.
    devices.remember(request, reply, accountHash(user.email));
    return { message: PASSWORD_RESET_TEXT.reset };
  });

  app.post('/auth/change-password', {
    schema: {
      tags: ['Auth'], summary: 'Change the password (current one required); other sessions end, this one gets a new token',
      security: bearer, body: ChangePasswordBody, response: { 200: ChangePasswordResult, ...errors(400, 401, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const user = await users.findByIdWithHash(request.user.id);
    if (!user) throw unauthorized(PASSWORD_RESET_TEXT.wrongCurrent);
    // Guesses of the current password count like failed sign-ins of the account (a stolen session cannot brute-force it).
    const attempt = await throttle.beginLogin(user.email, request, reply);
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
