#!/usr/bin/env node
// Builds the four remotes of the previous release with that release's own build script and stores each in the
// deploy folder as `<version>-previous.<short sha>`, not live: the version-skew journey makes them live one by one
// with `registry` (docs/decisions/024-version-skew.md). remotes.json and index.html are not touched.
// Usage: npm run build:previous [-- --ref <commit>] [--json]      (DEPLOY_DIR as for npm start)
//   Without --ref: the commit in deploy-previous-release. Versions already stored are not built again.
//   --json: prints only { sha, versions, seconds } (or { unavailable }) on stdout; progress goes to stderr.
//   Exits with 3 when the commit is not in this clone (a shallow clone).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { readRegistry, store } from './lib/deploy.mjs';
import { deployDir } from './lib/modules.mjs';
import {
  PreviousReleaseUnavailable, REMOTES, checkoutEnv, outdatedPreviousBuilds, previousReleaseRef, previousVersions, resolveCommit, runQuietly,
  temporaryCheckout,
} from './lib/previous-release.mjs';

const log = (message) => console.error(`build-previous: ${message}`);
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** A developer's deploy folder keeps one previous release, not every one the file has named. */
function removeOutdated(root, versions) {
  const registry = readRegistry(root);
  for (const remote of REMOTES) {
    for (const folder of outdatedPreviousBuilds(root, remote, versions[remote.dir], registry)) {
      rmSync(folder, { recursive: true, force: true });
      log(`removed the outdated previous build ${path.relative(root, folder)}`);
    }
  }
}

/** Stores the previous release's remotes in `root`; returns the commit, the version of each remote and the time taken. */
export async function buildPrevious(ref, root = deployDir()) {
  const started = Date.now();
  const sha = ref ? resolveCommit(ref, '--ref') : resolveCommit(previousReleaseRef());
  const versions = previousVersions(sha);
  removeOutdated(root, versions);
  const missing = REMOTES.filter((m) => !existsSync(path.join(root, m.dir, versions[m.dir], 'mf-manifest.json')));
  if (missing.length === 0) {
    log(`the remotes of ${sha.slice(0, 7)} are already stored in ${root}`);
    return { sha, versions, seconds: 0 };
  }
  const checkout = temporaryCheckout(sha);
  try {
    log(`checked out ${sha.slice(0, 7)} in ${checkout.folder}; installing its dependencies`);
    let step = Date.now();
    await runQuietly('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: checkout.folder, env: checkoutEnv() });
    log(`npm ci took ${seconds(step)} s`);
    for (const module of missing) {
      step = Date.now();
      // Its own build script, one module at a time: each carries its own version (MF_BUILD_VERSION, decision 001).
      const env = checkoutEnv({ MF_BUILD_VERSION: versions[module.dir] });
      await runQuietly(process.execPath, [path.join('scripts', 'build.mjs'), module.dir], { cwd: checkout.folder, env });
      const stored = store(module, path.join(checkout.folder, module.dir, 'dist'), root);
      if (stored.version !== versions[module.dir]) throw new Error(`${module.dir} was built as ${stored.version}, not ${versions[module.dir]}`);
      log(`stored ${module.dir} ${stored.version} (${seconds(step)} s)`);
    }
  } finally {
    checkout.remove();
  }
  log(`the previous release took ${seconds(started)} s`);
  return { sha, versions, seconds: seconds(started) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--ref');
  const json = args.includes('--json');
  try {
    const result = await buildPrevious(at >= 0 ? args[at + 1] : undefined);
    if (json) console.log(JSON.stringify(result));
    else log(`stored, not live: ${Object.entries(result.versions).map(([dir, v]) => `${dir} ${v}`).join(', ')}`);
  } catch (error) {
    const unavailable = error instanceof PreviousReleaseUnavailable;
    if (json && unavailable) console.log(JSON.stringify({ unavailable: error.message }));
    console.error(error.message);
    process.exit(unavailable ? 3 : 1);
  }
}
