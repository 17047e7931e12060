// node --test: which packages a change affects (`npm run affected`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { affectedPackages, readWorkspaces } from './affected.mjs';
import { ROOT } from './modules.mjs';

const workspaces = readWorkspaces(ROOT);
const ALL = workspaces.map((w) => w.dir);

test('the workspaces and what each depends on come from the package files', () => {
  assert.deepEqual(ALL, ['shared', 'shell', 'mf-catalog', 'mf-checkout', 'mf-content', 'mf-admin', 'api', 'site', 'sandbox', 'e2e']);
  assert.deepEqual(workspaces.find((w) => w.dir === 'api').dependsOn.sort(), ['sandbox', 'shared']);
});

test('a change inside one module affects that module alone', () => {
  assert.deepEqual(affectedPackages(['mf-content/src/features/blog/blog-page.tsx'], workspaces), ['mf-content']);
  assert.deepEqual(affectedPackages(['mf-content/src/a.tsx', 'mf-admin/webpack.config.js'], workspaces), ['mf-content', 'mf-admin']);
});

test('a change in shared/ affects every package, the site server too (which names no dependency on it)', () => {
  assert.deepEqual(affectedPackages(['shared/src/rules/money.ts'], workspaces), ALL);
  assert.deepEqual(affectedPackages(['site/src/server/app.ts'], workspaces), ['site']);
});

test('what every package builds with affects them all', () => {
  for (const file of ['package-lock.json', 'package.json', 'tsconfig.base.json', 'tools/webpack/create-config.cjs']) {
    assert.deepEqual(affectedPackages([file], workspaces), ALL, file);
  }
});

test('dependents follow: the sandbox affects the API and the journeys that use it', () => {
  assert.deepEqual(affectedPackages(['sandbox/src/server.ts'], workspaces), ['api', 'sandbox', 'e2e']);
});

test('docs, scripts and files outside every package affect none', () => {
  assert.deepEqual(affectedPackages(['README.md', 'docs/architecture.md', 'scripts/registry.mjs'], workspaces), []);
  // A folder whose name starts like a package's is not that package.
  assert.deepEqual(affectedPackages(['shared-notes.md', 'api-notes/x.md'], workspaces), []);
});
