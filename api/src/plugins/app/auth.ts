import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import type { Role } from '../../repositories/users';

/** What the token carries (the browser decodes the same claims for its UI). */
export interface TokenClaims {
  id: string;
  username: string;
  email: string;
  role: Role;
}

/** What is signed: the claims, plus the token's own id (logout revokes it) and its user's token version. */
export interface SignedClaims extends TokenClaims {
  jti: string;
  ver: number;
  exp?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SignedClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may be called without a signed-in user (routes/autohooks.ts). Every other route needs one: a new
     * route fails closed, and the authorization-matrix test fails until it says who may call it.
     */
    public?: true;
  }
  interface FastifyInstance {
    /** A token for the user at their current token version (users.token_version). */
    signToken(claims: TokenClaims, tokenVersion: number): string;
    /** Logout: ends the bearer token on the server, even where copied. Idempotent; an expired token needs nothing. */
    revokeToken(request: FastifyRequest): Promise<void>;
    /** onRequest hook of logout: a bearer token signed by us (expired is fine: there is nothing left to end), else 401. */
    requireSignedToken(request: FastifyRequest): Promise<void>;
    /**
     * onRequest hook of every route (routes/autohooks.ts): the signed-in user, unless the route says `public: true`.
     * onRequest, so a stranger gets 401 before any body is parsed or validated.
     */
    requireUserUnlessPublic(request: FastifyRequest): Promise<void>;
    /** Sets request.user or answers 401: for a public route that needs the user for part of what it serves. */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * One line per route: `onRequest: app.requireRole('admin')`. onRequest, not preHandler: the role is judged before
     * the body is parsed or validated, so a stranger learns nothing about a route's fields (401/403 before any 400).
     */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
  }
}

export const AUTH_MESSAGES = {
  missing: 'Authentication required. Please sign in.',
  invalid: 'Your session is not valid. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
  ended: 'Your session has ended. Please sign in again.',
} as const;

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

export default fp<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(jwt, {
    secret: config.jwt.secret,
    sign: { algorithm: 'HS256', expiresIn: config.jwt.expiresIn },
    // The allowlist: `none`, RS/ES tokens and algorithm-confusion tricks are refused outright.
    verify: { algorithms: ['HS256'] },
  });

  /** The verified claims of the request's bearer token; `expired` when only its expiry is wrong. */
  function verifiedClaims(request: FastifyRequest): SignedClaims | 'expired' {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(AUTH_MESSAGES.missing);
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized(AUTH_MESSAGES.invalid);
    let claims: SignedClaims;
    try {
      claims = app.jwt.verify<SignedClaims>(token);
    } catch (error) {
      if ((error as { code?: string }).code === 'FAST_JWT_EXPIRED') return 'expired';
      throw unauthorized(AUTH_MESSAGES.invalid);
    }
    // Tokens from before sessions could end (no id, no version) are refused: one more sign-in, once.
    if (!isId(claims.id) || !isId(claims.jti) || !Number.isInteger(claims.ver)) throw unauthorized(AUTH_MESSAGES.invalid);
    return claims;
  }

  async function userFrom(request: FastifyRequest): Promise<TokenClaims> {
    const claims = verifiedClaims(request);
    if (claims === 'expired') throw unauthorized(AUTH_MESSAGES.expired);
    // The database, not the token, has the last word: deleted users are out, role changes apply at once, and a
    // logged-out token or one from before "sign out everywhere" is refused.
    const user = await app.repos.users.findSession(claims.id, claims.jti);
    if (!user) throw unauthorized(AUTH_MESSAGES.invalid);
    if (user.revoked || user.tokenVersion !== claims.ver) throw unauthorized(AUTH_MESSAGES.ended);
    return { id: user.id, username: user.username, email: user.email, role: user.role };
  }

  app.decorate('signToken', (claims: TokenClaims, tokenVersion: number) =>
    app.jwt.sign({ id: claims.id, username: claims.username, email: claims.email, role: claims.role, jti: randomUUID(), ver: tokenVersion }));

  app.decorate('revokeToken', async (request: FastifyRequest) => {
    const claims = verifiedClaims(request);
    if (claims === 'expired' || claims.exp === undefined) return;
    await app.repos.revokedTokens.revoke(claims.jti, new Date(claims.exp * 1000));
  });

  app.decorate('requireSignedToken', async (request: FastifyRequest) => {
    verifiedClaims(request);
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await userFrom(request);
  });

  app.decorate('requireUserUnlessPublic', async (request: FastifyRequest) => {
    if (request.routeOptions.config.public) return;
    request.user = await userFrom(request);
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(AUTH_MESSAGES.missing);
    if (!roles.includes(request.user.role)) throw forbidden();
  });
}, { name: 'auth', dependencies: ['repositories'] });
