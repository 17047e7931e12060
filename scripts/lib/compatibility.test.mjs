// node --test: the compatibility rules over a deploy folder made of manifests, as publish writes them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { compatibilityProblems, satisfies } from './compatibility.mjs';
import { IncompatibleModuleError, point } from './deploy.mjs';
import { findModule } from './modules.mjs';

const REACT = [{ name: 'react', version: '19.3.1', requiredVersion: '19.3.1' }];
const SHARED = (version, requiredVersion = `^${version}`) => [{ name: '@institute/shared/ui', version, requiredVersion }];

let root;

function publishFake(dir, version, { exposes = [], loads = [], optional = [], shared = [...REACT, ...SHARED('0.1.0')] } = {}) {
  const folder = path.join(root, dir, version);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify({ exposes: exposes.map((p) => ({ path: p })), shared }));
  writeFileSync(path.join(folder, 'module-contract.json'), JSON.stringify({ loads, optional }));
}

function goLive(registry, shellVersion = '0.1.0') {
  writeFileSync(path.join(root, 'remotes.json'), JSON.stringify(Object.fromEntries(Object.entries(registry).map(([name, v]) => [name, `/${name.replace('_', '-')}/${v}/mf-manifest.json`]))));
  writeFileSync(path.join(root, 'index.html'), `<script src="/shell/${shellVersion}/main.js"></script>`);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'compat-'));
  publishFake('shell', '0.1.0', { loads: ['mf_catalog/CoursesPage', 'mf_catalog/PopularCourses', 'mf_checkout/ProgramPayment'] });
  publishFake('mf-catalog', '0.1.0', { exposes: ['./CoursesPage', './PopularCourses'], loads: ['mf_checkout/ProgramPayment'] });
  publishFake('mf-checkout', '0.1.0', { exposes: ['./ProgramPayment'] });
  goLive({ mf_catalog: '0.1.0', mf_checkout: '0.1.0' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const candidate = (dir, version) => ({ module: findModule(dir), version });

test('the live site built together has no problems', () => {
  assert.deepEqual(compatibilityProblems(root), []);
});

test('a remote that drops an expose a live module loads is refused, naming both', () => {
  publishFake('mf-checkout', '0.2.0', { exposes: [] });
  assert.deepEqual(compatibilityProblems(root, candidate('mf-checkout', '0.2.0')), [
    'the shell 0.1.0 loads mf_checkout/ProgramPayment, which mf-checkout 0.2.0 does not expose',
    'mf-catalog 0.1.0 loads mf_checkout/ProgramPayment, which mf-checkout 0.2.0 does not expose',
  ]);
});

test('a module that loads an expose the live provider lacks is refused', () => {
  publishFake('mf-catalog', '0.2.0', { exposes: ['./CoursesPage', './PopularCourses'], loads: ['mf_checkout/CheckoutModal'] });
  assert.deepEqual(compatibilityProblems(root, candidate('mf-catalog', '0.2.0')), ['mf-catalog 0.2.0 loads mf_checkout/CheckoutModal, which mf-checkout 0.1.0 does not expose']);
});

test('a page the contract marks optional lets a remote one release behind go live beside the shell that loads it', () => {
  publishFake('shell', '0.2.0', { loads: ['mf_catalog/CoursesPage', 'mf_catalog/CertificateVerificationPage'], optional: ['mf_catalog/CertificateVerificationPage'] });
  publishFake('shell', '0.3.0', { loads: ['mf_catalog/CoursesPage', 'mf_catalog/CertificateVerificationPage'] });
  goLive({ mf_catalog: '0.1.0', mf_checkout: '0.1.0' }, '0.2.0');
  assert.deepEqual(compatibilityProblems(root), []);
  // Not marked optional, the same load is refused as before.
  goLive({ mf_catalog: '0.1.0', mf_checkout: '0.1.0' }, '0.3.0');
  assert.deepEqual(compatibilityProblems(root), ['the shell 0.3.0 loads mf_catalog/CertificateVerificationPage, which mf-catalog 0.1.0 does not expose']);
});

test('another React than the live shell provides is refused; a newer shared minor within range is not', () => {
  publishFake('mf-catalog', '0.3.0', { exposes: ['./CoursesPage', './PopularCourses'], shared: [{ name: 'react', version: '19.2.0', requiredVersion: '19.2.0' }, ...SHARED('0.1.0')] });
  assert.deepEqual(compatibilityProblems(root, candidate('mf-catalog', '0.3.0')), [
    'mf-catalog 0.3.0 is built with react 19.2.0; the shell 0.1.0 provides 19.3.1 (one exact React everywhere)',
  ]);
  publishFake('mf-catalog', '0.3.1', { exposes: ['./CoursesPage', './PopularCourses'], shared: [...REACT, ...SHARED('0.1.0', '^0.1.0')] });
  assert.deepEqual(compatibilityProblems(root, candidate('mf-catalog', '0.3.1')), []);
});

test('a shell whose shared package is outside a live remote\'s range is refused', () => {
  publishFake('shell', '0.2.0', { loads: ['mf_catalog/CoursesPage'], shared: [...REACT, ...SHARED('0.2.0')] });
  const problems = compatibilityProblems(root, candidate('shell', '0.2.0'));
  assert.deepEqual(problems, [
    'mf-catalog 0.1.0 needs @institute/shared ^0.1.0; the shell 0.2.0 provides 0.2.0',
    'mf-checkout 0.1.0 needs @institute/shared ^0.1.0; the shell 0.2.0 provides 0.2.0',
  ]);
});

test('a problem between two other live modules is not the candidate\'s', () => {
  publishFake('mf-checkout', '0.0.9', { exposes: [] });
  goLive({ mf_catalog: '0.1.0', mf_checkout: '0.0.9' });
  assert.equal(compatibilityProblems(root).length, 2);
  publishFake('mf-catalog', '0.1.1', { exposes: ['./CoursesPage', './PopularCourses'] });
  assert.deepEqual(compatibilityProblems(root, candidate('mf-catalog', '0.1.1')), []);
});

test('point() refuses an incompatible version and leaves the registry as it was', async () => {
  publishFake('mf-checkout', '0.2.0', { exposes: [] });
  const before = readFileSync(path.join(root, 'remotes.json'), 'utf8');
  await assert.rejects(point('mf-checkout', '0.2.0', root), (error) => error instanceof IncompatibleModuleError && /not made live[\s\S]*--force/.test(error.message));
  assert.equal(readFileSync(path.join(root, 'remotes.json'), 'utf8'), before);
});

test('caret and exact ranges read as npm reads them', () => {
  assert.ok(satisfies('0.1.5', '^0.1.0'));
  assert.ok(!satisfies('0.2.0', '^0.1.0'));
  assert.ok(satisfies('1.4.0', '^1.2.0'));
  assert.ok(!satisfies('2.0.0', '^1.2.0'));
  assert.ok(!satisfies('1.1.9', '^1.2.0'));
  assert.ok(satisfies('19.3.1', '19.3.1'));
  assert.ok(!satisfies('19.3.2', '19.3.1'));
});

test('a tilde range allows patches only (it was once read as exact)', () => {
  assert.ok(satisfies('1.2.3', '~1.2.0'));
  assert.ok(satisfies('1.2.9', '~1.2.3'));
  assert.ok(!satisfies('1.3.0', '~1.2.3'));
  assert.ok(!satisfies('1.2.2', '~1.2.3'));
  assert.ok(satisfies('0.1.5', '>=0.1.0 <0.2.0'));
  assert.ok(satisfies('2.1.0', '^1.0.0 || ^2.0.0'));
});
