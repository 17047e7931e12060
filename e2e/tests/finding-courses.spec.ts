import { expect, test, type Page } from '@playwright/test';
import { listCourses, listQuickPrograms } from '../support/api';

const cardTitles = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('heading', { level: 2 }).allTextContents();

test.describe('finding a course: the URL carries category, search words and order', () => {
  test('a category link shows that category, sorted as asked, from the first HTML on; Back restores the order', async ({ page, request }) => {
    const networking = (await listCourses()).filter((c) => c.category === 'Networking').sort((a, b) => a.price - b.price);
    expect(networking.length).toBeGreaterThanOrEqual(2);
    const byPrice = networking.map((c) => c.title);

    // The server renders the filtered, sorted list: a shared link shows the same list before any script runs.
    const html = await (await request.get('/courses?category=Networking&sort=price-desc')).text();
    const list = /<ul[^>]*aria-label="Courses">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect([...list.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual([...byPrice].reverse());

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Networking' }).click();
    await expect(page).toHaveURL(/\/courses\?category=Networking$/);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await expect(page).toHaveURL(/\/courses\?category=Networking&sort=price-asc$/);
    await expect.poll(() => cardTitles(page, 'Courses')).toEqual(byPrice);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
    await expect.poll(() => cardTitles(page, 'Courses')).toEqual([...byPrice].reverse());
    await page.goBack();
    await expect(page).toHaveURL(/sort=price-asc$/);
    await expect.poll(() => cardTitles(page, 'Courses')).toEqual(byPrice);
  });

  test('Enter in the header search lists every matching course on /courses?q=', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('combobox', { name: 'Search courses' });
    await box.fill('pharmacy');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/courses\?q=pharmacy$/);
    await expect.poll(() => cardTitles(page, 'Courses')).toEqual(['Pharmacy Technician']);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('pharmacy');
  });

  test('quick programs: no match says so and offers to clear; clearing shows them all', async ({ page }) => {
    const programs = await listQuickPrograms();
    await page.goto('/quick-programs?q=underwater%20welding&sort=name');
    await expect(page.getByText('No programs match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/quick-programs\?sort=name$/);
    await expect.poll(() => cardTitles(page, 'Quick programs')).toEqual(programs.map((p) => p.title).sort((a, b) => a.localeCompare(b)));
  });
});
