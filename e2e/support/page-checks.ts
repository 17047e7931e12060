import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { DEPLOY_DIR } from './stack';

/** The institute's name as this deployment's config.json states it (the shell suffixes titles with it). */
export function instituteName(): string {
  const config = JSON.parse(readFileSync(path.join(DEPLOY_DIR, 'config.json'), 'utf8')) as { institute: { name: string } };
  return config.institute.name;
}

/**
 * Every page has exactly one h1 and a document title. `title` is the exact title when the page sets its
 * own (e.g. a blog post); otherwise the shell's "<route title> | <institute>" is expected.
 */
export async function expectPageBasics(page: Page, title: string | RegExp) {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page).toHaveTitle(title);
}

/**
 * Scrolls to the bottom a screen at a time, as a reader would, so lazily mounted sections load. The page grows
 * while sections arrive, so it keeps going until the bottom stays the bottom.
 */
export async function scrollThroughPage(page: Page) {
  for (let step = 0; step < 60; step++) {
    await page.mouse.wheel(0, 500);
    // Pacing, not a wait for a result: gives the scroll and the IntersectionObserver callbacks a few frames.
    await page.waitForTimeout(200);
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atBottom) return;
  }
  throw new Error('the page never reached its bottom while scrolling');
}

/** The shell's title for a route: "<route title> | <institute name>". */
export const shellTitle = (routeTitle: string) => `${routeTitle} | ${instituteName()}`;
