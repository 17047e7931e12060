import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { runScript as scripts } from '../support/scripts';
import { ADMIN, API_URL, DEPLOY_DIR, readRegistry, signIn } from '../support/stack';

// Issue 27, decision 039: a version published without going live, seen through its preview link by one browser
// only; a canary of a version that throws, served to half the visitors, withdrawn by itself once the page loads it
// reports fail more than live's, its visitor back on live and the admin told why. The stack runs the watcher every
// second over a minimum of 3 page loads (playwright.config.ts).

const MODULE = 'mf_content';
const DIR = 'mf-content';
const VISITOR_COOKIE = 'site_visitor';
const startedAt = new Date().toISOString();
let live = '';
let next = '';
let broken = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  // The current source built and published under a new version, not live: one webpack build of mf-content.
  test.setTimeout(600_000);
  live = readRegistry()[MODULE]!.split('/')[2]!;
  next = `${live}-e2e-rollout.${Date.now()}`;
  expect(scripts('publish-module.mjs', [DIR, '--version', next, '--no-live'], 540_000)).toContain(`published ${DIR} ${next}, not live`);
  expect(readRegistry()[MODULE]).toBe(`/${DIR}/${live}/mf-manifest.json`);
});

test.afterAll(() => {
  // Pointing at live ends any canary still running (a failed run must not leave one for the other specs).
  scripts('registry.mjs', [DIR, live]);
  for (const version of [next, broken]) if (version) rmSync(path.join(DEPLOY_DIR, DIR, version), { recursive: true, force: true });
});

const health = async (version: string, role: string) => {
  const response = await fetch(`${API_URL}/api/module-health?module=${MODULE}&since=${encodeURIComponent(startedAt)}`);
  const rows = ((await response.json()) as { versions: { version: string; role: string; views: number; loadFailures: number; errors: number; loadMsP75: number | null }[] }).versions;
  return rows.find((r) => r.version === version && r.role === role) ?? null;
};

async function versionRow(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/versions');
  const row = page.locator(`tr[data-module="${MODULE}"]`);
  await expect(row.locator('td').first()).not.toHaveText('');
  return { version: await row.locator('td').first().textContent(), why: await row.getAttribute('data-why'), page };
}

test('a version published with --no-live runs in the browser that opened its preview link and nowhere else', async ({ browser, page, baseURL }) => {
  const link = scripts('preview.mjs', [DIR, next]).split('\n')[0]!;
  expect(link).toMatch(/\/preview\?token=/);
  const previewing = await browser.newContext({ baseURL });
  const previewPage = await previewing.newPage();
  const fetched: string[] = [];
  previewPage.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await previewPage.goto(new URL(link).pathname + new URL(link).search);
  await expect(previewPage).toHaveURL(/\/versions$/);
  await expect(previewPage.locator(`tr[data-module="${MODULE}"] td`).first()).toHaveText(next);
  await expect(previewPage.locator(`tr[data-module="${MODULE}"]`)).toHaveAttribute('data-why', 'preview');
  await previewPage.goto('/gallery');
  await expect(previewPage.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();
  expect(fetched.some((url) => url.startsWith(`/${DIR}/${next}/`)), 'the preview build was fetched').toBe(true);

  // Another browser, meanwhile, runs live.
  await page.goto('/versions');
  await expect(page.locator(`tr[data-module="${MODULE}"] td`).first()).toHaveText(live);
  await expect(page.locator(`tr[data-module="${MODULE}"]`)).toHaveAttribute('data-why', 'live');

  // Leaving the gallery sent its module events: the preview's page load, with its load time.
  await previewPage.goto('/about');
  await expect.poll(async () => (await health(next, 'preview'))?.views ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect((await health(next, 'preview'))!.loadMsP75).toEqual(expect.any(Number));
  await previewing.close();
});

/** A copy of `from` whose gallery page's code throws as it is loaded; its integrity (SRI) in the entry made to match. */
function publishThrowingCopy(from: string, version: string) {
  const folder = path.join(DEPLOY_DIR, DIR, version);
  cpSync(path.join(DEPLOY_DIR, DIR, from), folder, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')) as { exposes: { name: string; assets: { js: { sync: string[] } } }[] };
  const file = manifest.exposes.find((e) => e.name === 'GalleryPage')!.assets.js.sync[0]!;
  const sri = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  const before = sri(readFileSync(path.join(folder, file)));
  const code = `throw new Error('${DIR} ${version} throws on purpose');\n`;
  writeFileSync(path.join(folder, file), code);
  const entry = path.join(folder, 'remoteEntry.js');
  writeFileSync(entry, readFileSync(entry, 'utf8').split(before).join(sri(code)));
  // The precompressed twins would still be the old bytes.
  for (const name of [file, 'remoteEntry.js']) for (const twin of ['.gz', '.br']) rmSync(path.join(folder, name + twin), { force: true });
  expect(existsSync(path.join(folder, file))).toBe(true);
}

/** A visitor id whose bucket for the module is inside (or outside) the canary's share, as the site server computes it. */
function visitorId(inCanary: boolean, percent: number): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    const bucket = createHash('sha256').update(`${id}:${MODULE}`).digest().readUInt32BE(0) % 100;
    if ((bucket < percent) === inCanary) return id;
  }
}

async function visitor(browser: Browser, baseURL: string, inCanary: boolean) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: VISITOR_COOKIE, value: visitorId(inCanary, 50), url: baseURL }]);
  return context;
}

test('a 50 % canary that throws is served to about half of new visitors, then withdrawn by itself: its visitor is back on live and the admin sees why', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  broken = `${next}-throws`;
  publishThrowingCopy(next, broken);
  expect(scripts('registry.mjs', [DIR, broken, '--canary', '50'])).toContain(broken);

  // 20 new visitors: each gets an id, about half the canary (4 to 16, as the issue measures), and keeps what it got.
  const firsts = await Promise.all(Array.from({ length: 20 }, () => fetch(`${baseURL}/remotes.json`)));
  const visitors = await Promise.all(firsts.map(async (response) => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${VISITOR_COOKIE}=`))!.split(';')[0]!;
    return { cookie, why: ((await response.json()) as { selection: Record<string, string> }).selection[MODULE] };
  }));
  const onCanary = visitors.filter((v) => v.why === 'canary').length;
  expect(onCanary).toBeGreaterThanOrEqual(4);
  expect(onCanary).toBeLessThanOrEqual(16);
  for (const v of visitors) {
    const again = (await (await fetch(`${baseURL}/remotes.json`, { headers: { cookie: v.cookie } })).json()) as { selection: Record<string, string> };
    expect(again.selection[MODULE]).toBe(v.why);
  }

  const canaryVisitor = await visitor(browser, baseURL!, true);
  const liveVisitor = await visitor(browser, baseURL!, false);
  expect((await versionRow(liveVisitor)).why).toBe('live');
  const { why, page } = await versionRow(canaryVisitor);
  expect(why).toBe('canary');

  // Three page loads of the gallery on the canary: each shows the area's fallback and reports when it is left.
  for (let i = 0; i < 3; i++) {
    await page.goto('/gallery');
    await expect(page.getByText('The gallery is unavailable right now.')).toBeVisible({ timeout: 30_000 });
  }
  await page.goto('/about');
  await expect.poll(async () => (await health(broken, 'canary'))?.views ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  const failing = (await health(broken, 'canary'))!;
  expect(failing.loadFailures + failing.errors).toBeGreaterThanOrEqual(3);

  // The watcher (every second) withdraws it; the live registry was never touched.
  await expect.poll(async () => {
    const status = (await (await fetch(`${baseURL}/rollout-status.json`)).json()) as { canaries: { remote: string }[]; withdrawn: { remote: string; version: string }[] };
    return { running: status.canaries.some((c) => c.remote === MODULE), withdrawn: status.withdrawn.some((w) => w.remote === MODULE && w.version === broken) };
  }, { timeout: 30_000 }).toEqual({ running: false, withdrawn: true });
  expect(readRegistry()[MODULE]).toBe(`/${DIR}/${live}/mf-manifest.json`);

  // The same visitor, on its next page load, runs live and sees the gallery.
  const back = await versionRow(canaryVisitor);
  expect(back).toMatchObject({ version: live, why: 'live' });
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();

  // The admin's Modules section lists the withdrawal and why.
  const adminPage = liveVisitor.pages()[0]!;
  await signIn(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin?section=modules');
  await expect(adminPage.getByRole('heading', { level: 2, name: 'Withdrawn automatically' })).toBeVisible();
  const row = adminPage.getByRole('table', { name: 'Canaries withdrawn automatically, latest first' }).getByRole('row').filter({ hasText: broken });
  await expect(row).toContainText(MODULE);
  await expect(row).toContainText(live);
  await expect(row).toContainText(/error rate \d\.\d{3} over \d+ page loads/);
  await canaryVisitor.close();
  await liveVisitor.close();
});
