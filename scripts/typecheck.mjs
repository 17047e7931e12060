#!/usr/bin/env node
// Strict TypeScript over every package (webpack and jest only strip types; this is where they are checked), one tsc
// per core at a time (each is single-threaded), its lines prefixed with its package.
import os from 'node:os';
import path from 'node:path';
import { MODULES, ROOT } from './lib/modules.mjs';
import { run } from './lib/run.mjs';

// scripts/tsconfig.json also covers tools/ and faults/: their JavaScript is checked through JSDoc (decision 047).
const PACKAGES = ['shared', ...MODULES.map((m) => m.dir), 'api', 'site', 'sandbox', 'e2e', 'scripts'];
const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
const waiting = [...PACKAGES];
let failed = 0;
async function worker() {
  for (let pkg = waiting.shift(); pkg; pkg = waiting.shift()) {
    try {
      await run(tsc, ['-p', path.join(ROOT, pkg, 'tsconfig.json')], { prefix: `[${pkg}] ` });
      console.log(`typecheck ${pkg}: ok`);
    } catch {
      failed++;
      console.log(`typecheck ${pkg}: FAILED`);
    }
  }
}
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), PACKAGES.length) }, worker));
process.exit(failed ? 1 : 0);
