#!/usr/bin/env node
// `npm run dev -- [module ...]`: a team's daily loop (decision 038). Starts the provider sandbox, the API, the named
// modules from source (webpack serve: hot module replacement and React Fast Refresh) and the site with the
// published versions of the others, in one command; Ctrl-C stops everything it started. No module named: all five
// from source. Modules that are not published yet are built and published first, as `npm start` does.
// Environment: as `npm start` (SITE_PORT, API_PORT, SANDBOX_PORT, HOST, DEPLOY_DIR, DATA_DIR), and DEV_PORTS_FROM
// (SITE_PORT + 1): the webpack dev servers take it and the next four ports, one per module in a fixed order.
import path from 'node:path';
import { buildModules } from './build.mjs';
import { writeSiteConfig } from './lib/deploy.mjs';
import { createProcessGroup, isLive, localPorts, publishBuilt, startBackends } from './lib/local-stack.mjs';
import { MODULES, ROOT, deployDir, findModule, needsBuild } from './lib/modules.mjs';
import { siteConfigFromEnv } from './lib/site-config.mjs';
import { DEV } from './lib/defaults.mjs';
import { waitFor } from './lib/wait-for.mjs';
import { createSiteServer } from '@institute/site';

const env = process.env;
const ports = localPorts(env);
const { HOST, SITE_PORT, siteUrl, apiUrl, sandboxUrl } = ports;
const firstDevPort = Number(env.DEV_PORTS_FROM || SITE_PORT + 1);
/** A first compile of a module on a busy two-core machine takes up to a minute or two. */
const COMPILE_TIMEOUT_MS = 240_000;

function fail(message) {
  console.error(`dev: ${message}`);
  process.exit(2);
}

if (env.NODE_ENV === 'production') fail('npm run dev serves modules from source: not in production (NODE_ENV=production).');
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const named = names.map((name) => findModule(name) ?? fail(`unknown module "${name}": name one of ${MODULES.map((m) => m.dir).join(', ')}.`));
const requested = named.length ? named : MODULES;
// React Fast Refresh needs React's development build, which only the shell's development build brings (the published
// shell has the production one, without the refresh hooks): a module from source brings the shell from source too.
const fromSource = MODULES.filter((m) => m.host || requested.includes(m));
const published = MODULES.filter((m) => !fromSource.includes(m));
const devPortOf = (module) => firstDevPort + MODULES.indexOf(module);
const devUrl = (module) => `http://127.0.0.1:${devPortOf(module)}/`;

let site;
const group = createProcessGroup({ onStop: () => void site?.close() });

/** The published modules the site needs and does not have yet: built (when stale) and published. */
async function publishMissing() {
  const missing = published.filter((m) => !isLive(m));
  if (missing.length === 0) return;
  console.log(`dev: publishing ${missing.map((m) => m.dir).join(', ')} first (nothing live yet)`);
  const stale = missing.filter((m) => needsBuild(m));
  if (stale.length) await buildModules({ names: stale.map((m) => m.dir) });
  await publishBuilt(missing);
}

function startDevServer(module) {
  const webpack = path.join(ROOT, 'node_modules', '.bin', 'webpack');
  group.start(`${module.dir} (webpack serve)`, webpack, ['serve', '--mode', 'development'], {
    cwd: path.join(ROOT, module.dir),
    env: { ...env, MF_DEV_PORT: String(devPortOf(module)) },
  });
  return waitFor(new URL(module.host ? 'index.html' : 'mf-manifest.json', devUrl(module)).href, COMPILE_TIMEOUT_MS);
}

async function main() {
  await publishMissing();
  await writeSiteConfig(siteConfigFromEnv(env, { apiUrl, sandboxUrl, siteUrl }));
  const started = Date.now();
  const compiled = Promise.all(fromSource.map(startDevServer));
  const withSandbox = await startBackends(group, ports, env);
  await compiled;

  const remotesFromSource = new Map(fromSource.filter((m) => !m.host).map((m) => [m.federationName, new URL('mf-manifest.json', devUrl(m)).href]));
  const shell = MODULES.find((m) => m.host);
  site = createSiteServer(deployDir(), { development: { fromSource: remotesFromSource, shellDevUrl: devUrl(shell) } });
  await site.listen({ port: SITE_PORT, host: HOST });

  console.log(`\nThe site is running at ${siteUrl} (API at ${apiUrl}${withSandbox ? `, provider sandbox at ${sandboxUrl}` : ''}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  for (const module of fromSource) {
    const why = module.host && !requested.includes(module) ? ' (React\'s development build, for Fast Refresh)' : '';
    console.log(`  ${module.dir.padEnd(12)} from source, hot reload: ${devUrl(module)}${why}`);
  }
  for (const module of published) console.log(`  ${module.dir.padEnd(12)} published (live version)`);
  console.log('Pages render in the browser: modules from source have no server rendering in development.');
  console.log(`Module overrides for this browser: ${siteUrl}/__overrides`);
  console.log(`Demo admin: ${env.ADMIN_EMAIL || DEV.admin.email} / ${env.ADMIN_EMAIL ? '(ADMIN_PASSWORD)' : DEV.admin.password}`);
  console.log('Edit a module\'s source: the open page updates in place. Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(error);
  group.stop(1);
});
