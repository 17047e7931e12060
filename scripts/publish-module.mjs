#!/usr/bin/env node
// Publishes one module to the deploy folder and points the site at it, with no other module rebuilt.
// Usage: npm run publish:module -- <module> [--version <version>] [--force]
//   Without --version: the module's package.json version, from its current build (built first if stale).
//   With --version: builds the same source as that version (MF_BUILD_VERSION) into a temporary folder.
//   A version the live modules cannot run with is refused (nothing is copied), unless --force.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  const args = process.argv.slice(2);
  const at = args.indexOf('--version');
  const version = at >= 0 ? args[at + 1] : undefined;
  const name = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  const force = args.includes('--force');
  if (!name) {
    console.error('usage: npm run publish:module -- <module> [--version <version>] [--force]');
    process.exit(2);
  }
  publishModule(name, version, { force })
    .then((r) => console.log(`published ${r.module} ${r.version}; the site now loads it (next page load)`))
    .catch((error) => { console.error(error.message); process.exit(1); });
}
