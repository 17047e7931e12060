import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEV_ADMIN, DEV_STUDENT } from '../../src/config';
import { TEST_SECRET } from './app';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Builds an HS256 JWT by hand so tests can forge the tokens the server must refuse. */
export function signJwt(payload: object, secret = TEST_SECRET, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<{ token: string; userId: string }> {
  const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface Identities {
  admin: { token: string; userId: string };
  student: { token: string; userId: string };
}

/** The seeded admin and development student (test config keeps the development defaults). */
export async function signInSeeded(app: FastifyInstance): Promise<Identities> {
  return {
    admin: await login(app, DEV_ADMIN.email, DEV_ADMIN.password),
    student: await login(app, DEV_STUDENT.email, DEV_STUDENT.password),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Six ways to present (or not) a token, as the authorization matrix uses them. */
export function tokenVariants(ids: Identities) {
  const claims = { id: ids.admin.userId, username: 'admin', email: DEV_ADMIN.email, role: 'admin' };
  const now = Math.floor(Date.now() / 1000);
  return {
    none: undefined,
    malformed: 'not.a-valid.token!',
    expired: signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }),
    foreign: signJwt({ ...claims, iat: now, exp: now + 3600 }, 'some-other-secret-of-sufficient-length-000000'),
    user: ids.student.token,
    admin: ids.admin.token,
  } as const;
}
