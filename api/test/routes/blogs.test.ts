import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app';
import { validBlog } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);

describe('blogs', () => {
  it('lists the four seeded posts newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(res.statusCode).toBe(200);
    const blogs = res.json();
    expect(blogs).toHaveLength(4);
    const dates = blogs.map((b: { createdAt: string }) => Date.parse(b.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(blogs[0].imgUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/seed/blog-.+\\.svg$`));
    expect(blogs[0].content).toContain('\n');
    expect(res.headers.etag).toBeDefined();
  });

  it('reads one post at /blogs/:id (no api prefix) and at /api/blogs/:id', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json();
    const short = await t.app.inject({ method: 'GET', url: `/blogs/${first._id}` });
    const long = await t.app.inject({ method: 'GET', url: `/api/blogs/${first._id}` });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual(first);
    expect(long.json()).toEqual(first);
    for (const url of ['/blogs/nope', '/blogs/00000000-0000-4000-8000-000000000000', '/api/blogs/..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not Found', message: 'Blog not found.' });
    }
  });

  it('adds a post with a server-set date and answers {message, blog}', async () => {
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST', url: '/api/blogs', headers: admin(),
      payload: validBlog({ content: 'Line one\r\nLine <b>two</b><script>x()</script>' }),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Blog created.');
    expect(body.blog).toMatchObject({ title: 'A test post', author: 'Tess Author', category: 'News', description: 'Short summary.' });
    expect(body.blog.content).toBe('Line one\nLine <b>two</b><script>x()</script>');
    expect(Date.parse(body.blog.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const list = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json();
    expect(list[0]._id).toBe(body.blog._id);
  });

  it('refuses a client-chosen createdAt and keeps & < > as text', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: admin(), payload: validBlog({ createdAt: '2000-01-01' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Unknown field "createdAt".');
    const res = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: admin(), payload: validBlog({ title: 'Q&A: 3 < 5' }) });
    expect(res.json().blog.title).toBe('Q&A: 3 < 5');
  });

  it('deletes a post', async () => {
    const { blog } = (await t.app.inject({ method: 'POST', url: '/api/blogs', headers: admin(), payload: validBlog() })).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${blog._id}`, headers: admin() });
    expect(res.json()).toEqual({ message: 'Blog deleted.' });
    expect((await t.app.inject({ method: 'GET', url: `/blogs/${blog._id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blogs/${blog._id}`, headers: admin() })).statusCode).toBe(404);
  });
});
