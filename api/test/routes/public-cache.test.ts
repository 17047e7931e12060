import { createTestApp, PUBLIC_URL, type TestApp } from '../helpers/app';
import { galleryForm, validBlog, validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

// Public lists and items come from the in-process cache (decision 010). The TTL is the default 3 s, on a
// clock the tests move by hand.
let clock = Date.parse('2026-03-01T09:00:00.000Z');
let t: TestApp;
let ids: Identities;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  ids = await signInSeeded(t.app);
});
afterAll(() => t.close());

const admin = () => bearer(ids.admin.token);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const titles = async (url: string) => (await get(url)).json().map((item: { title: string }) => item.title);
/** A write this process does not see: another API instance on the same database. */
const elsewhere = (table: string, id: string, title: string) => t.app.db.query(`UPDATE ${table} SET title = $2 WHERE id = $1`, [id, title]);

describe.each([
  ['courses', '/api/courses', 'Course'],
  ['quick programs', '/api/quick-programs', 'Quick program'],
])('%s: a write is visible in the very next read', (_name, base, noun) => {
  it('after create, update and delete, on the list and the item', async () => {
    const [seeded] = (await get(base)).json();
    await elsewhere('programs', seeded._id, 'Changed elsewhere');
    expect(await titles(base)).not.toContain('Changed elsewhere'); // served from the cache

    const created = (await t.app.inject({ method: 'POST', url: base, headers: admin(), payload: validCourse({ title: 'Fresh' }) })).json();
    const afterCreate = await titles(base);
    expect(afterCreate).toContain('Fresh');
    expect(afterCreate).toContain('Changed elsewhere'); // the whole list was read again
    expect((await get(`${base}/${created._id}`)).json().title).toBe('Fresh');

    await t.app.inject({ method: 'PUT', url: `${base}/${created._id}`, headers: admin(), payload: validCourse({ title: 'Renamed' }) });
    expect((await get(`${base}/${created._id}`)).json().title).toBe('Renamed');
    expect(await titles(base)).toContain('Renamed');

    await t.app.inject({ method: 'DELETE', url: `${base}/${created._id}`, headers: admin() });
    const gone = await get(`${base}/${created._id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Not Found', message: `${noun} not found.` });
    expect(await titles(base)).not.toContain('Renamed');
  });
});

describe('blogs: a write is visible in the very next read', () => {
  it('after create and delete, on the list and both item paths', async () => {
    const [seeded] = (await get('/api/blogs')).json();
    await get(`/blogs/${seeded._id}`);
    await elsewhere('blogs', seeded._id, 'Changed elsewhere');
    expect((await get(`/blogs/${seeded._id}`)).json().title).toBe(seeded.title);

    const { blog } = (await t.app.inject({ method: 'POST', url: '/api/blogs', headers: admin(), payload: validBlog({ title: 'New post' }) })).json();
    expect((await titles('/api/blogs'))[0]).toBe('New post');
    expect((await get(`/blogs/${seeded._id}`)).json().title).toBe('Changed elsewhere');
    expect((await get(`/api/blogs/${blog._id}`)).json()).toEqual(blog);

    await t.app.inject({ method: 'DELETE', url: `/api/blogs/${blog._id}`, headers: admin() });
    expect(await titles('/api/blogs')).not.toContain('New post');
    for (const url of [`/blogs/${blog._id}`, `/api/blogs/${blog._id}`]) {
      expect((await get(url)).json()).toEqual({ error: 'Not Found', message: 'Blog not found.' });
    }
  });
});

describe('gallery: a write is visible in the very next read', () => {
  it('after an upload and a delete', async () => {
    const [seeded] = (await get('/api/gallery')).json();
    await elsewhere('gallery_images', seeded._id, 'Changed elsewhere');
    expect(await titles('/api/gallery')).not.toContain('Changed elsewhere');

    const form = await galleryForm({ title: 'Open day' });
    const image = (await t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...admin(), ...form.headers }, payload: form.payload })).json();
    const listed = (await get('/api/gallery')).json();
    expect(listed[0]).toEqual(image);
    expect(listed[0].imageUrl).toMatch(new RegExp(`^${PUBLIC_URL}/media/uploads/`));

    await t.app.inject({ method: 'DELETE', url: `/api/gallery/${image._id}`, headers: admin() });
    expect(await titles('/api/gallery')).not.toContain('Open day');
  });
});

describe('HTTP caching on top of the cache', () => {
  it('answers 304 to the current ETag and 200 with the new body once a write changed it', async () => {
    const first = await get('/api/courses');
    const again = await get('/api/courses', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers).toMatchObject({ etag: first.headers.etag, 'cache-control': 'public, max-age=0, must-revalidate, s-maxage=60' });

    const created = (await t.app.inject({ method: 'POST', url: '/api/courses', headers: admin(), payload: validCourse({ title: 'Etag' }) })).json();
    const changed = await get('/api/courses', { 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.json().map((c: { _id: string }) => c._id)).toContain(created._id);
    expect((await get(`/api/courses/${created._id}`, { 'if-none-match': `W/"x", ${changed.headers.etag}` })).statusCode).toBe(200);
    const item = await get(`/api/courses/${created._id}`);
    expect((await get(`/api/courses/${created._id}`, { 'if-none-match': `W/"x", ${item.headers.etag}` })).statusCode).toBe(304);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const full = await get('/api/gallery');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/gallery' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers).toMatchObject({ etag: full.headers.etag, 'content-type': 'application/json; charset=utf-8' });
  });

  it('serves repeated reads without asking the database', async () => {
    await get('/api/blogs');
    const list = jest.spyOn(t.app.repos.blogs, 'list');
    try {
      for (let i = 0; i < 5; i += 1) expect((await get('/api/blogs')).statusCode).toBe(200);
      expect(list).not.toHaveBeenCalled();
    } finally {
      list.mockRestore();
    }
  });
});

describe('the TTL bounds how long a write by another instance stays unseen', () => {
  it('keeps a body for 3 s from its load, then reads the database again', async () => {
    clock += 60_000; // whatever was cached before has expired
    const start = clock;
    const [course] = (await get('/api/quick-programs')).json();
    await elsewhere('programs', course._id, 'From instance B');
    clock = start + 2999;
    expect(await titles('/api/quick-programs')).not.toContain('From instance B');
    clock = start + 3000;
    expect(await titles('/api/quick-programs')).toContain('From instance B');
  });

  it('reads the database every time with PUBLIC_CACHE_TTL_MS=0', async () => {
    const uncached = await createTestApp({ now: () => clock, config: { publicCacheTtlMs: 0 } });
    try {
      const [course] = (await uncached.app.inject({ method: 'GET', url: '/api/courses' })).json();
      await uncached.app.db.query('UPDATE programs SET title = $2 WHERE id = $1', [course._id, 'Seen at once']);
      const [again] = (await uncached.app.inject({ method: 'GET', url: '/api/courses' })).json();
      expect(again.title).toBe('Seen at once');
    } finally {
      await uncached.close();
    }
  });
});
