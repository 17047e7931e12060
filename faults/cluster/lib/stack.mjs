// The production topology of decision 019 on 127.0.0.1, for the cluster scenarios: PostgreSQL (the suite's server),
// the provider sandbox (PayPal, Cloudinary), N API instances on one database, the Node site server, and nginx in
// front of them, generated from the one template. Everything is stopped by the scenario's cleanup.
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkNginxConfig, startNginx, writeNginxConfig } from '../../../scripts/lib/nginx-config.mjs';
import { precompressFolder } from '../../../scripts/lib/precompress.mjs';
import { createSiteServer, writeSiteHeaders } from '@institute/site';
import { apiEnv } from '../../payments-lib/payments.mjs';

/** A folder nginx's workers (an unprivileged user when we are root) can read: os.tmpdir(), world-readable. */
function sharedTempDir(ctx, prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  ctx.defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * A small published site: the shell's entry page, config and registry, and one module version folder with a
 * content-hashed chunk (precompressed as publish does) and its no-cache entry files. Enough to check every nginx
 * rule without building the front end.
 */
export function writeDeployFixture(root, apiUrl) {
  const version = path.join(root, 'mf-demo', '1.0.0');
  mkdirSync(version, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Institute</title><style>body{margin:0}</style></head><body><div id="root"></div></body></html>\n');
  writeFileSync(path.join(root, 'config.json'), `${JSON.stringify({ apiBaseUrl: apiUrl, siteName: 'Institute' }, null, 2)}\n`);
  // As publish writes it: the manifest of each remote and the integrity it vouches for (decision 017).
  const integrity = Object.fromEntries(['remoteEntry.js', 'ssr/prerender.cjs', '1.js', '2.js', '3.js', '4.js', '5.js', '6.js'].map((f) => [`/mf-demo/1.0.0/${f}`, `sha384-${'x'.repeat(64)}`]));
  writeFileSync(path.join(root, 'remotes.json'), `${JSON.stringify({ mf_demo: '/mf-demo/1.0.0/mf-manifest.json', integrity }, null, 2)}\n`);
  writeFileSync(path.join(version, 'main.3f2a1b9c.js'), `/* demo chunk */\n${'export const line = "the same text compresses well";\n'.repeat(200)}`);
  writeFileSync(path.join(version, 'remoteEntry.js'), `var mf_demo = {};\n${'// entry\n'.repeat(100)}`);
  writeFileSync(path.join(version, 'mf-manifest.json'), '{"name":"mf_demo"}\n');
  precompressFolder(version);
  writeSiteHeaders(root);
  for (const dir of [root, path.join(root, 'mf-demo'), version]) chmodSync(dir, 0o755);
}

/** Starts nginx on a generated configuration; returns { config, reload(options), stop() }. */
export async function startFront(ctx, options) {
  const runtimeDir = options.runtimeDir;
  const write = (extra = {}) => writeNginxConfig({ ...options, ...extra });
  const file = write();
  ctx.report(`nginx -t: ${(await checkNginxConfig(file)).split('\n').at(-1)}`);
  const log = createWriteStream(path.join(ctx.dir, 'nginx.log'), { flags: 'a' });
  const child = startNginx(file, runtimeDir, ['ignore', 'pipe', 'pipe']);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // If the suite itself is killed, nginx must not outlive it.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  ctx.defer(stop);
  const site = `http://${options.siteListen}`;
  await ctx.waitFor(async () => (await ctx.request('GET', `${site}/remotes.json`, { timeoutMs: 1000 })).status === 200, { timeoutMs: 15_000, what: 'nginx answering' });
  return {
    file,
    pid: child.pid,
    /** Rewrites the configuration (e.g. other API instances), checks it and reloads nginx (SIGHUP), gracefully. */
    async reload(extra) {
      await checkNginxConfig(write(extra));
      child.kill('SIGHUP');
      // The old workers finish their requests; new ones read the new upstream. Give them a moment to take over.
      await ctx.sleep(500);
    },
    stop,
  };
}

/**
 * PostgreSQL database, sandbox, `instances` API processes (named api-a, api-b, ...) sharing DATABASE_URL, JWT_SECRET
 * and Cloudinary, the site server and nginx. Returns URLs: `front` (the API through nginx), `site` (the site through
 * nginx), and each API's own handle.
 */
export async function startCluster(ctx, { instances = 2, env = {} } = {}) {
  const db = await ctx.postgres.createDatabase();
  const sandbox = await (await ctx.startSandbox()).ready();
  const [apiPort, sitePort, siteServerPort] = [await ctx.freePort(), await ctx.freePort(), await ctx.freePort()];
  const front = `http://127.0.0.1:${apiPort}`;
  const sharedEnv = {
    ...apiEnv(db, sandbox),
    // One secret for all: a token signed by one instance is checked by another.
    JWT_SECRET: `cluster-${process.pid}-${Date.now()}-a-secret-long-enough-for-hs256`,
    TRUST_PROXY: 'true',
    PUBLIC_URL: front,
    UPLOAD_STORE: 'cloudinary',
    CLOUDINARY_UPLOAD_BASE_URL: sandbox.url,
    // Mail the API sends itself goes to the sandbox too (ignored by an API that sends none).
    EMAILJS_API_BASE: sandbox.url,
    ...env,
  };
  const apis = [];
  // One after the other: the first migrates and seeds, the others find it done.
  for (let i = 0; i < instances; i += 1) {
    apis.push(await (await ctx.startApi({ name: `api-${String.fromCharCode(97 + i)}`, env: sharedEnv })).ready());
  }

  const deployDir = sharedTempDir(ctx, 'institute-cluster-deploy-');
  writeDeployFixture(deployDir, front);
  const siteServer = createSiteServer(deployDir);
  await siteServer.listen({ port: siteServerPort, host: '127.0.0.1' });
  ctx.defer(() => siteServer.close());

  const frontOptions = {
    deployDir,
    runtimeDir: sharedTempDir(ctx, 'institute-cluster-nginx-'),
    siteListen: `127.0.0.1:${sitePort}`,
    apiListen: `127.0.0.1:${apiPort}`,
    siteUpstream: `127.0.0.1:${siteServerPort}`,
    apiUpstreams: apis.map((api) => `127.0.0.1:${api.port}`),
    errorLog: path.join(ctx.dir, 'nginx-error.log'),
    accessLog: path.join(ctx.dir, 'nginx-access.log'),
  };
  const nginx = await startFront(ctx, frontOptions);
  return {
    db, sandbox, apis, nginx, deployDir, siteServer, env: sharedEnv, accessLog: frontOptions.accessLog,
    front, site: `http://127.0.0.1:${sitePort}`, siteServerUrl: `http://127.0.0.1:${siteServerPort}`,
    upstreamOf: (list) => list.map((api) => `127.0.0.1:${api.port}`),
  };
}
