import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiLogin } from '../support/stack';

interface VitalsReport {
  pages: { page: string; metrics: Record<string, { p75: number; samples: number }> }[];
  modules: { module: string; version: string }[];
}

test('a sampled visit reports its Web Vitals when the visitor leaves, and the admin report shows them', async ({ page }) => {
  // The journeys run with every visit sampled (VITALS_SAMPLE_RATE=1 in playwright.config.ts).
  const { token } = await apiLogin(ADMIN.email, ADMIN.password);
  const report = async (): Promise<VitalsReport> =>
    (await (await fetch(`${API_URL}/api/admin/vitals?days=7`, { headers: { Authorization: `Bearer ${token}` } })).json()) as VitalsReport;
  const before = (await report()).pages.find((p) => p.page === '/courses')?.metrics.LCP?.samples ?? 0;

  // The reporter's code arrives after the load event, in its own chunk.
  const reporter = page.waitForResponse((r) => /web-vitals/.test(r.url()));
  await page.goto('/courses');
  await expect(page.getByRole('button', { name: 'View Programs' }).first()).toBeVisible();
  await reporter;
  await page.mouse.click(5, 400);
  // Leaving the page is when the values are final and sent.
  await page.goto('/about');

  await expect.poll(async () => (await report()).pages.find((p) => p.page === '/courses')?.metrics.LCP?.samples ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(before);
  const { modules } = await report();
  expect(modules).toEqual(expect.arrayContaining([expect.objectContaining({ module: 'mf_catalog' }), expect.objectContaining({ module: 'shell' })]));
});
