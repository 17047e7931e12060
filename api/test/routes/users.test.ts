import { DEV_STUDENT } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, login, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);

describe('GET /api/users', () => {
  it('lists users for an admin without any password data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: admin() });
    expect(res.statusCode).toBe(200);
    const users = res.json();
    expect(users.length).toBeGreaterThanOrEqual(2);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['_id', 'createdAt', 'email', 'legalName', 'phone', 'role', 'username']);
    expect(res.body).not.toMatch(/argon2|password/i);
    expect(users.find((u: { email: string }) => u.email === DEV_STUDENT.email)).toMatchObject({ role: 'user', username: 'student' });
  });

  it('is forbidden to a user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(ids.student.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Forbidden', message: 'You do not have permission to do this.' });
  });
});

describe('GET /api/users/:id', () => {
  it('returns the profile to its owner and to an admin', async () => {
    const own = await t.app.inject({ method: 'GET', url: `/api/users/${ids.student.userId}`, headers: bearer(ids.student.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ _id: ids.student.userId, email: DEV_STUDENT.email, username: 'student', role: 'user' });
    const byAdmin = await t.app.inject({ method: 'GET', url: `/api/users/${ids.student.userId}`, headers: admin() });
    expect(byAdmin.json()).toEqual(own.json());
  });

  it("refuses another user's profile and answers 404 for unknown or malformed ids", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/users/${ids.admin.userId}`, headers: bearer(ids.student.token) });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only view your own profile.');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'me', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: admin() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not Found', message: 'User not found.' });
    }
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user, refuses self-deletion and unknown ids', async () => {
    const { userId } = (await t.app.inject({
      method: 'POST', url: '/auth/register', payload: { email: 'leaver@example.com', username: 'leaver', password: 'Cobalt-Harbor-81' },
    })).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted.' });
    await expect(login(t.app, 'leaver@example.com', 'Cobalt-Harbor-81')).rejects.toThrow(/401/);

    const self = await t.app.inject({ method: 'DELETE', url: `/api/users/${ids.admin.userId}`, headers: admin() });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: 'Conflict', message: 'You cannot delete your own account.' });

    const again = await t.app.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: admin() });
    expect(again.statusCode).toBe(404);
    const byUser = await t.app.inject({ method: 'DELETE', url: `/api/users/${ids.admin.userId}`, headers: bearer(ids.student.token) });
    expect(byUser.statusCode).toBe(403);
  });
});
