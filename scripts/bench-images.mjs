#!/usr/bin/env node
/* global window, document */
// `npm run bench:images`: how well each image before the first scroll fits its box (issue 25, decision 028). For
// every public page with images, at 390 px (2x), 768 px (2x) and 1366 px (1x): each image in the first screen, its
// rendered width times the density against the width of the `srcset` candidate the browser chose (`currentSrc`),
// and the image bytes fetched before scrolling (the largest one too). The gallery's dialog is opened on its first
// tile and measured the same way (a file the page already has, the tile's, is drawn again without a request). A
// measurement, not a test: it prints a markdown table and asserts nothing.
// Usage: npm run bench:images -- [--base http://127.0.0.1:3000] [--data-dir DIR] [path ...]
//   Without --base it builds what is stale and starts the site on free ports, as perf does (`--data-dir` on a
//   seeded profile's folder, e.g. a copy of the large one's).
import { parseArgs } from 'node:util';
import { withSiteAndChromium } from './perf/with-chromium.mjs';

const VIEWPORTS = [
  { name: '390 @2x', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: '768 @2x', viewport: { width: 768, height: 1024 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: '1366 @1x', viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
];
const DIALOG = '/gallery#dialog';

function options(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { base: { type: 'string' }, 'data-dir': { type: 'string' } } });
  return { base: values.base ?? null, dataDir: values['data-dir'] ?? null, paths: positionals };
}

/** The public pages that show images, with the first item's id where the route has one. */
async function defaultPaths(apiUrl) {
  const first = async (list) => (await (await fetch(`${apiUrl}${list}?limit=1`)).json()).items[0]?._id;
  const [course, blog] = await Promise.all([first('/api/courses'), first('/api/blogs')]);
  return ['/', '/courses', `/courses/${course}`, '/quick-programs', '/blog', `/blog/${blog}`, '/gallery', DIALOG];
}

/** Waits until no request has been in flight for `quietMs` (at most `capMs`): the images asked for have arrived. */
async function networkQuiet(page, inFlight, quietMs = 1500, capMs = 60_000) {
  const deadline = Date.now() + capMs;
  while (Date.now() < deadline && (inFlight.count > 0 || Date.now() - inFlight.last < quietMs)) await page.waitForTimeout(100);
}

/** Every image (of `scope`) at least partly in the viewport: its box width in CSS px and the width descriptor of its current source. */
const imagesInView = (scope) => [...document.querySelectorAll(`${scope} img`)].flatMap((/** @type {HTMLImageElement} */ img) => {
  const box = img.getBoundingClientRect();
  if (box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight || !img.currentSrc) return [];
  const chosen = (img.srcset || '').split(/,\s+/).map((c) => c.trim().split(/\s+/)).find(([url]) => new URL(url, document.baseURI).href === img.currentSrc);
  return [{ box: box.width, chosen: chosen?.[1]?.endsWith('w') ? Number.parseInt(chosen[1], 10) : null, natural: img.naturalWidth, src: img.currentSrc }];
});

async function measure(browser, base, path, device) {
  const { name, ...contextOptions } = device;
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  const inFlight = { count: 0, last: Date.now() };
  cdp.on('Network.requestWillBeSent', ({ requestId, type, request }) => {
    inFlight.count += 1;
    inFlight.last = Date.now();
    requests.set(requestId, { type, url: request.url, bytes: 0 });
  });
  const done = ({ requestId, encodedDataLength }) => {
    inFlight.count = Math.max(0, inFlight.count - 1);
    inFlight.last = Date.now();
    const entry = requests.get(requestId);
    if (entry && encodedDataLength !== undefined) entry.bytes = encodedDataLength;
  };
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  try {
    await page.goto(new URL(path === DIALOG ? '/gallery' : path, base).href, { waitUntil: 'load' });
    await networkQuiet(page, inFlight);
    if (path === DIALOG) {
      requests.clear();
      await page.getByRole('main').getByRole('button', { name: /^View larger:/ }).first().click();
      await page.getByRole('dialog').getByRole('img').waitFor();
      await networkQuiet(page, inFlight);
    }
    const dpr = device.deviceScaleFactor;
    const shown = await page.evaluate(imagesInView, path === DIALOG ? '[role=dialog]' : 'body');
    const images = [...requests.values()].filter((r) => r.type === 'Image');
    return {
      path, device: name,
      fits: shown.map((image) => `${Math.round(image.box * dpr)}→${image.chosen ?? `${image.natural} (no srcset)`}`),
      count: images.length,
      bytes: images.reduce((sum, r) => sum + r.bytes, 0),
      largest: Math.max(0, ...images.map((r) => r.bytes)),
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const opts = options(process.argv.slice(2));
  await withSiteAndChromium(opts, async ({ base, browser, site }) => {
    const apiUrl = site?.apiUrl ?? JSON.parse(await (await fetch(`${base}/config.json`)).text()).apiBaseUrl;
    const paths = opts.paths.length ? opts.paths : await defaultPaths(apiUrl);
    console.log('| page | viewport | images in the first screen: box × density → chosen width (px) | image requests | image bytes | largest |');
    console.log('|---|---|---|---|---|---|');
    for (const path of paths) {
      for (const device of VIEWPORTS) {
        const r = await measure(browser, base, path, device);
        console.log(`| ${r.path} | ${r.device} | ${r.fits.join(', ') || '-'} | ${r.count} | ${kb(r.bytes)} | ${kb(r.largest)} |`);
      }
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
