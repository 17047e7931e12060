import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEPLOY_DIR, ROOT } from '../support/stack';
import { SITE_PORT, API_PORT, SANDBOX_PORT } from '../playwright.config';

// A team's daily loop (issue 27, decision 038): `npm run dev -- mf-content` beside the e2e stack, on the next ports
// (E2E_DEV_SITE_PORT and friends move them), with the modules the e2e stack published as the live versions: in a copy
// of its deploy folder, since `npm run dev` writes its own config.json (its API's address) there.
const DEV_SITE_PORT = Number(process.env.E2E_DEV_SITE_PORT || SITE_PORT + 1);
const DEV_API_PORT = Number(process.env.E2E_DEV_API_PORT || API_PORT + 1);
const DEV_SANDBOX_PORT = Number(process.env.E2E_DEV_SANDBOX_PORT || SANDBOX_PORT + 1);
const DEV_SITE = `http://localhost:${DEV_SITE_PORT}`;
const EDITED = path.join(ROOT, 'mf-content', 'src', 'features', 'contact', 'components', 'contact-form.tsx');
const HEADING = 'Send Us a Message';
const NEW_HEADING = 'Send Us a Message Today';

let dev: ChildProcess | null = null;
let output = '';
let dataDir = '';
let deployDir = '';
let original: { text: string; atime: Date; mtime: Date } | null = null;

/** The source as it was, with its times: a changed time alone would make the next `npm start` rebuild the module. */
function restoreSource() {
  if (!original) return;
  writeFileSync(EDITED, original.text);
  utimesSync(EDITED, original.atime, original.mtime);
  original = null;
}

async function waitForSite(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev?.exitCode !== null) throw new Error(`npm run dev stopped (${dev?.exitCode}):\n${output}`);
    if (output.includes('The site is running at')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm run dev was not ready within ${timeoutMs / 1000} s:\n${output}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'institute-dev-loop-'));
  deployDir = mkdtempSync(path.join(os.tmpdir(), 'institute-dev-loop-deploy-'));
  cpSync(DEPLOY_DIR, deployDir, { recursive: true });
  const started = Date.now();
  // As `npm run dev` runs it: the site server is TypeScript, loaded through tsx.
  dev = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'dev.mjs'), 'mf-content'], {
    cwd: ROOT,
    env: {
      ...process.env, NODE_ENV: 'development', DEPLOY_DIR: deployDir, DATA_DIR: dataDir,
      SITE_PORT: String(DEV_SITE_PORT), API_PORT: String(DEV_API_PORT), SANDBOX_PORT: String(DEV_SANDBOX_PORT),
      DEV_PORTS_FROM: String(DEV_SITE_PORT + 1), LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  dev.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  await waitForSite(330_000);
  console.log(`npm run dev -- mf-content ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test.afterAll(async () => {
  restoreSource();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    dev.kill('SIGINT');
    await exited;
  }
  for (const dir of [dataDir, deployDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the terminal says which modules run from source and that their pages render in the browser', () => {
  expect(output).toMatch(/mf-content\s+from source, hot reload: http:\/\/127\.0\.0\.1:\d+\//);
  expect(output).toMatch(/mf-catalog\s+published \(live version\)/);
  expect(output).toContain('Pages render in the browser: modules from source have no server rendering in development.');
});

test('an edited heading shows in the open page without a reload, and the typed text stays', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await page.goto(`${DEV_SITE}/contact`);
  await expect(page.getByRole('heading', { name: HEADING, exact: true })).toBeVisible({ timeout: 60_000 });
  const name = page.getByLabel('Name').first();
  await name.fill('Ada Lovelace');
  // Anything a reload would wipe: a mark on the window, and the navigation count.
  await page.evaluate(() => { (window as unknown as { devLoopMark: number }).devLoopMark = 1; });
  let navigations = 0;
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) navigations += 1; });

  const text = readFileSync(EDITED, 'utf8');
  const { atime, mtime } = statSync(EDITED);
  original = { text, atime, mtime };
  expect(text).toContain(`>${HEADING}</h2>`);
  const edited = Date.now();
  writeFileSync(EDITED, text.replace(`>${HEADING}</h2>`, `>${NEW_HEADING}</h2>`));

  await expect(page.getByRole('heading', { name: NEW_HEADING, exact: true })).toBeVisible({ timeout: 60_000 });
  console.log(`edit to page: ${Date.now() - edited} ms`);
  expect(navigations).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { devLoopMark?: number }).devLoopMark)).toBe(1);
  await expect(name).toHaveValue('Ada Lovelace');

  restoreSource();
  await expect(page.getByRole('heading', { name: HEADING, exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(name).toHaveValue('Ada Lovelace');
  expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
});

test('Ctrl-C stops everything it started', async () => {
  const ports = [DEV_SITE_PORT, DEV_API_PORT, DEV_SANDBOX_PORT, DEV_SITE_PORT + 1, DEV_SITE_PORT + 4];
  const exited = new Promise((resolve) => dev!.once('exit', resolve));
  dev!.kill('SIGINT');
  await exited;
  await expect.poll(async () => {
    const answering = await Promise.all(ports.map((port) => fetch(`http://127.0.0.1:${port}/`).then(() => port, () => null)));
    return answering.filter(Boolean);
  }, { timeout: 15_000 }).toEqual([]);
});
