import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runScript as scripts, ScriptRefusal } from '../support/scripts';
import { ADMIN, DEPLOY_DIR, readRegistry, signIn } from '../support/stack';

/** A version a test published, once it is no longer live: a developer's deploy folder does not fill up run after run. */
function removeVersion(dir: string, version: string) {
  expect(Object.values(readRegistry())).not.toContain(`/${dir}/${version}/mf-manifest.json`);
  rmSync(path.join(DEPLOY_DIR, dir, version), { recursive: true, force: true });
}

async function versionOf(page: Page, module: string) {
  await page.goto('/versions');
  return page.locator(`tr[data-module="${module}"] td`).first();
}

test('publishing a new mf-content version changes what the site reports, with no shell rebuild', async ({ page }) => {
  test.setTimeout(300_000);
  const shellIndex = path.join(DEPLOY_DIR, 'index.html');
  const shellBefore = { text: readFileSync(shellIndex, 'utf8'), mtime: statSync(shellIndex).mtimeMs };
  const before = readRegistry().mf_content!;
  const previous = before.split('/')[2]!;
  await expect(await versionOf(page, 'mf_content')).toHaveText(previous);

  const next = `${previous}-e2e.${Date.now()}`;
  scripts('publish-module.mjs', ['mf-content', '--version', next]);
  expect(readRegistry().mf_content).toBe(`/mf-content/${next}/mf-manifest.json`);
  await expect(await versionOf(page, 'mf_content')).toHaveText(next);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();

  scripts('registry.mjs', ['mf-content', previous]);
  await expect(await versionOf(page, 'mf_content')).toHaveText(previous);
  expect(readFileSync(shellIndex, 'utf8')).toBe(shellBefore.text);
  expect(statSync(shellIndex).mtimeMs).toBe(shellBefore.mtime);
  removeVersion('mf-content', next);
});

test('the registry refuses a version the live site cannot run with; --force makes it live anyway', async ({ page }) => {
  const live = readRegistry().mf_content!;
  const version = live.split('/')[2]!;
  // The live build with one expose the shell loads taken out of its manifest, published beside it.
  const broken = `${version}-e2e-without-highlights.${Date.now()}`;
  cpSync(path.join(DEPLOY_DIR, 'mf-content', version), path.join(DEPLOY_DIR, 'mf-content', broken), { recursive: true });
  const manifestFile = path.join(DEPLOY_DIR, 'mf-content', broken, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { exposes: { path: string }[] };
  manifest.exposes = manifest.exposes.filter((expose) => expose.path !== './BlogHighlights');
  writeFileSync(manifestFile, JSON.stringify(manifest));

  let refusal = '';
  try {
    scripts('registry.mjs', ['mf-content', broken]);
  } catch (error) {
    refusal = error instanceof ScriptRefusal ? error.stderr : String(error);
  }
  expect(refusal).toContain(`mf-content ${broken} was not made live`);
  expect(refusal).toContain(`the shell ${readdirVersion('shell')} loads mf_content/BlogHighlights, which mf-content ${broken} does not expose`);
  expect(refusal).toContain('--force');
  expect(readRegistry().mf_content).toBe(live);

  expect(scripts('registry.mjs', ['mf-content', broken, '--force'])).toContain(`now points at ${broken}`);
  expect(readRegistry().mf_content).toBe(`/mf-content/${broken}/mf-manifest.json`);
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Gallery' })).toBeVisible();

  scripts('registry.mjs', ['mf-content', version]);
  expect(readRegistry().mf_content).toBe(live);
  removeVersion('mf-content', broken);
});

type Manifest = { shared?: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };

/** The JS files each module would fetch for a shared package, read from the published manifests. */
function sharedAssetUrls(pkg: string): Map<string, string> {
  const files = new Map<string, string>();
  const registry = readRegistry();
  const manifests = Object.entries(registry).filter(([name]) => name.startsWith('mf_')).map(([, url]) => url as string);
  const entries = [...manifests, ...['shell'].map((dir) => `/${dir}/${readdirVersion(dir)}/mf-manifest.json`)];
  for (const entry of entries) {
    const manifest = JSON.parse(readFileSync(path.join(DEPLOY_DIR, entry), 'utf8')) as Manifest;
    const base = path.posix.dirname(entry);
    for (const shared of manifest.shared ?? []) {
      if (shared.name !== pkg) continue;
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) files.set(`${base}/${file}`, base);
    }
  }
  return files;
}

function readdirVersion(dir: string): string {
  const html = readFileSync(path.join(DEPLOY_DIR, 'index.html'), 'utf8');
  return new RegExp(`/${dir}/([^/]+)/`).exec(html)![1]!;
}

test('across a session that visits every remote, React and ReactDOM are fetched exactly once', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  await signIn(page, ADMIN.email, ADMIN.password);
  fetched.length = 0;
  await page.reload();
  // One page load, then client-side navigation through every remote, as a visitor moves around the site.
  for (const route of ['/courses', '/gallery', '/admin', '/payment/any', '/']) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).not.toBeEmpty();
  }
  for (const pkg of ['react', 'react-dom']) {
    const owners = sharedAssetUrls(pkg);
    expect(owners.size).toBeGreaterThan(0);
    const hits = fetched.filter((url) => owners.has(url));
    expect(new Set(hits.map((url) => owners.get(url))).size, `${pkg} copies fetched: ${hits.join(', ')}`).toBe(1);
    expect(hits.length, `${pkg} files fetched: ${hits.join(', ')}`).toBe(new Set(hits).size);
  }
});
