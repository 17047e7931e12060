#!/usr/bin/env node
// Shows what the site runs, or points one module at a published version (a rollback is the same call).
// Usage: npm run registry                      -> current registry and published versions
//        npm run registry -- <module> <version> [--force]
//   A version the live modules cannot run with (a missing expose, another React) is refused unless --force.
import { parseArgs } from 'node:util';
import { compatibilityProblems } from './lib/compatibility.mjs';
import { deployDir, MODULES } from './lib/modules.mjs';
import { point, publishedVersions, readRegistry } from './lib/deploy.mjs';

const USAGE = 'usage: npm run registry [-- <module> <version> [--force]]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const { positionals: [name, version, ...extra], values: { force } } = parsed;
if ((name && !version) || extra.length) {
  console.error(USAGE);
  process.exit(2);
}
try {
  if (name && version) {
    await point(name, version, deployDir(), { force });
    console.log(`${name} now points at ${version}; it takes effect on the next page load`);
  } else {
    const registry = readRegistry();
    for (const m of MODULES) {
      const live = m.host ? '(index.html)' : registry[m.federationName] ?? '(not registered)';
      console.log(`${m.dir.padEnd(12)} live: ${live}   published: ${publishedVersions(m.dir).join(', ') || 'none'}`);
    }
    for (const problem of compatibilityProblems(deployDir())) console.log(`problem: ${problem}`);
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
