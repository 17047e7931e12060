#!/usr/bin/env node
/* global window, document, requestAnimationFrame -- the timing code runs in the page */
// `npm run bench:nav`: click-to-content between the public list pages on a phone's network and CPU (150 ms RTT,
// 1.6 Mbps down, 750 kbps up, 4x CPU slowdown, through the Chrome DevTools Protocol), for every pair of pages,
// without prefetch (the click alone) and with it (the pointer rests on the link until what it prefetched has
// arrived, then clicks), and with what the page prefetches by itself for links in view once idle ("idle": waits
// for that, then clicks). The content may first be the server's HTML of the page, shown while its code comes
// (decision 064); the time to the page's own render is printed beside it. A benchmark, not a test: it prints
// p50/p95 and asserts nothing (decision 031).
// Usage: npm run bench:nav -- [--base http://127.0.0.1:3000] [--runs 2] [--modes click,hover,idle]
//   Without --base it builds what is stale and starts the site on free ports with a throwaway database, as perf does.
import { parseArgs } from 'node:util';
import { withSiteAndChromium } from './perf/with-chromium.mjs';

const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 1350, height: 940 };

/** Each page, the header link that leads to it, and what shows that its main content is on screen. */
const PAGES = {
  '/': { link: 'Home', content: 'main h1#home-title' },
  '/courses': { link: 'Courses', content: 'main [data-remote-slot="mf_catalog/CoursesPage"] li h2' },
  '/quick-programs': { link: 'Quick Programs', content: 'main [data-remote-slot="mf_catalog/QuickProgramsPage"] li h2' },
  '/blog': { link: 'Blog', content: 'main [data-remote-slot="mf_content/BlogListPage"] article' },
  '/gallery': { link: 'Gallery', content: 'main [data-remote-slot="mf_content/GalleryPage"] li img' },
};

const MODES = ['click', 'hover', 'idle'];

function options(args) {
  const { values } = parseArgs({
    args, options: { base: { type: 'string' }, runs: { type: 'string', default: '2' }, modes: { type: 'string', default: MODES.join(',') } },
  });
  const runs = Number(values.runs);
  const modes = values.modes.split(',');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  if (modes.some((m) => !MODES.includes(m))) throw new Error('--modes takes click, hover and/or idle');
  return { base: values.base ?? null, runs, modes };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Waits until no request has been in flight for `quietMs` (at most `capMs`): what the hover started has arrived. */
async function networkQuiet(page, quietMs, capMs, startAfterMs = 200) {
  let inFlight = 0;
  let last = Date.now();
  const up = () => { inFlight += 1; last = Date.now(); };
  const down = () => { inFlight = Math.max(0, inFlight - 1); last = Date.now(); };
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  const deadline = Date.now() + capMs;
  // Give the hover's delay (or the page's wait for idle) and the first requests time to start.
  await page.waitForTimeout(startAfterMs);
  while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(50);
  page.off('request', up);
  page.off('requestfinished', down);
  page.off('requestfailed', down);
}

/** One navigation: load `from`, (hover), click the link to `to`; milliseconds from the click to `to`'s content on screen. */
async function measure(browser, base, from, to, mode) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The click-alone runs report Save-Data, which keeps the site from prefetching links merely in view.
  if (mode === 'click') {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
    });
  }
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(new URL(from, base).href, { waitUntil: 'load', timeout: 120_000 });
    await networkQuiet(page, 1_000, 30_000);
    const link = page.getByRole('banner').getByRole('link', { name: PAGES[to].link, exact: true }).first();
    if (mode === 'hover') {
      await link.hover();
      await networkQuiet(page, 500, 15_000);
    }
    // The site starts in-view prefetching 2 s after the network went quiet, in idle callbacks.
    if (mode === 'idle') await networkQuiet(page, 1_000, 30_000, 3_000);
    // Timed in the page: from the click event to the first frame in which the new page's content is there, and to
    // the first in which it is the page's own render (no longer the server's HTML shown while its code came,
    // decision 064).
    await page.evaluate(({ path, selector }) => {
      const w = /** @type {Window & { __navMs?: number | null, __liveMs?: number | null }} */ (window);
      w.__navMs = null;
      w.__liveMs = null;
      document.addEventListener('click', (event) => {
        const start = event.timeStamp;
        const check = () => {
          if (window.location.pathname === path && document.querySelector(selector)) {
            w.__navMs ??= performance.now() - start;
            if (!document.querySelector('[data-page-preview]')) {
              w.__liveMs = performance.now() - start;
              return;
            }
          }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, { capture: true, once: true });
    }, { path: to, selector: PAGES[to].content });
    await link.click();
    await page.waitForFunction(() => /** @type {any} */ (window).__liveMs !== null, undefined, { timeout: 60_000 });
    return await page.evaluate(() => ({ ms: /** @type {any} */ (window).__navMs, live: /** @type {any} */ (window).__liveMs }));
  } finally {
    await context.close();
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  await withSiteAndChromium({ base: opts.base }, async ({ base, browser }) => {
    const paths = Object.keys(PAGES);
    const results = Object.fromEntries(opts.modes.map((m) => [m, []]));
    for (let run = 1; run <= opts.runs; run++) {
      for (const from of paths) {
        for (const to of paths) {
          if (from === to) continue;
          for (const mode of opts.modes) {
            const { ms, live } = await measure(browser, base, from, to, mode);
            results[mode].push({ from, to, ms, live });
            console.log(`run ${run}  ${mode.padEnd(5)}  ${from.padEnd(15)} -> ${to.padEnd(15)} ${ms.toFixed(0).padStart(5)} ms  (its code's render ${live.toFixed(0).padStart(5)} ms)`);
          }
        }
      }
    }
    console.log(`\nclick-to-content, ${NETWORK.latency} ms RTT, 1.6 Mbps, ${CPU_SLOWDOWN}x CPU; ${paths.length * (paths.length - 1)} pairs x ${opts.runs} run(s)`);
    console.log('mode   | samples | p50 | p95 | max | its code\'s render p50 | p95');
    for (const mode of opts.modes) {
      const ms = results[mode].map((r) => r.ms);
      const live = results[mode].map((r) => r.live);
      console.log(`${mode.padEnd(6)} | ${String(ms.length).padStart(7)} | ${percentile(ms, 50).toFixed(0)} ms | ${percentile(ms, 95).toFixed(0)} ms | ${Math.max(...ms).toFixed(0)} ms | ${percentile(live, 50).toFixed(0)} ms | ${percentile(live, 95).toFixed(0)} ms`);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
