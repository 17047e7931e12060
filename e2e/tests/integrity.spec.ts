import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import { REMOTE_NAMES } from '@institute/shared/contract';
import { DEPLOY_DIR, readRegistry } from '../support/stack';

type Manifest = { exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[] };

/** The published file of mf-catalog's CoursesPage expose, of the given kind. */
function coursesPageFile(kind: 'js' | 'css'): string {
  const manifestUrl = readRegistry().mf_catalog!;
  const manifest = JSON.parse(readFileSync(path.join(DEPLOY_DIR, manifestUrl), 'utf8')) as Manifest;
  const expose = manifest.exposes.find((e) => e.name === 'CoursesPage')!;
  const file = expose.assets[kind].sync.find((f) => f.includes('CoursesPage'))!;
  return path.join(DEPLOY_DIR, path.posix.dirname(manifestUrl), file);
}

/**
 * Changes one byte of a published file (same length, still valid code or CSS) for the length of `body`, in the file
 * and in the .gz/.br twins publish made of it (the site server, like nginx, sends a twin to a browser that takes it).
 */
async function withOneByteChanged(file: string, body: () => Promise<void>) {
  const original = readFileSync(file);
  const changed = Buffer.from(original);
  // A byte inside a module-prefixed class name: the file stays valid, so only its integrity can refuse it.
  const at = changed.indexOf('catalog_') + 'catalog_'.length;
  changed[at] = changed[at] === 0x61 ? 0x62 : 0x61;
  const twins = [{ file: `${file}.gz`, encode: gzipSync }, { file: `${file}.br`, encode: brotliCompressSync }].filter((twin) => existsSync(twin.file));
  const originals = twins.map((twin) => readFileSync(twin.file));
  writeFileSync(file, changed);
  for (const twin of twins) writeFileSync(twin.file, twin.encode(changed));
  try {
    await body();
  } finally {
    writeFileSync(file, original);
    twins.forEach((twin, i) => writeFileSync(twin.file, originals[i]!));
  }
}

async function visitCourses(browser: Browser) {
  // A new context: nothing of the unchanged file in the cache.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/courses');
  return { context, page };
}

test('the shell and every module entry load with integrity', async ({ request }) => {
  const html = await (await request.get('/courses')).text();
  expect(html).toMatch(/<script[^>]+src="?\/shell\/[^ >]+main\.[^ >]+\.js"?[^>]*integrity="?sha384-/);
  const registry = readRegistry();
  for (const name of REMOTE_NAMES) {
    const entry = `${path.posix.dirname(registry[name]!)}/remoteEntry.js`;
    expect(registry.integrity?.[entry], name).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  }
  // A remote page the server does not render (a booking's cancel link, decision 059) preloads its module, with the
  // integrity the loaders use (so nothing is fetched twice).
  const cancel = await (await request.get('/advising/cancel?token=t')).text();
  expect(cancel).toMatch(/<link rel="preload" href="\/mf-content\/[^"]+remoteEntry\.js" as="script" crossorigin="anonymous" integrity="sha384-/);
});

for (const kind of ['js', 'css'] as const) {
  test(`a changed byte in a published ${kind === 'js' ? 'chunk' : 'stylesheet'} keeps that module out; the rest of the site works`, async ({ browser }) => {
    const file = coursesPageFile(kind);
    await withOneByteChanged(file, async () => {
      const { context, page } = await visitCourses(browser);
      await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('remote-fallback')).toContainText('The course catalog is unavailable right now.');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.goto('/blog');
      await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
      await context.close();
    });
    const { context, page } = await visitCourses(browser);
    await expect(page.getByRole('button', { name: 'View Programs' }).first()).toBeVisible();
    await context.close();
  });
}

test('a server build the registry does not vouch for is not run: the page comes without its content, which the browser renders', async ({ page, request }) => {
  const bundle = path.join(DEPLOY_DIR, path.posix.dirname(readRegistry().mf_catalog!), 'ssr', 'prerender.cjs');
  expect(await (await request.get('/courses')).text()).toContain('id="ssr-state"');
  const original = readFileSync(bundle);
  // Still valid JavaScript, so only the registry's hash can refuse it.
  writeFileSync(bundle, Buffer.concat([original, Buffer.from('\n// changed\n')]));
  try {
    await expect.poll(async () => (await (await request.get('/courses')).text()).includes('id="ssr-state"')).toBe(false);
    await page.goto('/courses');
    await expect(page.getByRole('button', { name: 'View Programs' }).first()).toBeVisible();
  } finally {
    writeFileSync(bundle, original);
  }
});
