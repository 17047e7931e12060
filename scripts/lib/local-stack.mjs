// What `npm start` and `npm run dev` share: the ports, publishing the built modules, the provider sandbox and the
// API as child processes, and stopping every child on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compatibilityProblems } from './compatibility.mjs';
import { DEV } from './defaults.mjs';
import { builtVersion, point, publish, readRegistry } from './deploy.mjs';
import { MODULES, ROOT, deployDir } from './modules.mjs';
import { waitFor } from './wait-for.mjs';

/** SITE_PORT (3000), API_PORT (4000), SANDBOX_PORT (4010), HOST (127.0.0.1) and the URLs they make. */
export function localPorts(env) {
  const HOST = env.HOST || '127.0.0.1';
  const SITE_PORT = Number(env.SITE_PORT || DEV.ports.site);
  const API_PORT = Number(env.API_PORT || DEV.ports.api);
  const SANDBOX_PORT = Number(env.SANDBOX_PORT || DEV.ports.sandbox);
  return {
    HOST, SITE_PORT, API_PORT, SANDBOX_PORT,
    siteUrl: `http://localhost:${SITE_PORT}`, apiUrl: `http://localhost:${API_PORT}`, sandboxUrl: `http://localhost:${SANDBOX_PORT}`,
  };
}

/** The build in `dist` is the one published when its entry files are the same (they name every hashed chunk). */
function samePublished(module, dist, folder) {
  const files = module.host ? ['index.html'] : ['mf-manifest.json', 'remoteEntry.js'];
  return files.every((file) => {
    const a = path.join(dist, file);
    const b = path.join(folder, file);
    return existsSync(b) && readFileSync(a).equals(readFileSync(b));
  });
}

/** Whether a module has a live version in the deploy folder (the shell: a live index.html). */
export function isLive(module, root = deployDir()) {
  return module.host ? existsSync(path.join(root, 'index.html')) : Boolean(readRegistry(root)[module.federationName]);
}

/**
 * Publishes each module's build unless that exact build is already published. The registry is only moved for a
 * build that was not live yet, so a manual rollback survives a restart. In development a rebuilt module is
 * republished under its package version; a real release bumps the version (docs/deployment.md).
 */
export async function publishBuilt(modules = MODULES) {
  const root = deployDir();
  for (const module of modules) {
    const dist = path.join(ROOT, module.dir, 'dist');
    const version = builtVersion(dist);
    const folder = path.join(root, module.dir, version);
    // Built together from one source, they go live together: checked as a set once all are live.
    if (!samePublished(module, dist, folder)) await publish(module.dir, dist, root, { check: false });
    else if (!isLive(module, root)) await point(module, version, root, { check: false });
  }
  for (const problem of compatibilityProblems(root)) console.warn(`warning: ${problem}`);
}

/** Child processes that stop together: when one stops by itself, all do (and the process exits). */
export function createProcessGroup({ onStop = () => {} } = {}) {
  const children = [];
  let stopping = false;
  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    onStop();
    setTimeout(() => process.exit(code), 300).unref();
  }
  /** @param {string} name @param {string} command @param {string[]} args @param {{ env?: NodeJS.ProcessEnv, cwd?: string, stdio?: import('node:child_process').StdioOptions }} [options] */
  function start(name, command, args, { env = process.env, cwd = ROOT, stdio = ['ignore', 'inherit', 'inherit'] } = {}) {
    const child = spawn(command, args, { cwd, env, stdio });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`${name} stopped (${code ?? signal}); stopping everything`);
        stop(1);
      }
    });
    children.push(child);
    return child;
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // However this process ends (a crash included), no child outlives it.
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  return { start, stop };
}

/**
 * Starts the provider sandbox (unless PROVIDERS=real) and the API on the given ports, and waits until both answer.
 * Returns whether the sandbox runs.
 */
export async function startBackends(group, ports, env = process.env) {
  const { HOST, SITE_PORT, API_PORT, SANDBOX_PORT, siteUrl, apiUrl, sandboxUrl } = ports;
  // The provider sandbox runs unless a deployment points the site at the real providers.
  const withSandbox = env.PROVIDERS !== 'real' && existsSync(path.join(ROOT, 'sandbox', 'src', 'server.ts'));
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const siteOrigins = env.SITE_ORIGINS || `${siteUrl},http://127.0.0.1:${SITE_PORT}`;
  const providers = {};
  if (withSandbox) {
    group.start('sandbox', tsx, [path.join(ROOT, 'sandbox', 'src', 'server.ts')], {
      env: {
        ...env, SANDBOX_PORT: String(SANDBOX_PORT), HOST, SANDBOX_PUBLIC_URL: sandboxUrl,
        // Only the site's pages may read the inbox (reset links, receipts) from a browser.
        SITE_ORIGINS: siteOrigins,
        SANDBOX_WEBHOOK_URL: env.SANDBOX_WEBHOOK_URL || `http://127.0.0.1:${API_PORT}/api/payments/webhook`,
      },
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
  group.start('api', tsx, [path.join(ROOT, 'api', 'src', 'server.ts')], {
    env: {
      ...env, ...providers,
      API_PORT: String(API_PORT), HOST, PUBLIC_URL: env.PUBLIC_URL || apiUrl, SITE_URL: env.SITE_URL || siteUrl,
      SITE_ORIGINS: siteOrigins,
    },
  });
  // A first start opens and migrates the embedded database: over a minute on a busy machine (decision 028).
  await waitFor(`http://127.0.0.1:${API_PORT}/health`, 180_000);
  return withSandbox;
}
