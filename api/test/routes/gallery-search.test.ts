import { createTestApp, type TestApp } from '../helpers/app';

/** Issue 25: the gallery pages are searched and ordered in SQL, as the admin's other lists are (decision 033). */
let t: TestApp;
const TAG = `zq${Date.now().toString(36)}`;
const IMAGES = [
  { title: `${TAG} Graduation day`, description: 'Caps in the air on the front lawn' },
  { title: `${TAG} anatomy lab`, description: 'Students at the skeleton model' },
  { title: `${TAG} Career fair`, description: 'Employers meet the graduating class' },
  { title: `${TAG} Billing workshop`, description: 'Medical billing software, hands on' },
];

beforeAll(async () => {
  t = await createTestApp();
  const start = Date.now() - 60_000;
  for (const [i, image] of IMAGES.entries()) {
    await t.app.repos.gallery.create({ ...image, imagePath: `/media/${TAG}-${i}.webp`, width: 800, height: 600 }, new Date(start + i * 1000));
  }
}, 120_000);
afterAll(() => t.close());

interface Page { items: { _id: string; title: string }[]; total: number; nextCursor: string | null }
const page = async (query: string): Promise<Page> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/gallery?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const titles = (p: Page) => p.items.map((item) => item.title.replace(`${TAG} `, ''));

describe('GET /api/gallery: search and order', () => {
  it('finds every word in the title or the description, any case, and counts only the matches', async () => {
    const graduat = await page(`q=${TAG}%20GRADUAT&limit=10`);
    expect(titles(graduat)).toEqual(['Career fair', 'Graduation day']);
    expect(graduat.total).toBe(2);
    expect(titles(await page(`q=${TAG}%20billing%20hands&limit=10`))).toEqual(['Billing workshop']);
    expect((await page(`q=${TAG}%20nothing-like-this`)).items).toEqual([]);
    // LIKE's own characters are text, not patterns.
    expect((await page(`q=${TAG}%20%25`)).total).toBe(0);
  });

  it('orders newest first by default, oldest first, or by title, paging without repeats', async () => {
    expect(titles(await page(`q=${TAG}&limit=10`))).toEqual(['Billing workshop', 'Career fair', 'anatomy lab', 'Graduation day']);
    expect(titles(await page(`q=${TAG}&sort=oldest&limit=10`))).toEqual(['Graduation day', 'anatomy lab', 'Career fair', 'Billing workshop']);
    const first = await page(`q=${TAG}&sort=title&limit=2`);
    expect(titles(first)).toEqual(['anatomy lab', 'Billing workshop']);
    const second = await page(`q=${TAG}&sort=title&limit=2&cursor=${first.nextCursor}`);
    expect(titles(second)).toEqual(['Career fair', 'Graduation day']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses an order it does not know with a 400 and keeps the spec\'s whole list without parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gallery?sort=price' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const all = await t.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(Array.isArray(all.json())).toBe(true);
  });
});
