#!/usr/bin/env node
// `npm start`: builds what is missing, publishes every module to the local deploy folder (the CDN stand-in),
// writes config.json, starts the API and the site, and stops everything on Ctrl-C.
// Environment: SITE_PORT (3000), API_PORT (4000), SANDBOX_PORT (4010), HOST (127.0.0.1), DEPLOY_DIR (deploy), DATA_DIR (data),
// MODULE_OVERRIDES (on; off turns off the per-browser module overrides of decision 038), CANARY_ERROR_MARGIN,
// CANARY_MIN_PAGE_LOADS and CANARY_CHECK_INTERVAL_MS (the automatic withdrawal of a failing canary, decision 039).
import { buildModules } from './build.mjs';
import { writeSiteConfig } from './lib/deploy.mjs';
import { createProcessGroup, localPorts, publishBuilt, startBackends } from './lib/local-stack.mjs';
import { deployDir } from './lib/modules.mjs';
import { siteConfigFromEnv } from './lib/site-config.mjs';
import { DEV } from './lib/defaults.mjs';
import { createSiteServer, overridesEnabled, watchCanaries, watchSettingsFromEnv } from '@institute/site';

const env = process.env;
const ports = localPorts(env);
const { HOST, SITE_PORT, siteUrl, apiUrl, sandboxUrl } = ports;
let site;
const group = createProcessGroup({ onStop: () => void site?.close() });

async function main() {
  const watch = watchSettingsFromEnv(env);
  await buildModules();
  await publishBuilt();
  await writeSiteConfig(siteConfigFromEnv(env, { apiUrl, sandboxUrl, siteUrl }));
  const withSandbox = await startBackends(group, ports, env);

  // Preview links (decision 039) are signed with the environment's secret; npm start has a development one.
  site = createSiteServer(deployDir(), { development: overridesEnabled(env) ? {} : null, previewSecret: env.SITE_PREVIEW_SECRET || DEV.previewSecret });
  // A canary that fails more than live is withdrawn by itself (decision 039); the margins are the environment's.
  watchCanaries(deployDir(), apiUrl, watch, watch.intervalMs);
  await site.listen({ port: SITE_PORT, host: HOST });
  console.log(`\nThe site is running at ${siteUrl} (API at ${apiUrl}${withSandbox ? `, provider sandbox and its inbox at ${sandboxUrl}` : ''}).`);
  console.log(`Demo admin: ${env.ADMIN_EMAIL || DEV.admin.email} / ${env.ADMIN_EMAIL ? '(ADMIN_PASSWORD)' : DEV.admin.password}`);
  console.log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  console.error(error);
  group.stop(1);
});
