import { DEV_ADMIN } from '../../src/config';
import { PASSWORD_TEXT } from '../../src/lib/password-policy';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, login, signJwt } from '../helpers/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/auth/register', payload });
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('POST /auth/register', () => {
  it('creates a user and answers 201 {message, userId}', async () => {
    const res = await register({ email: 'Ann@Example.com', username: 'ann', password: 'correct horse' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration successful. You can now sign in.', userId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [row] = await t.app.db.query<{ email: string; role: string; password_hash: string }>(
      'SELECT email, role, password_hash FROM users WHERE id = $1', [res.json().userId],
    );
    expect(row!.email).toBe('ann@example.com');
    expect(row!.role).toBe('user');
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(res.body).not.toContain('argon2');
  });

  it('always creates role user, whatever the body says', async () => {
    const res = await register({ email: 'mallory@example.com', username: 'mallory', password: 'Cobalt-Harbor-81', role: 'admin' });
    expect(res.statusCode).toBe(201);
    const { token } = await login(t.app, 'mallory@example.com', 'Cobalt-Harbor-81');
    expect(decode(token).role).toBe('user');
    const users = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) });
    expect(users.statusCode).toBe(403);
  });

  it('answers 409 for a duplicate email (any case) or username', async () => {
    await register({ email: 'dup@example.com', username: 'dupe', password: 'Cobalt-Harbor-81' });
    const email = await register({ email: 'DUP@example.com', username: 'other', password: 'Cobalt-Harbor-81' });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ error: 'Conflict', message: 'An account with this email already exists.' });
    const username = await register({ email: 'new@example.com', username: 'DUPE', password: 'Cobalt-Harbor-81' });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ error: 'Conflict', message: 'This username is already taken.' });
  });

  it('creates exactly one user from 20 simultaneous registrations with one email', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register({ email: 'race@example.com', username: `racer${i}`, password: 'Cobalt-Harbor-81' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.app.db.query('SELECT id FROM users WHERE lower(email) = $1', ['race@example.com']);
    expect(rows).toHaveLength(1);
  });

  it('explains invalid input, naming the field', async () => {
    const cases: [object, string][] = [
      [{ username: 'x1x', password: 'Cobalt-Harbor-81' }, 'Email is required.'],
      [{ email: 'not-an-email', username: 'abc', password: 'Cobalt-Harbor-81' }, 'Email must be a valid email address.'],
      [{ email: 'a@b.co', username: 'ab', password: 'Cobalt-Harbor-81' }, 'Username must be at least 3 characters long.'],
      [{ email: 'a@b.co', username: 'a b c', password: 'Cobalt-Harbor-81' }, 'Username may contain only letters, digits, dots, hyphens and underscores.'],
      [{ email: 'a@b.co', username: 'abc', password: 'short' }, 'Password must be at least 8 characters long.'],
      [{ email: 'a@b.co', username: 'abc', password: 12345678 }, 'Password must be text.'],
      [{ email: 'a@b.co', username: 'abc', password: 'password123' }, PASSWORD_TEXT.common],
      [{ email: 'a@b.co', username: 'abc', password: 'aaaaaaaa' }, PASSWORD_TEXT.pattern],
      [{ email: 'a@b.co', username: 'robin.hood', password: 'Robin.Hood-1' }, PASSWORD_TEXT.personal],
      [{ email: 'a@b.co', username: 'abc', password: 'x'.repeat(129) }, 'Password must be at most 128 characters long.'],
      [{ email: 'a@b.co', username: 'abc', password: 'Cobalt-Harbor-81', isAdmin: true }, 'Unknown field "isAdmin".'],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error: 'Bad Request', message } });
    }
  });
});

describe('POST /auth/login', () => {
  it('returns a token with the spec claims, HS256 and an expiry', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: DEV_ADMIN.email, password: DEV_ADMIN.password } });
    expect(res.statusCode).toBe(200);
    const { token, userId } = res.json();
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decode(token);
    expect(claims).toMatchObject({ id: userId, username: 'admin', email: DEV_ADMIN.email, role: 'admin' });
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    expect(claims).not.toHaveProperty('password');
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'nobody@example.com', password: 'whatever1' } });
    const wrong = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: DEV_ADMIN.email, password: 'wrong-password' } });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'Unauthorized', message: 'Invalid email or password.' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('accepts the email in any case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: DEV_ADMIN.email.toUpperCase(), password: DEV_ADMIN.password } });
    expect(res.statusCode).toBe(200);
  });

  it('rehashes a password stored with other parameters on the next login', async () => {
    const { userId } = (await register({ email: 'old@example.com', username: 'oldhash', password: 'Cobalt-Harbor-81' })).json();
    const argon2 = await import('argon2');
    const legacy = await argon2.hash('Cobalt-Harbor-81', { type: argon2.argon2id, memoryCost: 512, timeCost: 1, parallelism: 1 });
    await t.app.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, legacy]);
    await login(t.app, 'old@example.com', 'Cobalt-Harbor-81');
    const [row] = await t.app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
    expect(row!.password_hash).not.toBe(legacy);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
  });
});

describe('tokens the server refuses', () => {
  it('refuses alg none, a tampered payload and a token whose user was deleted', async () => {
    const { token, userId } = await login(t.app, DEV_ADMIN.email, DEV_ADMIN.password);
    const claims = decode(token);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${token.split('.')[1]}.`;
    const tampered = `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin', id: userId })).toString('base64url')}x.${token.split('.')[2]}`;
    const hs512 = signJwt(claims, undefined, { alg: 'HS512', typ: 'JWT' });
    for (const bad of [none, tampered, hs512, `Token ${token}`]) {
      const header = bad.startsWith('Token ') ? { authorization: bad } : bearer(bad);
      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: header });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Unauthorized');
    }

    const { userId: victimId } = (await register({ email: 'gone@example.com', username: 'gone', password: 'Cobalt-Harbor-81' })).json();
    const victim = await login(t.app, 'gone@example.com', 'Cobalt-Harbor-81');
    await t.app.inject({ method: 'DELETE', url: `/api/users/${victimId}`, headers: bearer(token) });
    const after = await t.app.inject({ method: 'GET', url: `/api/users/${victimId}`, headers: bearer(victim.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Unauthorized', message: 'Your session is not valid. Please sign in again.' });
  });

  it('says when a session expired', async () => {
    const { userId } = await login(t.app, DEV_ADMIN.email, DEV_ADMIN.password);
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ id: userId, username: 'admin', email: DEV_ADMIN.email, role: 'admin', iat: now - 100, exp: now - 10 });
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(expired) });
    expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Your session has expired. Please sign in again.' });
  });
});
