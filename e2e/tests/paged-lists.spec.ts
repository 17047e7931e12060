import { expect, test } from '@playwright/test';
import type { Course } from '@institute/shared/contract';
import { createCourse, deleteCourse } from '../support/api';

// More courses than one page holds (24), in a category of their own so the other journeys' lists stay as seeded.
const CATEGORY = 'Paging Journey';
const COUNT = 30;
const titles = Array.from({ length: COUNT }, (_, i) => `Paged Course ${String(i + 1).padStart(2, '0')}`);
let created: Course[] = [];

test.beforeAll(async () => {
  created = [];
  for (const title of titles) created.push(await createCourse({ title, category: CATEGORY }));
});
test.afterAll(async () => {
  for (const course of created) await deleteCourse(course._id);
});

const LIST = `/courses?category=${encodeURIComponent(CATEGORY)}&sort=name`;
const cardTitles = (html: string) => {
  const list = /<ul[^>]*aria-label="Courses">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
};

test.describe('a list longer than one page', () => {
  test('the first HTML holds the first page; "Load more", reached by keyboard, appends the rest and the URL remembers', async ({ page, request }) => {
    const html = await (await request.get(LIST)).text();
    expect(cardTitles(html)).toEqual(titles.slice(0, 24));
    expect(html).toContain('Showing 24 of 30 courses');
    expect(html).toContain('>Load more courses</button>');

    const listReads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/courses' && r.method() === 'GET') listReads.push(url.search);
    });
    await page.goto(LIST);
    await expect(page.locator('[data-remote-slot]:not([inert])').first()).toBeAttached();
    const more = page.getByRole('button', { name: 'Load more courses' });
    await expect(more).toBeVisible();
    // A keyboard user tabs through the header, the list's controls and every card to reach it.
    for (let i = 0; i < 120 && !(await more.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    const cards = page.getByRole('list', { name: 'Courses' }).getByRole('heading', { level: 2 });
    await expect(cards).toHaveCount(COUNT);
    await expect.poll(() => cards.allTextContents()).toEqual(titles);
    await expect(page).toHaveURL(/[?&]shown=30(&|$)/);
    await expect(page.getByRole('status').filter({ hasText: 'courses' })).toHaveText('30 courses');
    await expect(more).toHaveCount(0);
    // The page read its rest from the first page's cursor; nothing asked for the whole catalog (the header's links
    // may prefetch their own first pages meanwhile).
    expect(listReads.filter((search) => search.includes('cursor='))).toHaveLength(1);
    for (const search of listReads) expect(search).toMatch(/limit=/);

    // A reload (or the link shared) shows as many, from its first HTML.
    const again = await (await request.get(new URL(page.url()).pathname + new URL(page.url()).search)).text();
    expect(cardTitles(again)).toEqual(titles);
  });

  test('the header search asks the server for the typed prefix and never downloads the catalog', async ({ page }) => {
    const listReads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/courses' && r.method() === 'GET') listReads.push(url.search);
    });
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search courses' });
    // Read-only until hydrated (nothing typed is half-taken): typing starts once it takes typing, as a visitor's would.
    await expect(box).toBeEditable();
    await box.pressSequentially('paged course 1', { delay: 20 });
    await expect(page.getByRole('option')).toHaveCount(10);
    await expect(page.getByRole('option').first()).toContainText('Paged Course 10');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/courses/${created[9]!._id}$`));
    expect(listReads.length).toBeGreaterThan(0);
    for (const search of listReads) expect(search).toMatch(/startsWith=/);
  });
});
