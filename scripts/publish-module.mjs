#!/usr/bin/env node
// Publishes one module to the deploy folder and points the site at it, with no other module rebuilt.
// Usage: npm run publish:module -- <module> [--version <version>] [--force] [--no-live]
//   Without --version: the module's package.json version, from its current build (built first if stale).
//   With --version: builds the same source as that version (MF_BUILD_VERSION) into a temporary folder.
//   A version the live modules cannot run with is refused (nothing is copied), unless --force.
//   --no-live stores the version without making it live: for `npm run preview` or a canary (decision 039).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildModules } from './build.mjs';
import { publish } from './lib/deploy.mjs';
import { ROOT, findModule } from './lib/modules.mjs';
import { run } from './lib/run.mjs';

export async function publishModule(name, version, options = {}) {
  const module = findModule(name);
  if (!module) throw new Error(`unknown module ${name}`);
  if (!version) {
    await buildModules({ names: [module.dir] });
    return publish(module.dir, path.join(ROOT, module.dir, 'dist'), undefined, options);
  }
  const out = mkdtempSync(path.join(os.tmpdir(), `${module.dir}-`));
  try {
    await run(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], {
      cwd: path.join(ROOT, module.dir),
      env: { ...process.env, MF_BUILD_VERSION: version, MF_OUTPUT_PATH: out },
    });
    return publish(module.dir, out, undefined, options);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const usage = 'usage: npm run publish:module -- <module> [--version <version>] [--force] [--no-live]';
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { version: { type: 'string' }, force: { type: 'boolean', default: false }, 'no-live': { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
  const { positionals: [name, ...extra], values: { version, force, 'no-live': noLive } } = parsed;
  const live = !noLive;
  if (!name || extra.length) {
    console.error(usage);
    process.exit(2);
  }
  publishModule(name, version, { force, live })
    .then((r) => console.log(live ? `published ${r.module} ${r.version}; the site now loads it (next page load)` : `published ${r.module} ${r.version}, not live: npm run preview -- ${r.module} ${r.version}`))
    .catch((error) => { console.error(error.message); process.exit(1); });
}
