import { expect, test, type Page, type Request } from '@playwright/test';

// Issue 25, decision 031: a page's code and first data request are fetched when its link is likely to be followed,
// so the click itself needs nothing more from the network and shows the page in one paint.

const DESKTOP = { width: 1350, height: 940 };

/**
 * Save-Data on (as a visitor's browser would report it): in-view prefetching stays off, so what is fetched
 * before the click is the hover's doing alone. Also marks any loading placeholder shown in the main area.
 */
async function prepare(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
    const w = window as unknown as { __placeholders: string[]; __watching: boolean };
    w.__placeholders = [];
    w.__watching = false;
    new MutationObserver(() => {
      if (!w.__watching) return;
      const text = document.querySelector('main')?.textContent ?? '';
      const loading = /Loading [^.]*\.\.\./.exec(text);
      if (loading) w.__placeholders.push(loading[0]);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const cases = [
  { from: '/about', link: 'Courses', to: '/courses', module: '/mf-catalog/', expose: 'CoursesPage', data: '/api/courses', heading: 'Courses', content: '[data-remote-slot="mf_catalog/CoursesPage"] li h2' },
  { from: '/', link: 'Blog', to: '/blog', module: '/mf-content/', expose: 'BlogListPage', data: '/api/blogs', heading: 'Blogs', content: '[data-remote-slot="mf_content/BlogListPage"] article' },
] as const;

for (const c of cases) {
  test(`hovering ${c.link} on ${c.from} fetches its module and data before the click; the click needs neither again and paints the page at once`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await prepare(page);
    await page.goto(c.from);
    await page.waitForLoadState('networkidle');
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const isCode = (r: Request) => r.url().includes(c.module);
    const isData = (r: Request) => new URL(r.url()).pathname === c.data;
    expect(requests.filter((r) => isCode(r) || isData(r)), 'nothing of the page before the hover').toHaveLength(0);

    const link = page.getByRole('banner').getByRole('link', { name: c.link, exact: true }).first();
    // The hover also fetches the expose's files into the cache (decision 063): wait for the runtime's own script and
    // stylesheet of the expose, the module loaded, not for the first response of those files.
    const exposeLoaded = (r: Request, type: 'script' | 'stylesheet') => isCode(r) && r.resourceType() === type
      && r.url().includes(`__federation_expose_${c.expose}`);
    const exposed = page.waitForResponse((r) => exposeLoaded(r.request(), 'script'));
    const styled = page.waitForResponse((r) => exposeLoaded(r.request(), 'stylesheet'));
    const data = page.waitForResponse((r) => isData(r.request()) && r.request().method() === 'GET');
    await link.hover();
    await Promise.all([exposed, styled, data]);
    expect(requests.some((r) => isCode(r) && r.url().endsWith('/remoteEntry.js')), 'the remote entry before the click').toBe(true);
    await page.waitForLoadState('networkidle');

    const beforeClick = requests.length;
    await page.evaluate(() => { (window as unknown as { __watching: boolean }).__watching = true; });
    await link.click();
    await expect(page).toHaveURL(c.to);
    await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
    await expect(page.locator(`main ${c.content}`).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const afterClick = requests.slice(beforeClick);
    expect(afterClick.filter((r) => isCode(r) || isData(r)).map((r) => r.url()), 'no code or data requested by the click').toEqual([]);
    const placeholders = await page.evaluate(() => (window as unknown as { __placeholders: string[] }).__placeholders);
    expect(placeholders, 'no loading placeholder between the two pages').toEqual([]);
    await context.close();
  });
}

test('a click with nothing fetched ahead starts its page\'s HTML, manifest and entry at once and shows the server\'s page while the code comes; keyboard focus starts a page\'s module and data too', async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await prepare(page);
  // Any refusal by the page's CSP: the console's message and the violation event (the adopted stylesheets must pass).
  const cspViolations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp?: string[] }).__csp = [...((window as unknown as { __csp?: string[] }).__csp ?? []), `${e.violatedDirective} ${e.blockedURI}`];
    });
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');

  // Decision 063: the press starts the page, the manifest and the entry side by side, not one after another; since
  // decision 064 the page is its server HTML (one request, markup and data), not its data request.
  const events: string[] = [];
  const kind = (r: Request) => (new URL(r.url()).pathname === '/api/quick-programs' ? 'data'
    : new URL(r.url()).pathname === '/quick-programs' && r.resourceType() === 'fetch' ? 'page'
      : r.url().includes('/mf-catalog/') && r.url().endsWith('/mf-manifest.json') ? 'manifest'
        : r.url().includes('/mf-catalog/') && r.url().endsWith('/remoteEntry.js') ? 'entry' : null);
  page.on('request', (r) => { const k = kind(r); if (k) events.push(`request ${k}`); });
  page.on('response', (r) => { if (kind(r.request()) === 'manifest') events.push('response manifest'); });
  // The expose's script is held back: the page's code has not arrived when its HTML has.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/mf-catalog\/.*__federation_expose_QuickProgramsPage.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('banner').getByRole('link', { name: 'Quick Programs', exact: true }).first().click();
  const slot = page.locator('main [data-remote-slot="mf_catalog/QuickProgramsPage"]');
  const preview = slot.locator('[data-page-preview][inert][aria-busy="true"]');
  await expect(preview.locator('li h2').first(), 'the server\'s cards, in the slot, before the code').toBeVisible();
  // The HTML may be shown before the manifest's response is in (a loaded machine): what counts is what was asked first.
  await expect.poll(() => events.indexOf('response manifest'), { message: 'the manifest arrived' }).toBeGreaterThan(0);
  const manifestIn = events.indexOf('response manifest');
  expect([...new Set(events.slice(0, manifestIn))].sort(), 'page, manifest and entry requested before the manifest was in').toEqual(['request entry', 'request manifest', 'request page']);
  expect(events.filter((e) => e === 'request manifest'), 'the runtime took the shell\'s manifest read: one request').toHaveLength(1);
  expect(await page.title()).toBe('Quick Programs | Northbridge Career Institute');
  const card = preview.locator('li:has(h2)').first();
  const styledBox = await card.boundingBox();
  expect(styledBox!.width * styledBox!.height, 'the card has its box').toBeGreaterThan(0);
  // A grid from the catalog's own stylesheet: the cards sit side by side on a wide screen, as the page lays them out.
  const secondBox = await preview.locator('li:has(h2)').nth(1).boundingBox();
  expect(secondBox!.y, 'the second card beside the first: the adopted stylesheet applies').toBeCloseTo(styledBox!.y, 0);
  const serverText = await slot.innerText();

  release();
  await expect(preview, 'the page\'s code replaced the server\'s markup').toHaveCount(0);
  await expect(slot.locator('li h2').first()).toBeVisible();
  expect(await slot.innerText(), 'the same text').toBe(serverText);
  const liveBox = await slot.locator('li:has(h2)').first().boundingBox();
  expect(liveBox, 'the same box: nothing moved').toEqual(styledBox);
  expect(await page.evaluate(() => document.adoptedStyleSheets.length), 'the adopted stylesheets went with the preview').toBe(0);
  expect(events, 'the HTML carried the data: no data request').not.toContain('request data');
  expect(cspViolations, 'no CSP violation').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []), 'no CSP violation event').toEqual([]);
  // Interactive: a card's link leads to its program.
  const firstProgram = (await slot.locator('li h2').first().innerText()).trim();
  await slot.locator('li:has(h2)').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/quick-programs\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: firstProgram })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const data = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gallery');
  const code = page.waitForResponse((r) => r.url().includes('__federation_expose_GalleryPage'));
  await page.getByRole('banner').getByRole('link', { name: 'Gallery', exact: true }).first().focus();
  await Promise.all([data, code]);
  await context.close();
});

test('links in view on an idle page have their page\'s code fetched, not run; the click runs it from the cache', async ({ browser }) => {
  // Decision 040: without Save-Data, the header's list pages are prefetched for being in view once the page is idle.
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const isCatalog = (url: string) => url.includes('/mf-catalog/');
  const entry = page.waitForRequest((r) => isCatalog(r.url()) && r.url().endsWith('/remoteEntry.js'), { timeout: 30_000 });
  const exposed = page.waitForResponse((r) => isCatalog(r.url()) && r.url().includes('__federation_expose_CoursesPage') && r.url().endsWith('.js'), { timeout: 30_000 });
  // Decision 064: the page the server renders is read ahead as its HTML (which carries its data), not its data.
  const pageHtml = page.waitForRequest((r) => new URL(r.url()).pathname === '/courses' && r.resourceType() === 'fetch', { timeout: 30_000 });
  const dataRequests: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).pathname === '/api/courses') dataRequests.push(r.url()); });
  await page.goto('/about');
  expect((await entry).resourceType(), 'the entry is fetched as a prefetch, not as a script').not.toBe('script');
  await exposed;
  await pageHtml;
  await page.waitForLoadState('networkidle');
  // The entry declares the remote's container (`var mf_catalog`) when it runs: fetched, it has not run.
  expect(await page.evaluate(() => 'mf_catalog' in window), 'the catalog\'s code has not run').toBe(false);

  // What the slot showed first after the click: the server's markup read ahead, while the module starts from the
  // cache, or the page itself when the module was ready by then (the press starts it; from the cache that can be
  // quicker than the click). Never the placeholder's spinner.
  await page.evaluate(() => {
    const w = window as { firstShown?: string };
    const seen = new MutationObserver(() => {
      if (document.querySelector('main [data-page-preview] li h2')) w.firstShown = 'preview';
      else if (document.querySelector('main [data-remote-slot="mf_catalog/CoursesPage"] li h2')) w.firstShown = 'page';
      else if (document.querySelector('main')?.textContent?.includes('Loading The course catalog...')) w.firstShown = 'spinner';
      if (w.firstShown) seen.disconnect();
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('banner').getByRole('link', { name: 'Courses', exact: true }).first().click();
  await expect(page.locator('main [data-remote-slot="mf_catalog/CoursesPage"] li h2').first()).toBeVisible();
  await expect(page.locator('main [data-page-preview]')).toHaveCount(0);
  expect(['preview', 'page'], 'the HTML read ahead (or the page) showed at the click, no spinner').toContain(await page.evaluate(() => (window as { firstShown?: string }).firstShown));
  expect(await page.evaluate(() => 'mf_catalog' in window), 'the click ran it').toBe(true);
  expect(dataRequests, 'the page\'s data came with its HTML').toEqual([]);
  const exposedBytes = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' && e.name.includes('__federation_expose_CoursesPage'))
    .map((e) => (e as PerformanceResourceTiming).transferSize));
  expect(exposedBytes, 'the exposed chunk came from the cache').toEqual([0]);
  await context.close();
});
