// node --test: the previous release's name, versions and the environment its checkout is built in.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  PreviousReleaseUnavailable, REMOTES, checkoutEnv, outdatedPreviousBuilds, previousReleaseRef, previousVersions, resolveCommit,
  temporaryCheckout,
} from './previous-release.mjs';
import { ROOT } from './modules.mjs';

const inGitClone = (() => {
  try {
    execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('the file names one commit; comment lines and blank lines are skipped', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  try {
    const file = path.join(folder, 'deploy-previous-release');
    writeFileSync(file, '# why\n\n  abc1234  \n# later\n');
    assert.equal(previousReleaseRef(file), 'abc1234');
    writeFileSync(file, '# only a comment\n');
    assert.throws(() => previousReleaseRef(file), /names no commit/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the committed file names a commit', () => {
  assert.match(previousReleaseRef(), /^[0-9a-f]{40}$/);
});

test('npm run settings that point at this repository stay out of the checkout, and so do NODE_ENV and MF_OUTPUT_PATH', () => {
  const saved = { ...process.env };
  Object.assign(process.env, {
    npm_config_local_prefix: ROOT, npm_config_workspace: '@institute/e2e', npm_package_name: 'institute', INIT_CWD: ROOT,
    npm_config_cache: '/cache', NODE_ENV: 'production', MF_OUTPUT_PATH: '/elsewhere',
  });
  try {
    const env = checkoutEnv({ MF_BUILD_VERSION: '0.1.0-previous.abc1234' });
    for (const key of ['npm_config_local_prefix', 'npm_config_workspace', 'npm_package_name', 'INIT_CWD', 'NODE_ENV', 'MF_OUTPUT_PATH']) {
      assert.equal(env[key], undefined, key);
    }
    assert.equal(env.npm_config_cache, '/cache');
    assert.equal(env.MF_BUILD_VERSION, '0.1.0-previous.abc1234');
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
});

test('a commit this clone does not hold is reported as unavailable, with how to fetch it', () => {
  assert.throws(() => resolveCommit('0123456789abcdef0123456789abcdef01234567', 'a test'), (error) =>
    error instanceof PreviousReleaseUnavailable && /not in this clone/.test(error.message) && /git fetch/.test(error.message));
});

test('versions are the package version at that commit, marked previous with the short sha', { skip: !inGitClone }, () => {
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const versions = previousVersions(sha);
  assert.deepEqual(Object.keys(versions), ['mf-catalog', 'mf-checkout', 'mf-content', 'mf-admin']);
  for (const version of Object.values(versions)) assert.match(version, new RegExp(`^\\d+\\.\\d+\\.\\d+-previous\\.${sha.slice(0, 7)}$`));
});

test('the temporary checkout holds the commit\'s files outside the work tree and is removed afterwards', { skip: !inGitClone }, () => {
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const checkout = temporaryCheckout(sha);
  assert.ok(!checkout.folder.startsWith(ROOT));
  assert.ok(existsSync(path.join(checkout.folder, 'scripts', 'build.mjs')));
  checkout.remove();
  assert.ok(!existsSync(checkout.folder));
});

test('outdated previous builds are those of other commits, never the wanted one, a live one or a real release', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'previous-builds-'));
  try {
    const remote = REMOTES[0];
    for (const version of ['0.1.0', '0.1.0-previous.aaaaaaa', '0.1.0-previous.bbbbbbb', '0.1.0-previous.ccccccc', '0.1.0-e2e.1']) {
      mkdirSync(path.join(root, remote.dir, version), { recursive: true });
    }
    const registry = { [remote.federationName]: `/${remote.dir}/0.1.0-previous.ccccccc/mf-manifest.json` };
    const outdated = outdatedPreviousBuilds(root, remote, '0.1.0-previous.bbbbbbb', registry);
    assert.deepEqual(outdated, [path.join(root, remote.dir, '0.1.0-previous.aaaaaaa')]);
    assert.deepEqual(outdatedPreviousBuilds(root, REMOTES[1], 'x', {}), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
