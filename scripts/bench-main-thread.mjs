#!/usr/bin/env node
/* global window -- the observers run in the page */
// `npm run bench:main-thread`: the main thread's work while each public page loads, on Lighthouse's phone (412x823
// at 1.75x, touch) with the CPU slowed 4x through the Chrome DevTools Protocol, N cold loads per page, medians. The
// window is the load plus a quiet tail (`--tail`, 8 s by default), which covers what the page starts once idle
// (in-view prefetching starts 2 s after the network is quiet), as Lighthouse's window does. Two readings per load:
// - from a trace of the renderer's main thread, the CPU time of each task (thread time, which neither the
//   throttling's pauses nor other processes on a busy machine inflate), times 4 as Lighthouse's simulated phone
//   counts it: "TBT" (every task after the first contentful paint counts for what it lasts beyond 50 ms), the
//   longest task, and "script" (the CPU time of JavaScript: evaluation, compilation, calls, timers, events);
// - "observed TBT": the same sum over the tasks a PerformanceObserver('longtask') saw in wall time, which on a
//   loaded machine carries the other processes' share too.
// A benchmark, not a test: it prints medians and asserts nothing (decision 040).
//
// Usage: npm run bench:main-thread -- [--base URL] [--vs URL] [--runs 5] [--tail 8000] [--data-dir DIR] [path ...]
//   --vs URL measures a second site (the previous build, started from its own tree on the same data) alternately
//   with the first, page by page and run by run, so the machine's state falls on both alike; the table gives both.
//   Without --base it builds what is stale and starts the site on free ports (on DIR's data with --data-dir).
//   Without paths: `/`, `/courses`, a course, `/quick-programs`, `/blog`, a post, `/gallery`.
import { parseArgs } from 'node:util';
import { withSiteAndChromium } from './perf/with-chromium.mjs';

const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile device (moto g power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

function options(args) {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: {
      base: { type: 'string' }, vs: { type: 'string' }, runs: { type: 'string', default: '5' }, tail: { type: 'string', default: '8000' },
      'data-dir': { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const tail = Number(values.tail);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  if (!Number.isFinite(tail) || tail < 0) throw new Error('--tail takes milliseconds');
  return { base: values.base ?? null, vs: values.vs ?? null, runs, tail, dataDir: values['data-dir'] ?? null, paths: positionals };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The public pages, with the first course and post of the site's own data (one item each, not a whole list). */
async function defaultPaths(base) {
  const { apiBaseUrl } = await (await fetch(new URL('/config.json', base))).json();
  const first = async (list) => (await (await fetch(`${apiBaseUrl}${list}?limit=1`)).json()).items[0]?._id;
  const [course, post] = await Promise.all([first('/api/courses'), first('/api/blogs')]);
  return ['/', '/courses', `/courses/${course}`, '/quick-programs', '/blog', `/blog/${post}`, '/gallery'];
}

/** Registered before the page's scripts: every long task and the first contentful paint, from the start. */
function observeLongTasks() {
  const w = /** @type {any} */ (window);
  w.__longTasks = [];
  w.__fcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.__fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** Top-level JavaScript in a task: what runs script, not what it calls into (nested events are not counted twice). */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'v8.run', 'v8.callFunction',
  'v8.callAsConstructor', 'FunctionCall', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame', 'RunMicrotasks', 'EventDispatch']);

/** The page renderer's main thread tasks in a Chromium trace, with their CPU time (`tdur`), and the first contentful paint. */
function readTrace(traceEvents) {
  const mains = new Set(traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  // The page's renderer: the one that painted its first content (else the busiest main thread).
  const cpuByThread = new Map();
  for (const e of traceEvents) {
    if (e.name !== 'RunTask' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    cpuByThread.set(`${e.pid}:${e.tid}`, (cpuByThread.get(`${e.pid}:${e.tid}`) ?? 0) + (e.tdur ?? 0));
  }
  const fcpEvent = traceEvents.find((e) => e.name === 'firstContentfulPaint');
  const busiest = [...cpuByThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const thread = fcpEvent ? [...mains].find((key) => key.startsWith(`${fcpEvent.pid}:`)) : busiest;
  if (!thread) throw new Error('no renderer main thread in the trace');
  const [pid, tid] = thread.split(':').map(Number);
  const parse = { pid, tid };
  const onMain = traceEvents.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && typeof e.tdur === 'number');
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const fcp = fcpEvent?.ts ?? null;
  let scriptEnd = 0;
  let script = 0;
  for (const e of onMain.filter((x) => SCRIPT_EVENTS.has(x.name)).sort((a, b) => a.ts - b.ts)) {
    if (e.ts < scriptEnd) continue;
    scriptEnd = e.ts + e.dur;
    script += e.tdur;
  }
  return { tasks, fcp, script };
}

/** One cold load of `url` in a fresh context; milliseconds. */
async function measure(browser, url, tailMs) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(observeLongTasks);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'v8', 'v8.execute'] });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(tailMs);
    const observed = await page.evaluate(() => ({ tasks: /** @type {any} */ (window).__longTasks, fcp: /** @type {any} */ (window).__fcp }));
    const trace = readTrace(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
    // Lighthouse's phone: every task's CPU time four times over.
    const cpu = trace.tasks.map((t) => ({ ts: t.ts, end: t.ts + t.dur, ms: (t.tdur / 1000) * CPU_SLOWDOWN }));
    return {
      tbt: cpu.filter((t) => trace.fcp === null || t.end > trace.fcp).reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0),
      longest: Math.max(0, ...cpu.map((t) => t.ms)),
      script: (trace.script / 1000) * CPU_SLOWDOWN,
      observed: observed.tasks.filter((t) => observed.fcp === null || t.start + t.duration > observed.fcp)
        .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    };
  } finally {
    await context.close();
  }
}

const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const change = (before, after) => (before === 0 ? '' : ` (${after <= before ? '-' : '+'}${Math.round(Math.abs(after - before) / before * 100)} %)`);

async function main() {
  const opts = options(process.argv.slice(2));
  await withSiteAndChromium(opts, async ({ base, browser }) => {
    const targets = [{ name: opts.vs ? 'new' : 'site', base }];
    if (opts.vs) targets.unshift({ name: 'old', base: opts.vs });
    // The two sites hold the same data, so the first's paths fit both.
    const paths = opts.paths.length ? opts.paths : await defaultPaths(targets.at(-1).base);
    const samples = new Map(targets.map((t) => [t.name, new Map(paths.map((p) => [p, []]))]));
    for (let run = 1; run <= opts.runs; run++) {
      for (const path of paths) {
        // Alternate which site goes first, so neither always follows the other's load.
        const order = run % 2 ? targets : [...targets].reverse();
        for (const target of order) {
          const result = await measure(browser, new URL(path, target.base).href, opts.tail);
          samples.get(target.name).get(path).push(result);
          console.log(`run ${run}  ${target.name.padEnd(4)} ${path.padEnd(40)} TBT ${ms(result.tbt).padStart(9)}  longest ${ms(result.longest).padStart(9)}`
            + `  script ${ms(result.script).padStart(9)}  observed TBT ${ms(result.observed).padStart(9)}`);
        }
      }
    }
    console.log(`\nmain thread, CPU time x${CPU_SLOWDOWN} (observed: wall time at ${CPU_SLOWDOWN}x), 412x823 phone, load + ${opts.tail / 1000} s, median of ${opts.runs}`);
    const keys = ['tbt', 'longest', 'script', 'observed'];
    const names = { tbt: 'TBT', longest: 'longest task', script: 'script', observed: 'observed TBT' };
    const head = opts.vs ? `| page | ${keys.map((k) => `${names[k]} old | new`).join(' | ')} |` : `| page | ${keys.map((k) => names[k]).join(' | ')} |`;
    console.log(`${head}\n${head.replace(/[^|]+/g, '---')}`);
    const med = (name, path, key) => median(samples.get(name).get(path).map((s) => s[key]));
    for (const path of paths) {
      const cells = keys.map((k) => {
        if (!opts.vs) return ms(med('site', path, k));
        const [before, after] = [med('old', path, k), med('new', path, k)];
        return `${ms(before)} | ${ms(after)}${change(before, after)}`;
      });
      console.log(`| ${path} | ${cells.join(' | ')} |`);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
