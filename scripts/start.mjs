#!/usr/bin/env node
// `npm start`: builds what is missing, publishes every module to the local deploy folder (the CDN stand-in),
// writes config.json, starts the API and the site, and stops everything on Ctrl-C.
// Environment: SITE_PORT (3000), API_PORT (4000), SANDBOX_PORT (4010), HOST (127.0.0.1), DEPLOY_DIR (deploy), DATA_DIR (data).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildModules } from './build.mjs';
import { compatibilityProblems } from './lib/compatibility.mjs';
import { builtVersion, point, publish, readRegistry, writeSiteConfig } from './lib/deploy.mjs';
import { MODULES, ROOT, deployDir } from './lib/modules.mjs';
import { siteConfigFromEnv } from './lib/site-config.mjs';
import { DEV } from './lib/defaults.mjs';
import { waitFor } from './lib/wait-for.mjs';
import { createSiteServer } from '@institute/site';

const env = process.env;
const HOST = env.HOST || '127.0.0.1';
const SITE_PORT = Number(env.SITE_PORT || DEV.ports.site);
const API_PORT = Number(env.API_PORT || DEV.ports.api);
const SANDBOX_PORT = Number(env.SANDBOX_PORT || DEV.ports.sandbox);
const siteUrl = `http://localhost:${SITE_PORT}`;
const apiUrl = `http://localhost:${API_PORT}`;
const sandboxUrl = `http://localhost:${SANDBOX_PORT}`;
// The provider sandbox runs unless a deployment points the site at the real providers.
const withSandbox = env.PROVIDERS !== 'real' && existsSync(path.join(ROOT, 'sandbox', 'src', 'server.ts'));
const children = [];

/** The build in `dist` is the one published when its entry files are the same (they name every hashed chunk). */
function samePublished(module, dist, folder) {
  const files = module.host ? ['index.html'] : ['mf-manifest.json', 'remoteEntry.js'];
  return files.every((file) => {
    const a = path.join(dist, file);
    const b = path.join(folder, file);
    return existsSync(b) && readFileSync(a).equals(readFileSync(b));
  });
}

/**
 * Publishes each module's build unless that exact build is already published. The registry is only moved for a
 * build that was not live yet, so a manual rollback survives a restart. In development a rebuilt module is
 * republished under its package version; a real release bumps the version (docs/deployment.md).
 */
async function publishAll() {
  const root = deployDir();
  const registry = readRegistry(root);
  for (const module of MODULES) {
    const dist = path.join(ROOT, module.dir, 'dist');
    const version = builtVersion(dist);
    const folder = path.join(root, module.dir, version);
    const live = module.host ? existsSync(path.join(root, 'index.html')) : Boolean(registry[module.federationName]);
    // Built together from one source, they go live together: checked as a set once all are live.
    if (!samePublished(module, dist, folder)) await publish(module.dir, dist, root, { check: false });
    else if (!live) await point(module, version, root, { check: false });
  }
  for (const problem of compatibilityProblems(root)) console.warn(`warning: ${problem}`);
}

function startChild(name, command, args, extraEnv) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${code ?? signal}); stopping the site`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
let site;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  void site?.close();
  setTimeout(() => process.exit(code), 300).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function main() {
  await buildModules();
  await publishAll();
  await writeSiteConfig(siteConfigFromEnv(env, { apiUrl, sandboxUrl, siteUrl }));

  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const providers = {};
  if (withSandbox) {
    startChild('sandbox', tsx, [path.join(ROOT, 'sandbox', 'src', 'server.ts')], {
      SANDBOX_PORT: String(SANDBOX_PORT), HOST, SANDBOX_PUBLIC_URL: sandboxUrl,
      // Only the site's pages may read the inbox (reset links, receipts) from a browser.
      SITE_ORIGINS: env.SITE_ORIGINS || `${siteUrl},http://127.0.0.1:${SITE_PORT}`,
      SANDBOX_WEBHOOK_URL: env.SANDBOX_WEBHOOK_URL || `http://127.0.0.1:${API_PORT}/api/payments/webhook`,
    });
    await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/__inbox/orders`);
    Object.assign(providers, {
      PAYPAL_API_BASE: env.PAYPAL_API_BASE || `http://127.0.0.1:${SANDBOX_PORT}`,
      PAYPAL_CLIENT_ID: env.PAYPAL_CLIENT_ID || 'sandbox-client-id',
      PAYPAL_CLIENT_SECRET: env.PAYPAL_CLIENT_SECRET || 'sandbox-client-secret',
      // The API's own mail (outbox) goes to the sandbox's EmailJS stand-in and shows in its inbox.
      EMAILJS_API_BASE: env.EMAILJS_API_BASE || `http://127.0.0.1:${SANDBOX_PORT}`,
      // The image host the site uploads to: its URLs are kept as they are, not imported (decision 028).
      CLOUDINARY_UPLOAD_BASE_URL: env.CLOUDINARY_UPLOAD_BASE_URL || sandboxUrl,
    });
  }
  startChild('api', tsx, [path.join(ROOT, 'api', 'src', 'server.ts')], {
    ...providers,
    API_PORT: String(API_PORT), HOST, PUBLIC_URL: env.PUBLIC_URL || apiUrl, SITE_URL: env.SITE_URL || siteUrl,
    SITE_ORIGINS: env.SITE_ORIGINS || `${siteUrl},http://127.0.0.1:${SITE_PORT}`,
  });
  await waitFor(`http://127.0.0.1:${API_PORT}/health`);

  site = createSiteServer(deployDir());
  await site.listen({ port: SITE_PORT, host: HOST });
  console.log(`\nThe site is running at ${siteUrl} (API at ${apiUrl}${withSandbox ? `, provider sandbox and its inbox at ${sandboxUrl}` : ''}).`);
  console.log(`Demo admin: ${env.ADMIN_EMAIL || DEV.admin.email} / ${env.ADMIN_EMAIL ? '(ADMIN_PASSWORD)' : DEV.admin.password}`);
  console.log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(error);
  stop(1);
});
