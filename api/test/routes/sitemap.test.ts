import { createTestApp, type TestApp } from '../helpers/app';
import { validBlog, validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

interface Entry { path: string; lastmod: string }
const sitemap = async (): Promise<Entry[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/sitemap' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json().entries;
};
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(ids.admin.token), ...(payload ? { payload } : {}) });

describe('GET /api/sitemap', () => {
  it('lists every course, program and post, and each list page with its newest change', async () => {
    const entries = await sitemap();
    const paths = entries.map((e) => e.path);
    const [courses, programs, blogs] = await Promise.all(['/api/courses', '/api/quick-programs', '/api/blogs']
      .map(async (url) => (await t.app.inject({ method: 'GET', url })).json() as { _id: string }[]));
    for (const c of courses!) expect(paths).toContain(`/courses/${c._id}`);
    for (const p of programs!) expect(paths).toContain(`/quick-programs/${p._id}`);
    for (const b of blogs!) expect(paths).toContain(`/blog/${b._id}`);
    expect(paths).toEqual(expect.arrayContaining(['/courses', '/quick-programs', '/blog', '/gallery']));
    expect(paths).toHaveLength(courses!.length + programs!.length + blogs!.length + 4);
    const newestCourse = Math.max(...entries.filter((e) => e.path.startsWith('/courses/')).map((e) => Date.parse(e.lastmod)));
    expect(Date.parse(entries.find((e) => e.path === '/courses')!.lastmod)).toBe(newestCourse);
  });

  it('is current after each admin write: a new course, an edit, a deletion', async () => {
    const created = await write('POST', '/api/courses', validCourse({ title: 'Sitemap Course' }));
    expect(created.statusCode).toBe(201);
    const id: string = created.json()._id;
    const added = (await sitemap()).find((e) => e.path === `/courses/${id}`);
    expect(added).toBeDefined();

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await write('PUT', `/api/courses/${id}`, validCourse({ title: 'Sitemap Course, edited' }))).statusCode).toBe(200);
    const edited = (await sitemap()).find((e) => e.path === `/courses/${id}`)!;
    expect(Date.parse(edited.lastmod)).toBeGreaterThan(Date.parse(added!.lastmod));

    expect((await write('DELETE', `/api/courses/${id}`)).statusCode).toBe(200);
    expect((await sitemap()).map((e) => e.path)).not.toContain(`/courses/${id}`);
  });

  it('lists a post added a moment ago', async () => {
    const res = await write('POST', '/api/blogs', validBlog());
    expect(res.statusCode).toBe(201);
    const id: string = res.json().blog._id;
    expect((await sitemap()).map((e) => e.path)).toContain(`/blog/${id}`);
  });
});
