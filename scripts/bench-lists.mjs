#!/usr/bin/env node
// `npm run bench:lists`: p50/p95 of every list the site and the admin read, one request at a time, against the API
// on the database DATABASE_URL names (fill it first: `npm run seed -- --profile large`). The API's public cache is
// off (PUBLIC_CACHE_TTL_MS=0), so every request reaches SQL. Not a test: it prints numbers, it asserts nothing.
// `--api http://host:port` measures a running API instead (its cache then answers repeats).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib/modules.mjs';
import { waitFor } from './lib/wait-for.mjs';

const { values } = parseArgs({ options: { api: { type: 'string' }, runs: { type: 'string' } } });
const RUNS = Number(values.runs || process.env.BENCH_RUNS || 60);
const ADMIN = { email: process.env.ADMIN_EMAIL || 'admin@northbridge.example', password: process.env.ADMIN_PASSWORD || 'Admin#2026!' };
const children = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-lists-'));

async function startApi() {
  if (values.api) return values.api.replace(/\/$/, '');
  if (!process.env.DATABASE_URL) console.warn('DATABASE_URL is not set: measuring the embedded database under DATA_DIR.');
  // Migrations first, on their own: indexes over a million payments take longer than the API's start allows.
  const env = { ...process.env, DATA_DIR: process.env.DATA_DIR || tmp };
  await new Promise((resolve, reject) => {
    spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'db', 'migrate-cli.ts')], { env, stdio: 'inherit' })
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrations failed (${code})`))));
  });
  const port = 4600 + Math.floor(Math.random() * 200);
  const proc = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'server.ts')], {
    env: {
      ...process.env, API_PORT: String(port), HOST: '127.0.0.1', DATA_DIR: process.env.DATA_DIR || tmp, LOG_LEVEL: 'silent',
      NODE_ENV: 'development', PUBLIC_CACHE_TTL_MS: '0', AUTH_RATE_LIMIT_MAX: '100000', EMAIL_OUTBOX_INTERVAL_MS: '0',
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`, 180_000);
  return base;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Times `RUNS` sequential requests (after 5 not counted); `url(i)` may vary per run, so no two are alike. */
async function measure(base, name, url, headers = {}) {
  const times = [];
  let bytes = 0;
  for (let i = -5; i < RUNS; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${url(i)}`, { headers });
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${name}: ${url(i)} answered ${response.status} ${Buffer.from(body).toString()}`);
    if (i >= 0) {
      times.push(ms);
      bytes += body.byteLength;
    }
  }
  times.sort((a, b) => a - b);
  const row = { name, p50: percentile(times, 50), p95: percentile(times, 95), kb: bytes / times.length / 1024 };
  console.log(`| ${name} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${row.kb.toFixed(1)} KB |`);
  return row;
}

/** A cursor `pages` pages into a list, read by following nextCursor (to time a page deep in the list). */
async function cursorAt(base, url, pages) {
  let cursor = null;
  for (let i = 0; i < pages; i++) {
    const page = await (await fetch(`${base}${url}${cursor ? `&cursor=${cursor}` : ''}`)).json();
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return cursor;
}

const PREFIXES = ['me', 'med', 'medi', 'medic', 'net', 'netw', 'cl', 'clo', 'cyb', 'da', 'dat', 'so', 'sof', 'pro', 'proj', 'de', 'den',
  'su', 'we', 'web', 'bu', 'ac', 'acc', 'el', 'hv', 'lo', 'nu', 'ra', 'pha', 'x'];
const WORDS = ['medical', 'network security', 'cloud', 'data analytics', 'billing coding', 'dental', 'welding', 'zzz'];

try {
  const base = await startApi();
  const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  const admin = { Authorization: `Bearer ${(await login.json()).token}` };
  const counts = await Promise.all(['/api/courses?limit=1', '/api/quick-programs?limit=1', '/api/blogs?limit=1', '/api/gallery?limit=1']
    .map(async (url) => (await (await fetch(`${base}${url}`)).json()).total));
  const users = (await (await fetch(`${base}/api/admin/users?limit=1`, { headers: admin })).json()).total;
  const payments = await (await fetch(`${base}/api/admin/payments?limit=1`, { headers: admin })).json();
  console.log(`Volumes: ${counts[0]} courses, ${counts[1]} quick programs, ${counts[2]} posts, ${counts[3]} images, ${users} users, ${payments.total}${payments.totalCapped ? "+" : ""} payments; ${RUNS} requests each; load average ${os.loadavg()[0].toFixed(1)}\n`);
  const deepName = await cursorAt(base, '/api/courses?limit=24&sort=name', 200);
  const deepBlog = await cursorAt(base, '/api/blogs?limit=24', 100);

  console.log('| list | p50 | p95 | body |\n|---|---|---|---|');
  const rows = [
    await measure(base, 'courses, first page (as added)', (i) => `/api/courses?limit=${24 + (i & 1)}`),
    // The site's and the admin's lists read cards (fields=card, decision 033): the same SQL, a fraction of the bytes.
    await measure(base, 'courses, first page, cards', (i) => `/api/courses?fields=card&limit=${24 + (i & 1)}`),
    await measure(base, 'courses by name, page 200, cards', (i) => `/api/courses?fields=card&limit=${24 + (i & 1)}&sort=name&cursor=${deepName}`),
    await measure(base, 'admin courses, newest first, cards', (i) => `/api/courses?fields=card&limit=${24 + (i & 1)}&sort=newest`),
    await measure(base, 'admin courses, search, cards', (i) => `/api/courses?fields=card&limit=24&sort=newest&q=${encodeURIComponent(WORDS[i & 7])}`),
    await measure(base, 'appointment Program box (6 by name)', (i) => `/api/courses?fields=card&limit=6&sort=name&q=${PREFIXES[(i + 30) % PREFIXES.length]}`),
    await measure(base, 'courses by name, page 200 (cursor)', (i) => `/api/courses?limit=${24 + (i & 1)}&sort=name&cursor=${deepName}`),
    await measure(base, 'courses by price, high first', (i) => `/api/courses?limit=${24 + (i & 1)}&sort=price-desc`),
    await measure(base, 'courses by duration', (i) => `/api/courses?limit=${24 + (i & 1)}&sort=duration`),
    await measure(base, 'courses, one category by price', (i) => `/api/courses?limit=${24 + (i & 1)}&category=Networking&sort=price-asc`),
    await measure(base, 'courses, search words', (i) => `/api/courses?limit=24&q=${encodeURIComponent(WORDS[(i + 8) % WORDS.length])}`),
    await measure(base, 'header search (prefix, 10 results)', (i) => `/api/courses?limit=10&sort=name&startsWith=${PREFIXES[(i + 30) % PREFIXES.length]}`),
    await measure(base, 'quick programs, first page', (i) => `/api/quick-programs?limit=${24 + (i & 1)}`),
    await measure(base, 'home: 4 featured courses', (i) => `/api/courses?limit=${4 + (i & 1)}&sort=featured`),
    await measure(base, 'blog, first page', (i) => `/api/blogs?limit=${24 + (i & 1)}`),
    await measure(base, 'blog, first page, cards', (i) => `/api/blogs?fields=card&limit=${24 + (i & 1)}`),
    await measure(base, 'admin blog, search, cards', (i) => `/api/blogs?fields=card&limit=24&q=${encodeURIComponent(WORDS[i & 7])}`),
    await measure(base, 'blog, page 100 (cursor)', (i) => `/api/blogs?limit=${24 + (i & 1)}&cursor=${deepBlog}`),
    await measure(base, 'blog, category', (i) => `/api/blogs?limit=${24 + (i & 1)}&category=Healthcare`),
    await measure(base, 'gallery, first page', (i) => `/api/gallery?limit=${24 + (i & 1)}`),
    await measure(base, 'course detail (one record)', () => `/api/courses/${deepName ? JSON.parse(Buffer.from(deepName, 'base64url').toString())[2] : ''}`),
    await measure(base, 'admin users, newest first', (i) => `/api/admin/users?limit=${20 + (i & 1)}&sort=-createdAt`, admin),
    await measure(base, 'admin users, page 2,000 by name', (i) => `/api/admin/users?limit=20&page=${2000 + i}&sort=username`, admin),
    await measure(base, 'admin users, search', (i) => `/api/admin/users?limit=20&q=student${1000 + i}`, admin),
    await measure(base, 'admin users, admins only', (i) => `/api/admin/users?limit=${20 + (i & 1)}&role=admin`, admin),
    await measure(base, 'admin payments, newest first', (i) => `/api/admin/payments?limit=${20 + (i & 1)}`, admin),
    await measure(base, 'admin payments, page 5,000', (i) => `/api/admin/payments?limit=20&page=${5000 + i}`, admin),
    await measure(base, 'admin payments, by amount', (i) => `/api/admin/payments?limit=${20 + (i & 1)}&sort=-amount`, admin),
    await measure(base, 'admin payments, status filter', (i) => `/api/admin/payments?limit=${20 + (i & 1)}&status=CANCELLED`, admin),
    await measure(base, 'admin payments, search', (i) => `/api/admin/payments?limit=20&q=student${2000 + i}@`, admin),
    // Words of program titles: thousands of matches each (walked in the list's order), or none ('zzz', a set).
    await measure(base, 'admin payments, search a program', (i) => `/api/admin/payments?limit=20&q=${encodeURIComponent(WORDS[i & 7])}`, admin),
  ];
  const worst = rows.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`\nSlowest p95: ${worst.name} (${worst.p95.toFixed(1)} ms)`);
} finally {
  for (const proc of children) proc.kill('SIGTERM');
  setTimeout(() => rmSync(tmp, { recursive: true, force: true }), 500);
}
