#!/usr/bin/env node
// Strict TypeScript over every package (webpack and jest only strip types; this is where they are checked).
import path from 'node:path';
import { MODULES, ROOT } from './lib/modules.mjs';
import { run } from './lib/run.mjs';

// scripts/tsconfig.json also covers tools/ and faults/: their JavaScript is checked through JSDoc (decision 047).
const PACKAGES = ['shared', ...MODULES.map((m) => m.dir), 'api', 'site', 'sandbox', 'e2e', 'scripts'];
const tsc = path.join(ROOT, 'node_modules', '.bin', 'tsc');
let failed = 0;
for (const pkg of PACKAGES) {
  try {
    await run(tsc, ['-p', path.join(ROOT, pkg, 'tsconfig.json')]);
    console.log(`typecheck ${pkg}: ok`);
  } catch {
    failed++;
    console.log(`typecheck ${pkg}: FAILED`);
  }
}
process.exit(failed ? 1 : 0);
