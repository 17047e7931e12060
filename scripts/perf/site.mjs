import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/modules.mjs';

const freePort = () => new Promise((resolve, reject) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    server.close(() => resolve(port));
  }).on('error', reject);
});

async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site stopped while starting (exit ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * `npm start` on free ports, with a throwaway deploy folder and database; `stop()` ends it and removes them. With
 * `dataDir`, the database and uploads are that folder's (a seeded profile), left as they are; a DATABASE_URL in the
 * environment then stays in force.
 */
export async function startSite({ dataDir = null } = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'institute-perf-'));
  const data = dataDir ? { DATA_DIR: dataDir } : { DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '' };
  const [site, api, sandbox] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, SITE_PORT: String(site), API_PORT: String(api), SANDBOX_PORT: String(sandbox), HOST: '127.0.0.1',
      DEPLOY_DIR: path.join(tmp, 'deploy'), LOG_LEVEL: 'warn', ...data },
  });
  const siteUrl = `http://127.0.0.1:${site}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await waitFor(`${siteUrl}/config.json`, child, 600_000);
    await waitFor(`http://127.0.0.1:${api}/health`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { siteUrl, apiUrl: `http://localhost:${api}`, stop };
}
