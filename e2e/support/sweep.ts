import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { getJson } from './api';
import { routeTablePatterns } from './route-table';
import { ROOT } from './stack';

/** Screenshots for a person to look through (git-ignored), taken when SWEEP_SCREENSHOTS=1. */
export const SCREENSHOT_DIR = path.join(ROOT, 'e2e', 'screenshots');

/** Each route with a real id where it has one: a course for /courses/:id and /payment/:id, a program, a blog post. */
export async function routePaths(more: Record<string, string> = {}): Promise<{ pattern: string; path: string }[]> {
  const first = async (list: string) => (await getJson<{ _id: string }[]>(list))[0]!._id;
  const course = await first('/api/courses');
  const ids: Record<string, string> = {
    '/courses/:id': course, '/payment/:id': course,
    '/quick-programs/:id': await first('/api/quick-programs'), '/blog/:id': await first('/api/blogs'),
    ...more,
  };
  return routeTablePatterns().map((pattern) => ({ pattern, path: ids[pattern] ? pattern.replace(/:\w+/, ids[pattern]!) : pattern }));
}

/** Listens to everything that counts as the page going wrong while it is visited. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page exception: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A page that redirects on entry (/payment-success without a token, /payment-cancel) aborts its own
    // in-flight requests: a navigation, not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  // Alerts of the spec (for example "Missing payment ID") are accepted, as a person would.
  page.on('dialog', (d) => void d.accept());
  return problems;
}

/**
 * How much of a page axe analyses (decision 056). The DOM is the same at every width (the layouts are CSS alone), so
 * the whole page is analysed once per role, at the desktop width; the phone width differs in what is shown, the menu
 * (the header's mobile menu below 64rem), so its header is analysed there; other widths show what one of those shows.
 */
export type AxeScope = 'page' | 'header' | 'none';

/**
 * What the page looks like to the net: overflow, headings, title and serious or critical axe violations, and what axe
 * analysed.
 */
export async function inspect(page: Page, axe: AxeScope) {
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    h1: document.querySelectorAll('h1').length,
    title: document.title.trim(),
  }));
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // Pages without the site's header (a printable certificate or invoice) have no menu to analyse.
  const scope = axe === 'header' && (await page.locator('header').count()) === 0 ? 'none' : axe;
  const violations = scope !== 'none'
    ? (await (scope === 'header' ? builder.include('header') : builder).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`)
    : [];
  return { ...layout, violations, analysed: scope };
}

export type Inspection = Awaited<ReturnType<typeof inspect>>;

/** Named by the route's pattern (/courses/:id -> courses_id.png), so each run overwrites the last. */
export function screenshotPath(role: string, width: number, pattern: string): string {
  const dir = path.join(SCREENSHOT_DIR, `${width}px`, role);
  mkdirSync(dir, { recursive: true });
  const name = pattern === '/' ? 'home' : pattern.slice(1).replace(/[^\w-]+/g, '_');
  return path.join(dir, `${name}.png`);
}
