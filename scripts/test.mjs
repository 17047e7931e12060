#!/usr/bin/env node
// `npm test`: every front-end module's jest suite (in parallel workers), then the API suite in band against
// embedded PostgreSQL and, when DATABASE_URL is set, against a PostgreSQL server at the same time (two processes,
// each on its own database, each line prefixed with its suite; decision 056), then the provider sandbox's own suite,
// the site server's, then the publish scripts' tests (Node's test runner).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODULES, ROOT } from './lib/modules.mjs';
import { run } from './lib/run.mjs';

const FRONT_END = ['shared', ...MODULES.map((m) => m.dir)];
const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
const extra = process.argv.slice(2);
const out = mkdtempSync(path.join(os.tmpdir(), 'institute-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

async function suite(label, args, cwd, env = {}, prefix = undefined) {
  const file = path.join(out, `${label}.json`);
  try {
    await run(jest, [...args, '--json', '--outputFile', file, ...extra], { cwd, env: { ...process.env, ...env }, prefix });
  } catch {
    failed = true;
  }
  try {
    const result = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    console.log(`${label}: ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
  } catch {
    failed = true;
    console.log(`${label}: no result (the run did not finish)`);
  }
}

/** The publish scripts' own tests (plain Node modules): Node's test runner, counted from its TAP summary. */
function nodeSuite(label, paths) {
  // tsx: they import the site package's TypeScript.
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', ...paths], { cwd: ROOT, encoding: 'utf8' });
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(result.stdout)?.[1] ?? 0);
  if (result.status !== 0) {
    failed = true;
    process.stdout.write(result.stdout + result.stderr);
  }
  totals.passed += count('pass');
  totals.failed += count('fail');
  console.log(`${label}: ${count('pass')} passed, ${count('fail')} failed`);
}

await suite('front-end', ['--projects', ...FRONT_END.map((d) => path.join(ROOT, d))], ROOT);
// The two API runs share nothing (PGlite in memory; a schema per test file on the server; ports chosen by the
// system), and one waits on the server while the other computes: side by side they take the longer one's time.
const api = path.join(ROOT, 'api');
const serverToo = Boolean(process.env.DATABASE_URL);
await Promise.all([
  suite('api (embedded PostgreSQL)', ['--runInBand'], api, { DATABASE_URL: '' }, serverToo ? '[api pglite] ' : undefined),
  serverToo && suite('api (PostgreSQL server)', ['--runInBand'], api, {}, '[api server] '),
]);
await suite('sandbox', ['--runInBand'], path.join(ROOT, 'sandbox'));
await suite('site', [], path.join(ROOT, 'site'));
nodeSuite('scripts', [path.join(ROOT, 'scripts', 'lib')]);
rmSync(out, { recursive: true, force: true });
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
