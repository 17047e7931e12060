#!/usr/bin/env node
// `npm run bench:api`: GET /api/courses from the real API (PGlite, seeded) next to a static file server returning
// the same bytes, measured the same way: C keep-alive connections for D seconds each. The budget (docs/architecture.md, Principles) wants the
// API within a small factor of the static server. Prints requests/s, p50/p99 latency and the ratio.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedLoopLoad } from './lib/http-load.mjs';
import { ROOT } from './lib/modules.mjs';
import { waitFor } from './lib/wait-for.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'institute-bench-'));
const children = [];

function child(command, args, env) {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(proc);
  return proc;
}

const load = (url) => closedLoopLoad(url, { connections: CONNECTIONS, seconds: SECONDS });

try {
  const apiPort = 4600 + Math.floor(Math.random() * 200);
  const staticPort = apiPort + 300;
  child(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'server.ts')], {
    API_PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: tmp, LOG_LEVEL: 'silent', NODE_ENV: 'development',
  });
  const apiUrl = `http://127.0.0.1:${apiPort}/api/courses`;
  await waitFor(apiUrl);
  const body = Buffer.from(await (await fetch(apiUrl)).arrayBuffer());
  writeFileSync(path.join(tmp, 'courses.json'), body);
  child(process.execPath, ['-e', `
    const body = require('fs').readFileSync(${JSON.stringify(path.join(tmp, 'courses.json'))});
    require('http').createServer((q, s) => { s.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length }); s.end(body); })
      .listen(${staticPort}, '127.0.0.1');`], {});
  const staticUrl = `http://127.0.0.1:${staticPort}/courses.json`;
  await waitFor(staticUrl);
  console.log(`GET /api/courses: ${body.length} bytes, ${CONNECTIONS} connections, ${SECONDS} s each (warm-up excluded)`);
  await load(apiUrl);
  await load(staticUrl);
  const api = await load(apiUrl);
  const stat = await load(staticUrl);
  const row = (name, r) => console.log(`  ${name.padEnd(14)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}`);
  row('API', api);
  row('static server', stat);
  console.log(`  the API serves ${(api.rps / stat.rps * 100).toFixed(0)}% of the static server's rate (${(stat.rps / api.rps).toFixed(1)}x slower)`);
} finally {
  for (const proc of children) proc.kill('SIGTERM');
  setTimeout(() => rmSync(tmp, { recursive: true, force: true }), 500);
}
