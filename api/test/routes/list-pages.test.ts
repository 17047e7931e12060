import { createTestApp, type TestApp } from '../helpers/app';
import { validBlog, validCourse } from '../helpers/fixtures';
import { bearer, signInSeeded, type Identities } from '../helpers/tokens';

let t: TestApp;
let ids: Identities;

// Thirty courses in a category of their own, so the seeded ones never mix in; prices and durations repeat on
// purpose, so ties are broken by name and then by id.
const DURATIONS = ['2 weeks', '1 weekend', '3 months', 'self-paced', '10 days'];
const titles = Array.from({ length: 30 }, (_, i) => `${['Alpha', 'beta', 'Gamma', 'delta', 'Epsilon'][i % 5]} Paging ${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  ids = await signInSeeded(t.app);
  for (const [i, title] of titles.entries()) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token),
      payload: validCourse({ title, category: 'Paging', price: 100 * (i % 4), duration: DURATIONS[i % 5] }),
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

interface Item { _id: string; title: string; price: number; duration: string; category?: string }
interface Page { items: Item[]; total: number; nextCursor: string | null; categories?: string[] }

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Follows nextCursor to the end; returns each page's items. */
async function walk(base: string): Promise<Item[][]> {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`${base}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

const days: Record<string, number> = { '2 weeks': 14, '1 weekend': 2, '3 months': 90, 'self-paced': Infinity, '10 days': 10 };
const byName = (a: Item, b: Item) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : 0);

describe('GET /api/courses, one page at a time', () => {
  it('without parameters still answers every course as an array (the spec call)', async () => {
    const res = await get('/api/courses');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(38);
  });

  it('pages through a filtered list: no item twice, none missing, total and categories given, null cursor at the end', async () => {
    const first = (await get('/api/courses?category=paging&limit=7')).json() as Page;
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(7);
    expect(first.categories).toEqual(['Healthcare', 'Management', 'Networking', 'Paging', 'Programming']);
    // Later pages do not repeat them.
    expect(((await get(`/api/courses?category=paging&limit=7&cursor=${first.nextCursor}`)).json() as Page).categories).toBeUndefined();
    const pages = await walk('/api/courses?category=Paging&limit=7');
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 2]);
    // Default order: as added.
    expect(pages.flat().map((item) => item.title)).toEqual(titles);
  });

  it.each([
    ['name', (a: Item, b: Item) => byName(a, b)],
    ['price-asc', (a: Item, b: Item) => a.price - b.price || byName(a, b)],
    ['price-desc', (a: Item, b: Item) => b.price - a.price || byName(a, b)],
    ['duration', (a: Item, b: Item) => (days[a.duration]! - days[b.duration]!) || byName(a, b)],
  ])('sorts by %s in SQL, across pages', async (sort, compare) => {
    const all = (await walk(`/api/courses?category=Paging&sort=${sort}&limit=4`)).flat();
    expect(all).toHaveLength(30);
    // Ties on price and duration fall back to the name (every title differs here).
    expect(all.map((item) => item.title)).toEqual([...all].sort((a, b) => (compare(a, b) as number) || 0).map((item) => item.title));
    expect(new Set(all.map((item) => item._id)).size).toBe(30);
  });

  it('sorts newest first (the admin list), across pages: the added order reversed', async () => {
    const all = (await walk('/api/courses?category=Paging&sort=newest&limit=7')).flat();
    expect(all.map((item) => item.title)).toEqual([...titles].reverse());
  });

  it('answers card items with fields=card: the same courses and order, no content, the description a plain excerpt', async () => {
    const whole = await get('/api/courses?category=Paging&sort=name&limit=24');
    const cards = await get('/api/courses?category=Paging&sort=name&limit=24&fields=card');
    expect(cards.statusCode).toBe(200);
    const [full, card] = [whole.json() as Page, cards.json() as Page];
    expect(card.items.map((item) => item._id)).toEqual(full.items.map((item) => item._id));
    expect(card.total).toBe(30);
    expect(card.categories).toEqual(full.categories);
    for (const [i, item] of card.items.entries()) {
      const { description, content: _c, ...rest } = full.items[i] as Item & { description: string; content: unknown };
      const words = description.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean);
      expect(item).toEqual({ ...rest, description: words.length > 20 ? `${words.slice(0, 20).join(' ')}...` : words.join(' ') });
    }
    // The fixtures' texts are short; bench:lists measures real-sized ones.
    expect(cards.body.length).toBeLessThan(whole.body.length);
    // Its cursor pages on in the same shape.
    const next = (await get(`/api/courses?category=Paging&sort=name&limit=24&fields=card&cursor=${card.nextCursor}`)).json() as Page;
    expect(next.items).toHaveLength(6);
    expect(next.items[0]).not.toHaveProperty('content');
    // A long rich description arrives as its first 20 words of text.
    const long = Array.from({ length: 40 }, (_, i) => `<strong>w${i}</strong>`).join(' ');
    const made = await t.app.inject({
      method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token), payload: validCourse({ title: 'Long card', category: 'Long cards', description: `<p>${long}</p>` }),
    });
    try {
      const one = (await get('/api/courses?category=long%20cards&fields=card')).json() as Page & { items: { description: string }[] };
      expect(one.items[0]!.description).toBe(`${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}...`);
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/courses/${made.json()._id}`, headers: bearer(ids.admin.token) });
    }
    // Without paging parameters, the spec's whole list keeps every field.
    expect((await get('/api/courses')).json()[0]).toHaveProperty('description');
  });

  it('keeps its place when a course is added before the cursor: the next page neither repeats nor skips', async () => {
    const first = (await get('/api/courses?category=Paging&sort=name&limit=10')).json() as Page;
    const added = await t.app.inject({
      method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token),
      payload: validCourse({ title: 'Aardvark Paging', category: 'Paging' }),
    });
    try {
      const second = (await get(`/api/courses?category=Paging&sort=name&limit=10&cursor=${first.nextCursor}`)).json() as Page;
      const expected = titles.slice().sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)).slice(10, 20);
      expect(second.items.map((item) => item.title)).toEqual(expected);
      expect(second.total).toBe(31);
    } finally {
      await t.app.inject({ method: 'DELETE', url: `/api/courses/${added.json()._id}`, headers: bearer(ids.admin.token) });
    }
  });

  it('searches every word in the title or category, any case; % and _ are literal', async () => {
    const words = (await get('/api/courses?q=GAMMA%20paging&limit=100')).json() as Page;
    expect(words.total).toBe(6);
    expect(words.items.every((item) => item.title.startsWith('Gamma Paging'))).toBe(true);
    expect((await get('/api/courses?q=paging%20healthcare&limit=100')).json().total).toBe(0);
    expect((await get('/api/courses?q=%25&limit=100')).json().total).toBe(0);
    expect((await get('/api/courses?q=_&limit=100')).json().total).toBe(0);
  });

  it('answers the header search: titles starting with the text, any case, a few at a time', async () => {
    const page = (await get('/api/courses?startsWith=DELTA%20pag&sort=name&limit=5')).json() as Page;
    expect(page.total).toBe(6);
    expect(page.categories).toBeUndefined();
    expect(page.items.map((item) => item.title)).toEqual(['delta Paging 03', 'delta Paging 08', 'delta Paging 13', 'delta Paging 18', 'delta Paging 23']);
    expect((await get('/api/courses?startsWith=paging&limit=5')).json().total).toBe(0);
  });

  it('reads featured courses first, then as added, for the home page (only the few it shows)', async () => {
    const all = (await get('/api/courses')).json() as (Item & { featured: boolean })[];
    const expected = [...all.filter((c) => c.featured), ...all.filter((c) => !c.featured)].slice(0, 4);
    const page = (await get('/api/courses?sort=featured&limit=4')).json() as Page;
    expect(page.items.map((item) => item._id)).toEqual(expected.map((c) => c._id));
  });

  it('pages quick programs the same way, without the courses', async () => {
    const page = (await get('/api/quick-programs?limit=2')).json() as Page;
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe((await get('/api/quick-programs')).json().length);
    expect(page.items.some((item) => item.category === 'Paging')).toBe(false);
  });

  it('serves each page with an ETag, and a write shows on the next read', async () => {
    const url = '/api/courses?category=Paging&limit=3';
    const first = await get(url);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } })).statusCode).toBe(304);
    const added = await t.app.inject({
      method: 'POST', url: '/api/courses', headers: bearer(ids.admin.token), payload: validCourse({ title: 'Fresh Paging', category: 'Paging' }),
    });
    expect((await get(url)).json().total).toBe(31);
    await t.app.inject({ method: 'DELETE', url: `/api/courses/${added.json()._id}`, headers: bearer(ids.admin.token) });
  });

  it.each([
    ['limit=0', 'Limit is not in a valid format.'],
    ['limit=101', 'Limit is not in a valid format.'],
    ['limit=ten', 'Limit is not in a valid format.'],
    ['sort=oldest', 'Sort has an invalid type or value.'],
    ['fields=full', 'Fields must be "card".'],
    ['page=2', 'Unknown field "page".'],
    [`q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters long.'],
    ['cursor=not%20base64', 'Cursor is not in a valid format.'],
  ])('refuses %s with a 400 and a JSON reason', async (params, reason) => {
    const res = await get(`/api/courses?${params}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: reason });
  });

  it('refuses a cursor that is not one of ours, or one from another order', async () => {
    const nameCursor = ((await get('/api/courses?category=Paging&sort=name&limit=2')).json() as Page).nextCursor!;
    for (const cursor of [Buffer.from('["name"]').toString('base64url'), 'abc', nameCursor]) {
      const res = await get(`/api/courses?category=Paging&sort=price-asc&limit=2&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Bad Request', message: 'The cursor does not belong to this list; start again without it.' });
    }
  });
});

describe('GET /api/blogs and /api/gallery, one page at a time', () => {
  it('pages posts newest first, filtered by category and searched by words', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/blogs', headers: bearer(ids.admin.token),
        payload: validBlog({ title: `Paged post ${i}`, category: 'Paged', author: i % 2 ? 'Odd Writer' : 'Even Writer' }),
      });
      expect(res.statusCode).toBe(201);
    }
    const all = (await walk('/api/blogs?category=paged&limit=2')).flat();
    expect(all.map((post) => post.title)).toEqual(['Paged post 4', 'Paged post 3', 'Paged post 2', 'Paged post 1', 'Paged post 0']);
    const odd = (await get('/api/blogs?q=odd%20writer&limit=10')).json() as Page;
    expect(odd.items.map((post) => post.title)).toEqual(['Paged post 3', 'Paged post 1']);
    expect(Array.isArray((await get('/api/blogs')).json())).toBe(true);
    expect((await get('/api/blogs?sort=name')).statusCode).toBe(400);
  });

  it('answers post cards with fields=card: content cut to the card excerpt, no description', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const made = await t.app.inject({
      method: 'POST', url: '/api/blogs', headers: bearer(ids.admin.token),
      payload: validBlog({ title: 'Long card post', category: 'Cards', content: long, description: 'A long summary' }),
    });
    expect(made.statusCode).toBe(201);
    const page = (await get('/api/blogs?category=cards&fields=card')).json() as { items: Record<string, unknown>[] };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).not.toHaveProperty('description');
    expect(page.items[0]!.content).toBe(`${long.split(' ').slice(0, 20).join(' ')}...`);
    expect(page.items[0]).toMatchObject({ title: 'Long card post', category: 'Cards', author: expect.any(String), imgUrl: expect.any(String) });
    const full = (await get('/api/blogs?category=cards')).json() as { items: Record<string, unknown>[] };
    expect(full.items[0]).toMatchObject({ content: long, description: 'A long summary' });
  });

  it('pages gallery images newest first and still lists them all without parameters', async () => {
    const everything = (await get('/api/gallery')).json() as Item[];
    const pages = await walk('/api/gallery?limit=3');
    expect(pages.flat().map((image) => image._id)).toEqual(everything.map((image) => image._id));
    expect((await get('/api/gallery?limit=3')).json().total).toBe(everything.length);
  });
});
