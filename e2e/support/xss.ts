import { expect, type Page } from '@playwright/test';

/** A stored-XSS payload: each part sets window.__xss if it ever runs. */
export const XSS_DESCRIPTION = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
export const XSS_CONTENT = ['<img src=x onerror="window.__xss=3">', '<a href="javascript:window.__xss=4">'];

/** No payload ran, and none of its active parts (handlers, scripts, javascript: links) made it into the DOM. */
export async function expectNoInjectedCode(page: Page) {
  // Gives an onerror handler on a broken image time to fire, if one exists.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('[onerror]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  const scripts = await page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  expect(scripts.filter((text) => text.includes('__xss'))).toEqual([]);
}
