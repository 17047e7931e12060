import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir, processStartTime } from '../../src/db/data-dir-lock';
import { createTestApp } from '../helpers/app';

const API_ROOT = path.resolve(__dirname, '..', '..');
const dirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'institute-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A pid that existed a moment ago and is now gone. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data folder lock', () => {
  it('refuses a second lock on the same folder, naming the holder, and allows it after release', () => {
    const dir = path.join(tmp(), 'pglite');
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: os.hostname() });
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    lock.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = path.join(tmp(), 'pglite');
    const pid = deadPid();
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid, processStart: '1', host: os.hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (different start time)', () => {
    if (processStartTime(process.pid) === null) return; // no /proc: only the pid can be checked
    const dir = path.join(tmp(), 'pglite');
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, processStart: 'not-this-one', host: os.hostname(), since: 'then' }));
    lockDataDir(dir).release();
  });

  it('takes over an empty lock file left by a crash while it was being written', () => {
    const dir = path.join(tmp(), 'pglite');
    fs.writeFileSync(`${dir}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${dir}.lock`, old, old);
    lockDataDir(dir).release();
  });
});

describe('one API per embedded database folder', () => {
  const pgliteConfig = (dataDir: string) => ({ database: { pgliteDir: path.join(dataDir, 'pglite') } });

  it('a second app on the same folder refuses to start; the first one releases the lock on close', async () => {
    const dataDir = tmp();
    const first = await createTestApp({ dataDir, keepData: true, config: pgliteConfig(dataDir) });
    try {
      await expect(createTestApp({ dataDir, keepData: true, config: pgliteConfig(dataDir) })).rejects.toThrow(DataDirLockedError);
      expect((await first.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const again = await createTestApp({ dataDir, keepData: true, config: pgliteConfig(dataDir) });
    await again.close();
  }, 60_000);

  it('a second process refuses to start and says which pid holds the folder', async () => {
    const dataDir = tmp();
    const lock = lockDataDir(path.join(dataDir, 'pglite'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, API_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      clearTimeout(timer);
      expect(code).toBe(1);
      expect(stderr).toContain(`in use by another API process (pid ${process.pid}`);
      // The refused process left the holder's lock alone.
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      lock.release();
    }
  }, 60_000);
});
