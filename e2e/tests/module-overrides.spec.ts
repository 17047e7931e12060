import { expect, test, type Page } from '@playwright/test';
import { readRegistry } from '../support/stack';
import { SITE_PORT } from '../playwright.config';

// Module overrides outside production (issue 27, decision 038). The e2e site is http://localhost:<port>; the same
// published build of mf-content reached as http://127.0.0.1:<port> is, for the browser, a build on another origin
// (a teammate's server): its CSP must allow it for the overriding browser alone.
const OTHER_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;
const liveManifest = () => readRegistry().mf_content!;

/** This browser is served the live registry, each module's selection saying so (decision 039). */
async function expectLiveRegistry(page: Page) {
  const { selection, notices, ...served } = await (await page.request.get('/remotes.json')).json() as Record<string, unknown> & {
    selection: Record<string, string>; notices: Record<string, string>;
  };
  expect(served).toEqual(readRegistry());
  expect(new Set(Object.values(selection))).toEqual(new Set(['live']));
  expect(notices).toEqual({});
}

/** The origins mf-content's entry was fetched from, while `run` runs. */
async function contentEntryOrigins(page: Page, run: () => Promise<void>): Promise<string[]> {
  const origins = new Set<string>();
  const listener = (request: { url: () => string }) => {
    const url = new URL(request.url());
    if (/\/mf-content\/[^/]+\/remoteEntry\.js$/.test(url.pathname)) origins.add(url.origin);
  };
  page.on('request', listener);
  await run();
  // A server-rendered page shows before its module's code arrives: wait for the entry's request.
  await expect.poll(() => origins.size).toBeGreaterThan(0);
  page.off('request', listener);
  return [...origins];
}

test('one browser runs a module from another URL, with a banner and a reset; other browsers keep the live one', async ({ page, browser }) => {
  const violations: string[] = [];
  page.on('console', (message) => { if (/Content Security Policy/.test(message.text())) violations.push(message.text()); });
  const folder = `${OTHER_ORIGIN}${liveManifest().replace(/mf-manifest\.json$/, '')}`;

  await page.goto('/__overrides');
  await expect(page.getByRole('heading', { name: 'Module overrides', level: 1 })).toBeVisible();
  await page.getByLabel('Module').selectOption('mf_content');
  await page.getByLabel('Manifest URL').fill(folder);
  await page.getByRole('button', { name: 'Use this build' }).click();
  await expect(page).toHaveURL(/\/$/);

  const banner = page.getByRole('complementary', { name: 'Module overrides' });
  const overridden = await contentEntryOrigins(page, async () => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
  });
  expect(overridden).toEqual([OTHER_ORIGIN]);
  await expect(banner).toContainText(`mf_content overridden in this browser: ${folder}mf-manifest.json`);
  expect(violations).toEqual([]);

  // Another browser (no cookie of this one) runs the live version, without a banner.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const live = await contentEntryOrigins(otherPage, async () => {
    await otherPage.goto('/blog');
    await expect(otherPage.getByRole('article').first()).toBeVisible();
  });
  expect(live).toEqual([new URL(otherPage.url()).origin]);
  await expect(otherPage.getByRole('complementary', { name: 'Module overrides' })).toHaveCount(0);
  await other.close();

  // Reset: back to the live version, on the page it was pressed on.
  await banner.getByRole('button', { name: 'Reset overrides' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(banner).toHaveCount(0);
  await expectLiveRegistry(page);
});

test('an unknown module or a malformed URL gets a message, and the live version runs', async ({ page }) => {
  await page.request.post('/__overrides', { form: { module: 'mf_nope', url: 'http://127.0.0.1:1/mf-manifest.json' }, headers: { Origin: `http://localhost:${SITE_PORT}` } })
    .then((response) => expect(response.status()).toBe(400));

  await page.goto('/__overrides');
  await page.getByLabel('Module').selectOption('mf_catalog');
  await page.getByLabel('Manifest URL').fill('not a url');
  await page.getByRole('button', { name: 'Use this build' }).click();
  await expect(page.getByRole('alert')).toHaveText('"not a url" is not the http(s) address of a module\'s mf-manifest.json (or of its folder, ending in /). The live version of mf_catalog runs.');

  const answer = await page.request.post('/__overrides', { form: { module: 'mf_nope', url: 'http://127.0.0.1:1/' }, headers: { Origin: `http://localhost:${SITE_PORT}` } });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain('Unknown module &quot;mf_nope&quot;: a module override names one of mf_catalog, mf_checkout, mf_content, mf_admin. The live version runs.');

  await page.goto('/courses');
  await expect(page.getByRole('complementary', { name: 'Module overrides' })).toHaveCount(0);
  await expectLiveRegistry(page);
});
