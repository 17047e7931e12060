import { expect, type Locator, type Page } from '@playwright/test';

/** Loads the page afresh so focus starts at the top, then tabs forward as a keyboard user would. */
export async function tabUntilFocused(page: Page, target: Locator, maxStops = 15) {
  await page.reload();
  await expect(target).toBeVisible();
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

/** The username the header shows: the one in the stored token's payload. */
export async function sessionUsername(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no token is stored: sign in first');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { username: string };
  return payload.username;
}
