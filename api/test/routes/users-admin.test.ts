import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
const made: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
  // 25 students with names that sort and search predictably; one has a literal % in its name.
  for (let i = 0; i < 25; i++) {
    const n = String(i).padStart(2, '0');
    made.push(await t.app.repos.users.create({ username: `pager${n}`, email: `pager${n}@list.test`, passwordHash: 'x', role: 'user' }));
  }
  await t.app.repos.users.create({ username: 'odd%name', email: 'odd@list.test', passwordHash: 'x', role: 'user' });
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);
const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: admin() });
const setRole = (id: string, role: string, token = ids.admin.token) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/role`, headers: bearer(token), payload: { role } });
const admins = async () => (await t.app.repos.users.list()).filter((u) => u.role === 'admin').map((u) => u.id);

describe('GET /api/admin/users', () => {
  it('pages with a total, sorted as asked', async () => {
    const first = await list('q=pager&sort=username&limit=10');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 25, page: 1, limit: 10 });
    expect(first.json().items.map((u: { username: string }) => u.username)).toEqual(Array.from({ length: 10 }, (_, i) => `pager0${i}`));
    const last = (await list('q=pager&sort=-username&limit=10&page=3')).json();
    expect(last.items.map((u: { username: string }) => u.username)).toEqual(['pager04', 'pager03', 'pager02', 'pager01', 'pager00']);
    expect(Object.keys(last.items[0]).sort()).toEqual(['_id', 'createdAt', 'email', 'legalName', 'phone', 'role', 'username']);
  });

  it('searches username and email in any case, with % and _ taken literally, and filters by role', async () => {
    expect((await list('q=PAGER07%40LIST')).json()).toMatchObject({ total: 1, items: [{ username: 'pager07' }] });
    expect((await list('q=%25')).json()).toMatchObject({ total: 1, items: [{ username: 'odd%name' }] });
    expect((await list('q=_')).json().total).toBe(0);
    const onlyAdmins = (await list('role=admin')).json();
    expect(onlyAdmins.items.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(onlyAdmins.total).toBe((await admins()).length);
  });

  it('rejects what it cannot read with a 400 in the one error shape', async () => {
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=abc', 'sort=password', 'role=owner', 'offset=5', `q=${'x'.repeat(101)}`]) {
      const res = await list(query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
    }
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(ids.student.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });
});

describe('PUT /api/users/:id/role', () => {
  it('promotes a user, whose next request has admin rights, and demotes them again', async () => {
    const id = made[0]!;
    const promoted = await setRole(id, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ _id: id, role: 'admin' });
    expect((await setRole(id, 'user')).json()).toMatchObject({ role: 'user' });
  });

  it('never demotes the last admin', async () => {
    expect(await admins()).toEqual([ids.admin.userId]);
    const res = await setRole(ids.admin.userId, 'user');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', message: 'The site needs at least one admin: make another user an admin first.' });
    const deleted = await t.app.repos.userAdmin.delete(ids.admin.userId).catch((e: Error) => e.message);
    expect(deleted).toBe('The last admin cannot lose the role');
  });

  it('two admins demoting each other at the same moment leave one admin', async () => {
    const other = made[1]!;
    await setRole(other, 'admin');
    const [a, b] = await Promise.all([
      t.app.repos.userAdmin.setRole(other, 'user').then(() => 200, () => 409),
      t.app.repos.userAdmin.setRole(ids.admin.userId, 'user').then(() => 200, () => 409),
    ]);
    expect([a, b].sort()).toEqual([200, 409]);
    expect(await admins()).toHaveLength(1);
    // Whoever is left restores the seeded admin for the other tests.
    const [left] = await admins();
    if (left !== ids.admin.userId) await t.app.repos.userAdmin.setRole(ids.admin.userId, 'admin');
    await t.app.repos.userAdmin.setRole(other, 'user').catch(() => undefined);
  });

  it('validates the role and the id, and is for admins only', async () => {
    expect((await setRole(made[2]!, 'owner')).statusCode).toBe(400);
    expect((await setRole('not-an-id', 'admin')).statusCode).toBe(404);
    expect((await setRole('00000000-0000-4000-8000-000000000000', 'admin')).statusCode).toBe(404);
    expect((await setRole(made[2]!, 'admin', ids.student.token)).statusCode).toBe(403);
  });
});
