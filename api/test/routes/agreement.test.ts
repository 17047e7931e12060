import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

/** The enrollment agreement (issue 29): versions, the current one, acceptance of the version read. */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const publish = (title: string, body: string) => post('/api/agreement', ids.admin.token, { title, body });

it('answers null while none is published, and a student can accept nothing then', async () => {
  expect((await get('/api/agreement')).json()).toBeNull();
  expect((await get('/api/agreement/mine', ids.student.token)).json()).toBeNull();
  const accepted = await post('/api/agreement/accept', ids.student.token, { version: 1 });
  expect(accepted.statusCode).toBe(409);
  expect(accepted.json()).toEqual({ error: 'Conflict', message: 'No enrollment agreement is published yet, so there is nothing to accept.' });
});

it('numbers versions, keeps every one, and the newest is current', async () => {
  const first = await publish('  Enrollment agreement  ', 'Refunds in full until the start date.\n\nAttendance of 80 % is required.');
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({ version: 1, title: 'Enrollment agreement' });
  const second = await publish('Enrollment agreement', 'Refunds in full until 7 days before the start date.');
  expect(second.json().version).toBe(2);
  expect((await get('/api/agreement')).json()).toMatchObject({ version: 2, body: 'Refunds in full until 7 days before the start date.' });
  expect((await get('/api/agreement/versions', ids.admin.token)).json().map((v: { version: number }) => v.version)).toEqual([2, 1]);
});

it('two admins publishing at once get two versions, not an error', async () => {
  const [a, b] = await Promise.all([publish('A', 'Text A.'), publish('B', 'Text B.')]);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  expect(new Set([a.json().version, b.json().version]).size).toBe(2);
});

it('accepts only the current version, once, and remembers when', async () => {
  const current = (await get('/api/agreement')).json().version as number;
  const stale = await post('/api/agreement/accept', ids.student.token, { version: current - 1 });
  expect(stale.statusCode).toBe(409);
  expect(stale.json().message).toBe(`Version ${current} is the current agreement: read it and accept that version.`);
  const accepted = await post('/api/agreement/accept', ids.student.token, { version: current });
  expect(accepted.statusCode).toBe(200);
  const again = await post('/api/agreement/accept', ids.student.token, { version: current });
  expect(again.json()).toEqual(accepted.json());
  expect((await get('/api/agreement/mine', ids.student.token)).json()).toEqual({ version: current, acceptedAt: accepted.json().acceptedAt });
});

it('refuses a blank or overlong text with a sentence, and stores nothing', async () => {
  const before = (await get('/api/agreement/versions', ids.admin.token)).json().length;
  const blank = await publish('Terms', '   ');
  expect(blank.statusCode).toBe(400);
  expect(blank.json().message).toBe("Write the agreement's text (at most 20,000 characters).");
  expect((await publish('x'.repeat(201), 'Text.')).json().message).toBe('Give the agreement a title of at most 200 characters.');
  expect((await get('/api/agreement/versions', ids.admin.token)).json()).toHaveLength(before);
});
