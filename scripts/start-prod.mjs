#!/usr/bin/env node
// `npm run start:prod`: the production topology of decision 019 on one machine, for a person to try it: nginx in
// front (generated from scripts/nginx/institute.conf.template), N API instances on one PostgreSQL (DATABASE_URL),
// the Node site server for documents and server rendering, and (unless PROVIDERS=real) the provider sandbox.
// Serves what is published in the deploy folder (`npm start` or `npm run publish:module` publishes). Ctrl-C drains.
//
// Environment (docs/deployment.md, "More than one machine"):
//   DATABASE_URL (required)   API_INSTANCES (2)   HOST (127.0.0.1: what nginx listens on)
//   SITE_PORT (3000) and API_PORT (4000): nginx's two sites; the instances take API_PORT+1..N, the site server SITE_PORT+1
//   PUBLIC_URL (http://localhost:API_PORT), SITE_URL (http://localhost:SITE_PORT), JWT_SECRET (one for all instances),
//   UPLOAD_STORE (cloudinary; local only with one instance), DEPLOY_DIR, SANDBOX_PORT (4010), and the API's own variables.
//   TRUSTED_PROXIES: addresses or CIDR ranges of a load balancer in front of nginx (e.g. one terminating TLS); only
//   from those is X-Forwarded-Proto (so HSTS) and X-Forwarded-For (so rate limits) believed. Unset: nginx is the edge.
//   CANARY_ERROR_MARGIN (0.05), CANARY_MIN_PAGE_LOADS (200), CANARY_CHECK_INTERVAL_MS (30000): the automatic
//   withdrawal of a failing canary (decision 039), the same watcher as `npm start`'s.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSiteConfig } from './lib/deploy.mjs';
import { MODULES, ROOT, deployDir } from './lib/modules.mjs';
import { startNginx, writeNginxConfig, checkNginxConfig, parseTrustedProxies } from './lib/nginx-config.mjs';
import { precompressFolder } from './lib/precompress.mjs';
import { siteConfigFromEnv } from './lib/site-config.mjs';
import { DEV } from './lib/defaults.mjs';
import { waitFor } from './lib/wait-for.mjs';
import { createSiteServer, productionOverridesProblem, watchCanaries, watchSettingsFromEnv } from '@institute/site';

const env = process.env;
const HOST = env.HOST || '127.0.0.1';
const SITE_PORT = Number(env.SITE_PORT || DEV.ports.site);
const API_PORT = Number(env.API_PORT || DEV.ports.api);
const SANDBOX_PORT = Number(env.SANDBOX_PORT || DEV.ports.sandbox);
const INSTANCES = Number(env.API_INSTANCES || 2);
const siteUrl = (env.SITE_URL || `http://localhost:${SITE_PORT}`).replace(/\/$/, '');
const apiUrl = (env.PUBLIC_URL || `http://localhost:${API_PORT}`).replace(/\/$/, '');
const sandboxUrl = `http://localhost:${SANDBOX_PORT}`;
const withSandbox = env.PROVIDERS !== 'real';
const uploadStore = env.UPLOAD_STORE || 'cloudinary';

const children = [];
const cleanups = [];
let stopping = false;

function fail(message) {
  console.error(`start:prod: ${message}`);
  process.exit(1);
}

const overridesProblem = productionOverridesProblem(env);
if (overridesProblem) fail(overridesProblem);
if (!env.DATABASE_URL) fail('set DATABASE_URL: every API instance works on the one PostgreSQL (PGlite is for one process on one machine).');
if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 16) fail(`API_INSTANCES must be 1 to 16 (got "${env.API_INSTANCES}").`);
if (INSTANCES > 1 && uploadStore === 'local') fail('UPLOAD_STORE=local keeps images on one instance\'s disk; with several instances use cloudinary.');
let trustedProxies = [];
try {
  trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES);
} catch (error) {
  fail(error.message);
}
let watch;
try {
  watch = watchSettingsFromEnv(env);
} catch (error) {
  fail(error.message);
}
if (!existsSync(path.join(deployDir(), 'index.html'))) fail(`nothing is published in ${deployDir()}: run \`npm start\` once (it builds and publishes), or publish each module.`);

function start(name, command, args, extraEnv = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${code ?? signal}); stopping everything`);
      void stop(1);
    }
  });
  children.push({ name, child });
  return child;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // nginx first stops taking requests (SIGQUIT: finish what it has), the instances drain (SIGTERM), then the rest.
  for (const { name, child } of children) child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  await Promise.all(children.map(({ child }) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r)))));
  for (const fn of cleanups.reverse()) await fn();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Version folders published before publish made .gz/.br twins get them now (once: a folder is never rewritten). */
function precompressPublished(root) {
  for (const module of MODULES) {
    const dir = path.join(root, module.dir);
    if (!existsSync(dir)) continue;
    for (const version of readdirSync(dir)) {
      const folder = path.join(dir, version);
      const hasTwins = readdirSync(folder, { recursive: true }).some((f) => String(f).endsWith('.gz'));
      if (!hasTwins) precompressFolder(folder);
    }
  }
}

async function main() {
  const root = deployDir();
  precompressPublished(root);
  await writeSiteConfig(siteConfigFromEnv(env, { apiUrl, sandboxUrl, siteUrl }), root);

  const providers = {};
  if (withSandbox) {
    start('sandbox', process.execPath, ['--import', 'tsx', path.join(ROOT, 'sandbox', 'src', 'server.ts')], {
      SANDBOX_PORT: String(SANDBOX_PORT), HOST: '127.0.0.1', SANDBOX_PUBLIC_URL: sandboxUrl,
      // Only the site's pages may read the inbox (reset links, receipts) from a browser.
      SITE_ORIGINS: env.SITE_ORIGINS || `${siteUrl},http://127.0.0.1:${SITE_PORT}`,
      SANDBOX_WEBHOOK_URL: env.SANDBOX_WEBHOOK_URL || `http://127.0.0.1:${API_PORT}/api/payments/webhook`,
    });
    await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/__inbox/orders`);
    Object.assign(providers, {
      PAYPAL_API_BASE: env.PAYPAL_API_BASE || `http://127.0.0.1:${SANDBOX_PORT}`,
      CLOUDINARY_UPLOAD_BASE_URL: env.CLOUDINARY_UPLOAD_BASE_URL || `http://127.0.0.1:${SANDBOX_PORT}`,
      EMAILJS_API_BASE: env.EMAILJS_API_BASE || `http://127.0.0.1:${SANDBOX_PORT}`,
    });
  }

  // Every instance must accept the others' tokens. Production sets JWT_SECRET (the API refuses to start without).
  const jwtSecret = env.JWT_SECRET || randomBytes(48).toString('base64');
  if (!env.JWT_SECRET) console.warn('start:prod: JWT_SECRET is not set; using a random one for this run (sessions end when it stops).');
  const ports = Array.from({ length: INSTANCES }, (_, i) => API_PORT + 1 + i);
  for (const [i, port] of ports.entries()) {
    start(`api-${i + 1}`, process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'server.ts')], {
      ...providers,
      API_PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: jwtSecret, TRUST_PROXY: 'true', UPLOAD_STORE: uploadStore,
      PUBLIC_URL: apiUrl, SITE_URL: siteUrl, SITE_ORIGINS: env.SITE_ORIGINS || `${siteUrl},http://127.0.0.1:${SITE_PORT}`,
      // Each instance its own folder for what stays local (never the database: DATABASE_URL is set).
      DATA_DIR: path.join(env.DATA_DIR || path.join(ROOT, 'data'), `instance-${i + 1}`),
    });
    // The first one migrates and seeds; the others start once it is done.
    if (i === 0) await waitFor(`http://127.0.0.1:${port}/health`);
  }
  await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/health`)));

  const site = createSiteServer(root);
  await site.listen({ port: SITE_PORT + 1, host: '127.0.0.1' });
  cleanups.push(() => site.close());
  // The site server's process owns the deploy folder, so it withdraws a failing canary (decision 039); it reads the
  // counts from the API instances through nginx.
  cleanups.push(watchCanaries(root, `http://127.0.0.1:${API_PORT}`, watch, watch.intervalMs));

  const runtimeDir = mkdtempSync(path.join(os.tmpdir(), 'institute-nginx-'));
  chmodSync(runtimeDir, 0o755);
  cleanups.push(() => rmSync(runtimeDir, { recursive: true, force: true }));
  const config = writeNginxConfig({
    deployDir: root, runtimeDir, siteListen: `${HOST}:${SITE_PORT}`, apiListen: `${HOST}:${API_PORT}`,
    siteUpstream: `127.0.0.1:${SITE_PORT + 1}`, apiUpstreams: ports.map((port) => `127.0.0.1:${port}`), errorLog: 'stderr',
    trustedProxies,
  });
  await checkNginxConfig(config);
  children.push({ name: 'nginx', child: startNginx(config, runtimeDir) });
  children.at(-1).child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`nginx stopped (${code ?? signal}); stopping everything`);
      void stop(1);
    }
  });
  await waitFor(`http://127.0.0.1:${SITE_PORT}/remotes.json`, 15_000);
  await waitFor(`http://127.0.0.1:${API_PORT}/health`, 15_000);

  console.log(`\nProduction topology running: the site at ${siteUrl}, the API at ${apiUrl} (nginx on ${HOST}:${SITE_PORT} and ${HOST}:${API_PORT}),`);
  console.log(`${INSTANCES} API instance(s) on 127.0.0.1:${ports.join(', ')} sharing DATABASE_URL, the site server on 127.0.0.1:${SITE_PORT + 1}${withSandbox ? `, the provider sandbox at ${sandboxUrl}` : ''}.`);
  if (trustedProxies.length) console.log(`Forwarded protocol and address believed from ${trustedProxies.join(', ')} only.`);
  console.log(`nginx configuration: ${config}. Press Ctrl-C to stop (the instances drain first).`);
}

main().catch((error) => {
  console.error(error);
  void stop(1);
});
