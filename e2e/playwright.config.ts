import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { DEV } from '@institute/shared/defaults';

const root = path.resolve(__dirname, '..');
export const SITE_PORT = Number(process.env.E2E_SITE_PORT || DEV.testPorts.site);
export const API_PORT = Number(process.env.E2E_API_PORT || DEV.testPorts.api);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT || DEV.testPorts.sandbox);
// Workers inherit the main process's environment, so every process sees the same folders.
process.env.E2E_DEPLOY_DIR ??= path.join(root, 'e2e', '.deploy');
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'institute-e2e-data-'));
  process.env.E2E_DATA_DIR = dataDir;
  // This run's throwaway database goes when the run ends (after its servers have stopped); a given E2E_DATA_DIR, such
  // as a seeded profile, is left as it is. Only the process that made it removes it: workers inherit the variable.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './tests',
  // Parallel runs (each on its own ports) must not empty each other's results folder.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  // One browser at a time: the stack is shared and the machine has two cores.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: process.env.E2E_REPORT_DIR || 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${SITE_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
  },
  webServer: {
    // The scripts import the site package's TypeScript: tsx loads it, as it runs the API.
    command: `node --import tsx ${path.join(root, 'scripts', 'start.mjs')}`,
    url: `http://127.0.0.1:${SITE_PORT}/config.json`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      SITE_PORT: String(SITE_PORT),
      API_PORT: String(API_PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      HOST: '127.0.0.1',
      DEPLOY_DIR: process.env.E2E_DEPLOY_DIR,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: DEV.admin.email,
      ADMIN_PASSWORD: DEV.admin.password,
      AUTH_RATE_LIMIT_MAX: '1000',
      // Every visit reports field data here, many a minute from one address.
      VITALS_RATE_LIMIT_MAX: '100000',
      // Every journey's payment checks (verify-payment, cancel) come from this one address too.
      PAYMENT_LOOKUP_LIMIT_PER_IP: '100000',
      // The journeys send the contact and appointment forms from this one address, faster than a person types: the
      // spam checks' minimum fill time and ceilings are the API tests' to prove (issue 31).
      INQUIRY_MIN_FILL_MS: '0',
      INQUIRY_LIMIT_PER_IP: '100000',
      INQUIRY_LIMIT_PER_EMAIL: '100000',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
      // Every visit reports its field data, so each journey runs the reporter and nothing is left to chance.
      VITALS_SAMPLE_RATE: '1',
      // The rollout journey's failing canary is withdrawn within seconds, over a few page loads (decision 039).
      CANARY_MIN_PAGE_LOADS: '3',
      CANARY_CHECK_INTERVAL_MS: '1000',
    },
  },
});
