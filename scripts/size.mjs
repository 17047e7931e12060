#!/usr/bin/env node
// `npm run size`: bytes of each module's remoteEntry.js and exposed chunks (raw and gzip), then the total gzip JS
// a browser fetches on a first load of / and /courses from the published deploy folder (budget: 150 KB on /).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { MODULES, ROOT, deployDir } from './lib/modules.mjs';
import { createSiteServer } from '@institute/site';

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sizes = (file) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

console.log('Per module (dist):');
for (const module of MODULES) {
  const dist = path.join(ROOT, module.dir, 'dist');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  } catch {
    console.log(`  ${module.dir}: not built`);
    continue;
  }
  const version = manifest.metaData.buildInfo.buildVersion;
  if (module.host) {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/<script[^>]+src="?[^"\s>]*\/([^/"\s>]+\.js)/g)].map((m) => sizes(path.join(dist, m[1])));
    const total = initial.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
    console.log(`  ${module.dir} ${version} (host): initial scripts ${kb(total.raw)} (${kb(total.gzip)} gzip) in ${initial.length} file(s)`);
    continue;
  }
  const entry = sizes(path.join(dist, 'remoteEntry.js'));
  console.log(`  ${module.dir} ${version}: remoteEntry.js ${kb(entry.raw)} (${kb(entry.gzip)} gzip)`);
  for (const expose of manifest.exposes ?? []) {
    const files = [...expose.assets.js.sync, ...expose.assets.js.async];
    const total = files.map((f) => sizes(path.join(dist, f))).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
    console.log(`    ${expose.path.padEnd(26)} ${kb(total.raw).padStart(9)} (${kb(total.gzip)} gzip) in ${files.length} file(s)`);
  }
}

const server = createSiteServer(deployDir());
const base = await server.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
console.log('\nFirst load (gzip JS transferred, fresh browser, API not required):');
try {
  for (const route of ['/', '/courses']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    let total = 0;
    for (const request of scripts) total += (await request.sizes()).responseBodySize;
    console.log(`  ${route.padEnd(9)} ${kb(total)} in ${scripts.length} script(s)`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
