import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest, conflict, unauthorized } from '../../lib/http-errors';
import { passwordProblem } from '../../lib/password-policy';
import { DuplicateUserError } from '../../repositories/users';
import { Message, bearer, errors } from '../schemas';
import { LoginBody, LoginResult, RegisterBody, RegisterResult } from './schemas';

const USERNAME = /^[A-Za-z0-9._-]+$/;

export const AUTH_TEXT = {
  registered: 'Registration successful. You can now sign in.',
  duplicateEmail: 'An account with this email already exists.',
  duplicateUsername: 'This username is already taken.',
  badUsername: 'Field "username" may contain only letters, digits, dots, hyphens and underscores.',
  badLogin: 'Invalid email or password.',
  signedOut: 'You are signed out.',
} as const;

/** Sign-up and sign-in; both rate limited per IP (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_MS). */
const authRoutes: RoutePlugin = async (app) => {
  const { users } = app.repos;
  const rateLimit = { max: app.config.authRateLimit.max, timeWindow: app.config.authRateLimit.timeWindowMs };

  app.post('/auth/register', {
    config: { rateLimit },
    schema: {
      tags: ['Auth'], summary: 'Create an account (always role user)', body: RegisterBody,
      response: { 201: RegisterResult, ...errors(400, 409, 413, 415, 429) },
    },
  }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const username = request.body.username.trim();
    if (!USERNAME.test(username)) throw badRequest(AUTH_TEXT.badUsername);
    const refused = passwordProblem(request.body.password, { email, username });
    if (refused) throw badRequest(refused);
    const passwordHash = await app.passwords.hash(request.body.password);
    try {
      // The unique indexes decide races: of simultaneous sign-ups with one email, exactly one wins.
      const userId = await users.create({ email, username, passwordHash, role: 'user' });
      return reply.code(201).send({ message: AUTH_TEXT.registered, userId });
    } catch (error) {
      if (error instanceof DuplicateUserError) {
        throw conflict(error.field === 'email' ? AUTH_TEXT.duplicateEmail : AUTH_TEXT.duplicateUsername);
      }
      throw error;
    }
  });

  app.post('/auth/login', {
    config: { rateLimit },
    schema: {
      tags: ['Auth'], summary: 'Sign in; returns a bearer token', body: LoginBody,
      response: { 200: LoginResult, ...errors(400, 401, 413, 415, 429) },
    },
  }, async (request) => {
    const user = await users.findByEmailWithHash(request.body.email.trim());
    // Same work and same answer for an unknown email and a wrong password.
    const ok = await app.passwords.verify(user?.passwordHash ?? null, request.body.password);
    if (!user || !ok) throw unauthorized(AUTH_TEXT.badLogin);
    if (app.passwords.needsRehash(user.passwordHash)) {
      await users.updatePasswordHash(user.id, await app.passwords.hash(request.body.password));
    }
    const token = app.signToken({ id: user.id, username: user.username, email: user.email, role: user.role }, user.tokenVersion);
    return { token, userId: user.id };
  });

  // The browser calls it on logout, so a copied token stops working too (decision 015).
  app.post('/auth/logout', {
    schema: {
      tags: ['Auth'], summary: 'End this session: the bearer token is refused from now on', security: bearer,
      response: { 200: Message, ...errors(401) },
    },
  }, async (request) => {
    await app.revokeToken(request);
    return { message: AUTH_TEXT.signedOut };
  });
};

export default authRoutes;
