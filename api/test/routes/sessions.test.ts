import { DEV_STUDENT } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, login, signInSeeded, signJwt, type Identities } from '../helpers/tokens';

/** Sessions that end (issue 15, item 4): logout and "sign out everywhere" are enforced by the server. */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const mine = (token: string) => t.app.inject({ method: 'GET', url: '/api/payments/mine', headers: bearer(token) });
const logout = (token?: string) => t.app.inject({ method: 'POST', url: '/auth/logout', headers: token ? bearer(token) : {} });
const signOutEverywhere = (id: string, token = ids.admin.token) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/sign-out-everywhere`, headers: bearer(token) });
const ENDED = { error: 'Unauthorized', message: 'Your session has ended. Please sign in again.' };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

async function newStudent(name: string) {
  const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { email: `${name}@example.com`, username: name, password: 'Cobalt-Harbor-81' } });
  expect(res.statusCode).toBe(201);
  return { userId: res.json().userId as string, signIn: () => login(t.app, `${name}@example.com`, 'Cobalt-Harbor-81') };
}

describe('POST /auth/logout', () => {
  it('ends the token on the server: a copy of it is refused afterwards, other sessions go on', async () => {
    const copied = await login(t.app, DEV_STUDENT.email, DEV_STUDENT.password);
    const other = await login(t.app, DEV_STUDENT.email, DEV_STUDENT.password);
    expect((await mine(copied.token)).statusCode).toBe(200);
    const res = await logout(copied.token);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { message: 'You are signed out.' } });
    const after = await mine(copied.token);
    expect({ status: after.statusCode, body: after.json() }).toEqual({ status: 401, body: ENDED });
    expect((await mine(other.token)).statusCode).toBe(200);
  });

  it('is idempotent: retried or simultaneous logouts all succeed and keep one revocation', async () => {
    const { token } = await login(t.app, DEV_STUDENT.email, DEV_STUDENT.password);
    const results = await Promise.all(Array.from({ length: 8 }, () => logout(token)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await logout(token)).statusCode).toBe(200);
    const rows = await t.app.db.query<{ expires_at: Date }>('SELECT expires_at FROM revoked_tokens WHERE jti = $1', [claimsOf(token).jti]);
    expect(rows).toHaveLength(1);
    // Kept only as long as the token would have lived.
    expect(new Date(rows[0]!.expires_at).getTime()).toBe(claimsOf(token).exp * 1000);
  });

  it('needs a genuine token, but an expired one has nothing left to end', async () => {
    expect((await logout()).json()).toEqual({ error: 'Unauthorized', message: 'Authentication required. Please sign in.' });
    expect((await logout(signJwt({ id: ids.student.userId }, 'another-secret-that-is-long-enough-000000'))).statusCode).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    const claims = claimsOf(ids.student.token);
    expect((await logout(signJwt({ ...claims, iat: now - 100, exp: now - 10 }))).statusCode).toBe(200);
  });
});

describe('POST /api/users/:id/sign-out-everywhere', () => {
  it("ends every one of the user's sessions; signing in again works", async () => {
    const student = await newStudent('everywhere');
    const phone = await student.signIn();
    const laptop = await student.signIn();
    const res = await signOutEverywhere(student.userId);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { message: 'The user is signed out on every device.' } });
    for (const session of [phone, laptop]) expect((await mine(session.token)).json()).toEqual(ENDED);
    const again = await student.signIn();
    expect((await mine(again.token)).statusCode).toBe(200);
    // Others are untouched.
    expect((await mine(ids.student.token)).statusCode).toBe(200);
  });

  it('is for admins only, and answers 404 for an unknown or malformed id', async () => {
    const student = await newStudent('victim');
    const session = await student.signIn();
    expect((await signOutEverywhere(student.userId, ids.student.token)).statusCode).toBe(403);
    expect((await mine(session.token)).statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await signOutEverywhere(id);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { error: 'Not Found', message: 'User not found.' } });
    }
  });
});

describe('tokens still expire and must be of the current kind', () => {
  it('refuses an expired token and one issued before sessions could end (no id or version)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = claimsOf(ids.student.token);
    const expired = await mine(signJwt({ ...claims, iat: now - 100, exp: now - 10 }));
    expect(expired.json()).toEqual({ error: 'Unauthorized', message: 'Your session has expired. Please sign in again.' });
    const { jti: _jti, ver: _ver, ...legacy } = claims;
    expect((await mine(signJwt(legacy))).json()).toEqual({ error: 'Unauthorized', message: 'Your session is not valid. Please sign in again.' });
    expect((await mine(signJwt({ ...claims, ver: claims.ver + 1 }))).json()).toEqual(ENDED);
  });
});
