import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const summary = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/catalog/summary' });
  expect(res.statusCode).toBe(200);
  return res.json() as { courses: number; quickPrograms: number };
};
const listLength = async (url: string) => ((await t.app.inject({ method: 'GET', url })).json() as unknown[]).length;

describe('GET /api/catalog/summary', () => {
  it('counts what the public lists hold', async () => {
    const counts = await summary();
    expect(counts).toEqual({ courses: await listLength('/api/courses'), quickPrograms: await listLength('/api/quick-programs') });
    expect(counts.courses).toBeGreaterThan(0);
    expect(counts.quickPrograms).toBeGreaterThan(0);
  });

  it('follows an admin adding and deleting a course at once', async () => {
    const before = await summary();
    const created = await t.app.inject({ method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token), payload: validCourse({ title: 'Counted Course' }) });
    expect(created.statusCode).toBe(201);
    expect(await summary()).toEqual({ ...before, courses: before.courses + 1 });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/courses/${created.json()._id}`, headers: bearer(ids.admin.token) });
    expect(removed.statusCode).toBe(200);
    expect(await summary()).toEqual(before);
  });

  it('answers a revalidation with 304 while nothing changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/catalog/summary' });
    expect(first.headers.etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/api/catalog/summary', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});
