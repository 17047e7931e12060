import { createTestApp, type TestApp } from '../helpers/app';
import { validBlog } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const put = (url: string, payload: object, token = ids.admin.token) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
const lastmod = async (path: string) => (await get('/api/sitemap')).entries.find((e: { path: string }) => e.path === path)?.lastmod as string;

describe('PUT /api/blogs/:id', () => {
  it('edits every field of a post, keeps its id and date, and the public reads and sitemap show it at once', async () => {
    const [post] = await get('/api/blogs');
    await get(`/api/blogs/${post._id}`); // cached now: the edit must drop it
    const before = await lastmod(`/blog/${post._id}`);
    const res = await put(`/api/blogs/${post._id}`, validBlog({ title: '  Edited <b>title</b> ', content: 'New\r\nlines', description: 'New summary' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Blog updated.', blog: { _id: post._id, title: 'Edited <b>title</b>', content: 'New\nlines', createdAt: post.createdAt } });
    expect(await get(`/api/blogs/${post._id}`)).toMatchObject({ title: 'Edited <b>title</b>', description: 'New summary' });
    expect((await get('/api/blogs')).find((b: { _id: string }) => b._id === post._id).title).toBe('Edited <b>title</b>');
    expect(Date.parse(await lastmod(`/blog/${post._id}`))).toBeGreaterThan(Date.parse(before));
  });

  it('validates as on create, answers 404 for a missing post, and is for admins only', async () => {
    const [post] = await get('/api/blogs');
    expect((await put(`/api/blogs/${post._id}`, validBlog({ title: '' }))).statusCode).toBe(400);
    expect((await put(`/api/blogs/${post._id}`, validBlog({ author: '  ' }))).json()).toEqual({ error: 'Bad Request', message: 'Author must not be empty.' });
    expect((await put(`/api/blogs/${post._id}`, { ...validBlog(), views: 3 })).statusCode).toBe(400);
    expect((await put('/api/blogs/00000000-0000-4000-8000-000000000000', validBlog())).statusCode).toBe(404);
    expect((await put('/api/blogs/nope', validBlog())).statusCode).toBe(404);
    expect((await put(`/api/blogs/${post._id}`, validBlog(), ids.student.token)).statusCode).toBe(403);
  });
});

describe('PUT /api/gallery/:id', () => {
  it("edits an image's title and description in place; the list shows it at once", async () => {
    const [image] = await get('/api/gallery');
    const before = await lastmod('/gallery');
    const res = await put(`/api/gallery/${image._id}`, { title: 'Graduation 2026', description: 'The <em>class</em> of 2026.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...image, title: 'Graduation 2026', description: 'The <em>class</em> of 2026.' });
    expect((await get('/api/gallery')).find((g: { _id: string }) => g._id === image._id).title).toBe('Graduation 2026');
    expect(Date.parse(await lastmod('/gallery'))).toBeGreaterThanOrEqual(Date.parse(before));
  });

  it('refuses empty text, other fields and strangers, and answers 404 for a missing image', async () => {
    const [image] = await get('/api/gallery');
    expect((await put(`/api/gallery/${image._id}`, { title: ' ', description: 'x' })).json()).toEqual({ error: 'Bad Request', message: 'Title must not be empty.' });
    expect((await put(`/api/gallery/${image._id}`, { title: 'a', description: 'b', width: 5 })).statusCode).toBe(400);
    expect((await put(`/api/gallery/${image._id}`, { title: 'a' })).statusCode).toBe(400);
    expect((await put('/api/gallery/00000000-0000-4000-8000-000000000000', { title: 'a', description: 'b' })).statusCode).toBe(404);
    expect((await put(`/api/gallery/${image._id}`, { title: 'a', description: 'b' }, ids.student.token)).statusCode).toBe(403);
  });
});
