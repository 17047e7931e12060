#!/usr/bin/env node
// `npm run perf`: Lighthouse (mobile, simulated throttling, the defaults) against the site, N runs per page, the
// median of each metric, with Lighthouse's SEO score beside the performance one (issue 19); a table, and every run's
// full report under perf-results/ (git-ignored).
// Usage: npm run perf -- [--base http://127.0.0.1:3000] [--runs 3] [--desktop] [--data-dir DIR] [path ...]
//   Without --base it builds what is stale, starts the site on free ports with a throwaway database and deploy
//   folder, measures, and stops it. `--data-dir DIR` starts it on that data folder instead (kept as it is): the
//   large profile's, filled once by `DATA_DIR=DIR npm run seed -- --profile large`; a DATABASE_URL in the
//   environment is used as it is. Without paths: every public page of the route table (the first item's id).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { DEV } from './lib/defaults.mjs';
import { ROOT } from './lib/modules.mjs';
import { startSite } from './perf/site.mjs';
import { summarize, table } from './perf/report.mjs';

const CHROME = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-quic'];

function options(args) {
  const { values, positionals } = parseArgs({
    args, allowPositionals: true,
    options: { runs: { type: 'string', default: '3' }, base: { type: 'string' }, desktop: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive integer');
  return { runs, base: values.base ?? null, desktop: values.desktop, dataDir: values['data-dir'] ? path.resolve(values['data-dir']) : null, paths: positionals };
}

/** The public pages of the route table, with a seeded id where the route has one. */
async function defaultPaths(apiUrl) {
  // One item, not the whole list: at the large profile's volumes a whole list is megabytes.
  const first = async (list) => (await (await fetch(`${apiUrl}${list}?limit=1`)).json()).items[0]?._id;
  const [course, program, blog] = await Promise.all([first('/api/courses'), first('/api/quick-programs'), first('/api/blogs')]);
  const personal = await personalPages(apiUrl).catch((error) => {
    console.warn(`perf: no invoice or certificate page (${error.message}); measuring the public pages only`);
    return [];
  });
  return ['/', '/courses', `/courses/${course}`, '/quick-programs', `/quick-programs/${program}`, '/blog', `/blog/${blog}`,
    '/gallery', '/about', '/contact', '/login', '/register', '/advising', '/appointment', ...personal];
}

/**
 * The pages of one person's data that exist: an open employer invoice's payment page and the demo student's first
 * certificate check (decision 059). Neither profile's seed has an invoice: the first run issues one through the
 * API as the admin (the demo student's seat in the first course's open session, as the admin's form does), later
 * runs on the same data find it. A certificate needs a completed, paid enrollment: measured when the demo student
 * has one.
 */
async function personalPages(apiUrl) {
  const call = async (method, url, token, body) => {
    const response = await fetch(`${apiUrl}${url}`, {
      method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
    return response.json();
  };
  const login = (email, password) => call('POST', '/auth/login', null, { email, password });
  const admin = await login(process.env.ADMIN_EMAIL || DEV.admin.email, process.env.ADMIN_PASSWORD || DEV.admin.password);
  const student = await login(DEV.student.email, DEV.student.password);
  let [invoice] = await call('GET', '/api/admin/invoices?status=open', admin.token);
  if (!invoice) {
    const [course] = (await call('GET', '/api/courses?fields=card&limit=1')).items;
    const session = (await call('GET', `/api/sessions?courseId=${encodeURIComponent(course._id)}`)).find((s) => s.status === 'open');
    if (!session) throw new Error(`"${course.title}" has no open session to invoice`);
    ({ invoice } = await call('POST', '/api/admin/invoices', admin.token, {
      organization: { name: 'Harbor Logistics', address: '12 Harbor Road, Newark, NJ' }, contact: { name: 'Dana Reyes', email: 'dana@harbor.example' },
      dueOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      lines: [{ userId: student.userId, programId: course._id, sessionId: session.id }],
    }));
  }
  const [certificate] = await call('GET', '/api/certificates/mine', student.token);
  return [new URL(invoice.payUrl).pathname, ...(certificate?.code ? [`/certificates/${certificate.code}`] : [])];
}

async function lighthouseRun(url, opts) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] },
      opts.desktop ? desktopConfig : undefined);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const opts = options(process.argv.slice(2));
  const site = opts.base ? null : await startSite({ dataDir: opts.dataDir });
  try {
    const base = opts.base ?? site.siteUrl;
    const apiUrl = site?.apiUrl ?? JSON.parse(await (await fetch(`${base}/config.json`)).text()).apiBaseUrl;
    const paths = opts.paths.length ? opts.paths : await defaultPaths(apiUrl);
    const outDir = path.join(ROOT, 'perf-results', new Date().toISOString().replace(/[:.]/g, '-'));
    mkdirSync(outDir, { recursive: true });
    const rows = [];
    for (const p of paths) {
      const runs = [];
      for (let i = 0; i < opts.runs; i++) {
        process.stdout.write(`  ${p} run ${i + 1}/${opts.runs}\n`);
        let lhr = await lighthouseRun(new URL(p, base).href, opts);
        // A lost trace (NO_NAVSTART and the like, on a busy machine) measures nothing: run again, twice at most.
        for (let retry = 1; lhr.runtimeError && retry <= 2; retry++) {
          process.stdout.write(`  ${p} run ${i + 1}: ${lhr.runtimeError.code}, again (${retry}/2)\n`);
          lhr = await lighthouseRun(new URL(p, base).href, opts);
        }
        writeFileSync(path.join(outDir, `${p.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || 'root'}-${i + 1}.json`), JSON.stringify(lhr));
        runs.push(lhr);
      }
      rows.push(summarize(p, runs));
    }
    writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`);
    console.log(`\nLighthouse ${rows[0]?.lighthouse} · ${opts.desktop ? 'desktop' : 'mobile'} · simulated throttling · median of ${opts.runs}`
      + `${opts.dataDir ? ` · data ${opts.dataDir}` : ''}`);
    console.log(table(rows));
    console.log(`\nReports: ${path.relative(ROOT, outDir)}/`);
  } finally {
    await site?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
