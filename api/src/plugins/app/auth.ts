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

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    signToken(claims: TokenClaims): string;
    /** preHandler for routes outside /api that need a signed-in user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** One line per route: `preHandler: app.requireRole('admin')`. */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Every /api route is private unless it is listed here. Adding a route therefore fails closed, and
 * the authorization-matrix test fails until the new route is listed there too.
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/courses',
  'GET /api/courses/:id',
  'GET /api/quick-programs',
  'GET /api/quick-programs/:id',
  'GET /api/blogs',
  'GET /api/blogs/:id',
  'GET /api/gallery',
  'GET /api/openapi.json',
  // PayPal calls it without a user; each event is verified with PayPal instead (routes/payments/webhook.ts).
  'POST /api/payments/webhook',
  // Field data from sampled page loads: anonymous by design, validated strictly and rate limited (routes/vitals).
  'POST /api/vitals',
  'POST /api/csp-reports',
]);

export const AUTH_MESSAGES = {
  missing: 'Authentication required. Please sign in.',
  invalid: 'Your session is not valid. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
} as const;

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

export default fp<{ config: AppConfig }>(async (app, { config }) => {
  await app.register(jwt, {
    secret: config.jwt.secret,
    sign: { algorithm: 'HS256', expiresIn: config.jwt.expiresIn },
    // The allowlist: `none`, RS/ES tokens and algorithm-confusion tricks are refused outright.
    verify: { algorithms: ['HS256'] },
  });

  async function userFrom(request: FastifyRequest): Promise<TokenClaims> {
    const header = request.headers.authorization;
    if (!header) throw unauthorized(AUTH_MESSAGES.missing);
    const token = BEARER.exec(header)?.[1];
    if (!token) throw unauthorized(AUTH_MESSAGES.invalid);
    let claims: TokenClaims;
    try {
      claims = app.jwt.verify<TokenClaims>(token);
    } catch (error) {
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
      throw unauthorized(expired ? AUTH_MESSAGES.expired : AUTH_MESSAGES.invalid);
    }
    if (!isId(claims.id)) throw unauthorized(AUTH_MESSAGES.invalid);
    // The database, not the token, has the last word: deleted users are out and role changes apply at once.
    const user = await app.repos.users.findById(claims.id);
    if (!user) throw unauthorized(AUTH_MESSAGES.invalid);
    return { id: user.id, username: user.username, email: user.email, role: user.role };
  }

  app.decorate('signToken', (claims: TokenClaims) => app.jwt.sign({ ...claims }));

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.user = await userFrom(request);
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(AUTH_MESSAGES.missing);
    if (!roles.includes(request.user.role)) throw forbidden();
  });

  // Unmatched URLs are left to the 404 handler; everything under /api needs a user unless public.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/')) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (PUBLIC_API_ROUTES.has(`${method} ${route}`)) return;
    request.user = await userFrom(request);
  });
}, { name: 'auth', dependencies: ['repositories'] });
