import { createTestApp, type TestApp } from '../helpers/app';
import { validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

/** Issue 14, item 7: the admin form sets a course's intro video, and an empty value removes it. */
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(ids.admin.token), payload });
const find = async (id: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/courses' })).json() as Array<{ _id: string; introVideoUrl?: string }>).find((c) => c._id === id);

it('stores an https intro video, and an empty string clears it', async () => {
  const video = 'https://www.youtube.com/watch?v=abc_123';
  const created = await write('POST', '/api/courses', validCourse({ introVideoUrl: video }));
  expect(created.statusCode).toBe(201);
  const id = created.json()._id as string;
  expect((await find(id))?.introVideoUrl).toBe(video);
  expect((await write('PUT', `/api/courses/${id}`, validCourse({ introVideoUrl: '' }))).statusCode).toBe(200);
  expect(await find(id)).not.toHaveProperty('introVideoUrl');
});

it('still refuses a video that is not https', async () => {
  const res = await write('POST', '/api/courses', validCourse({ introVideoUrl: 'javascript:alert(1)' }));
  expect(res.statusCode).toBe(400);
});
