#!/usr/bin/env node
// Shows what the site runs, or points one module at a published version (a rollback is the same call).
// Usage: npm run registry                      -> current registry and published versions
//        npm run registry -- <module> <version> [--force]
//        npm run registry -- <module> <version> --canary <percent>
//   A version the live modules cannot run with (a missing expose, another React) is refused unless --force.
//   --canary serves the version to that share of visitors (each keeps what it got); --canary 100, or the command
//   without --canary, makes it live for everyone and ends the canary (decision 039).
import { parseArgs } from 'node:util';
import { readRollout } from '@institute/site';
import { compatibilityProblems } from './lib/compatibility.mjs';
import { deployDir, MODULES } from './lib/modules.mjs';
import { point, publishedVersions, readRegistry, startCanary } from './lib/deploy.mjs';

const USAGE = 'usage: npm run registry [-- <module> <version> [--force] [--canary <percent>]]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, canary: { type: 'string' } } });
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const { positionals: [name, version, ...extra], values: { force, canary } } = parsed;
const percent = canary === undefined ? undefined : Number(canary);
if ((name && !version) || extra.length || (percent !== undefined && !version)) {
  console.error(USAGE);
  process.exit(2);
}
try {
  if (name && version && percent !== undefined && percent < 100) {
    await startCanary(name, version, percent, deployDir(), { force });
    console.log(`${name} ${version} now runs for ${percent} % of visitors (each keeps it); the rest keep the live version`);
  } else if (name && version) {
    await point(name, version, deployDir(), { force });
    console.log(`${name} now points at ${version}; it takes effect on the next page load`);
  } else {
    const { canaries, withdrawn } = readRollout(deployDir());
    const registry = readRegistry();
    for (const m of MODULES) {
      const live = m.host ? '(index.html)' : registry[m.federationName] ?? '(not registered)';
      console.log(`${m.dir.padEnd(12)} live: ${live}   published: ${publishedVersions(m.dir).join(', ') || 'none'}`);
    }
    for (const [remote, c] of Object.entries(canaries)) console.log(`canary: ${remote} ${c.version} for ${c.percent} % since ${c.since}`);
    for (const w of withdrawn) console.log(`withdrawn: ${w.remote} ${w.version} at ${w.at}: ${w.reason}`);
    for (const problem of compatibilityProblems(deployDir())) console.log(`problem: ${problem}`);
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
