import { Message, LoginBody, LoginResult, RegisterBody, RegisterResult } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest, conflict, unauthorized } from '../../lib/http-errors';
import { passwordProblem } from '../../lib/password-policy';
import { DuplicateUserError } from '../../repositories/users';
import { bearer, errors } from '../schemas';
import { deviceCookies } from '../../lib/device-cookie';
import passwordRoutes from './password';
import { authThrottle } from './throttle';

const USERNAME = /^[A-Za-z0-9._-]+$/;

export const AUTH_TEXT = {
  registered: 'Registration successful. You can now sign in.',
  duplicateEmail: 'An account with this email already exists.',
  duplicateUsername: 'This username is already taken.',
  badUsername: 'Username may contain only letters, digits, dots, hyphens and underscores.',
  badLogin: 'Invalid email or password.',
  signedOut: 'You are signed out.',
} as const;

/** Sign-up, sign-in and sign-out. Sign-ups are counted per IP, failed sign-ins per account and per IP (./throttle.ts). */
const authRoutes: RoutePlugin = async (app) => {
  await app.register(passwordRoutes);
  const { users } = app.repos;
  const throttle = authThrottle(app.repos.authAttempts, app.config, deviceCookies(app.config.jwt.secret, app.config.publicUrl.startsWith('https:')));

  app.post('/auth/register', {
    config: { public: true },
    schema: {
      tags: ['Auth'], summary: 'Create an account (always role user)', body: RegisterBody,
      response: { 201: RegisterResult, ...errors(400, 409, 413, 415, 429) },
    },
  }, async (request, reply) => {
    await throttle.countRegistration(request.ip, reply);
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
    config: { public: true },
    schema: {
      tags: ['Auth'], summary: 'Sign in; returns a bearer token', body: LoginBody,
      response: { 200: LoginResult, ...errors(400, 401, 413, 415, 429) },
    },
  }, async (request, reply) => {
    // Counted as a failure from here on, unless it succeeds or the server fails (no password was judged).
    const attempt = await throttle.beginLogin(request.body.email, request, reply);
    let user;
    let ok;
    try {
      user = await users.findByEmailWithHash(request.body.email.trim());
      // Same work and same answer for an unknown email and a wrong password.
      ok = await app.passwords.verify(user?.passwordHash ?? null, request.body.password);
    } catch (error) {
      await attempt.takeBack().catch(() => undefined);
      throw error;
    }
    if (!user || !ok) throw unauthorized(AUTH_TEXT.badLogin);
    await attempt.succeeded();
    if (app.passwords.needsRehash(user.passwordHash)) {
      await users.updatePasswordHash(user.id, await app.passwords.hash(request.body.password));
    }
    const token = app.signToken({ id: user.id, username: user.username, email: user.email, role: user.role }, user.tokenVersion);
    return { token, userId: user.id };
  });

  // The browser calls it on logout, so a copied token stops working too (decision 015). Public to the user check:
  // its own hook wants a token we signed, expired or not, since an expired one has nothing left to end.
  app.post('/auth/logout', {
    config: { public: true },
    onRequest: app.requireSignedToken,
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
