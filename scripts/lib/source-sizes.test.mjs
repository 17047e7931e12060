// node --test: what `npm run size:source` counts as source and how it sums it up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countLines, isCountedSource, median, summarize } from './source-sizes.mjs';

test('tests, journeys, fault drills, seed data, declarations and the SDK stand-in are not counted', () => {
  for (const file of [
    'api/src/routes/users/index.test.ts', 'api/test/routes/users.test.ts', 'mf-admin/src/testing/test-utils.tsx',
    'e2e/tests/catalog.spec.ts', 'faults/lib/harness.mjs', 'shared/src/types.d.ts', 'api/src/db/seed/courses.ts',
    'api/src/db/seed-media.ts', 'sandbox/src/paypal/sdk-script.js', 'README.md', 'shared/modules.json',
  ]) assert.equal(isCountedSource(file), false, file);
  for (const file of ['api/src/app.ts', 'shell/src/main.tsx', 'scripts/build.mjs', 'tools/jest/setup.cjs', 'site/src/server.ts']) {
    assert.equal(isCountedSource(file), true, file);
  }
});

test('lines are counted as an editor shows them', () => {
  assert.equal(countLines(''), 0);
  assert.equal(countLines('a\nb\n'), 2);
  assert.equal(countLines('a\nb'), 2);
});

test('the median of an even count is the mean of the middle two', () => {
  assert.equal(median([]), 0);
  assert.equal(median([1, 5, 9]), 5);
  assert.equal(median([1, 3, 5, 100]), 4);
});

test('the summary names the files above the limit, longest first, and ignores what is not counted', () => {
  const summary = summarize([
    { file: 'api/src/a.ts', lines: 300 }, { file: 'api/src/b.ts', lines: 20 }, { file: 'api/src/c.ts', lines: 260 },
    { file: 'api/src/c.test.ts', lines: 900 },
  ], { limit: 250 });
  assert.equal(summary.files, 3);
  assert.equal(summary.median, 260);
  assert.equal(summary.longest, 300);
  assert.deepEqual(summary.over.map((entry) => entry.file), ['api/src/a.ts', 'api/src/c.ts']);
});
