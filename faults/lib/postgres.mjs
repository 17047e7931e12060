// The PostgreSQL server the fault scenarios stop, freeze and restart: the one DATABASE_URL points at (CI starts
// it on this machine), or a throwaway one started here with initdb/pg_ctl. Each scenario gets a database of its own.
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1), 'bin') : null;
}

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/**
 * Runs a PostgreSQL tool, as the postgres user when we are root (the server refuses to run as root). Done on the
 * tool's exit, not on its output closing: a server started by pg_ctl keeps the inherited output open.
 */
function pgTool(bin, tool, args, timeoutMs = 90_000) {
  const file = path.join(bin, tool);
  const [command, argv] = isRoot ? ['su', ['postgres', '-c', [file, ...args].map(quote).join(' ')]] : [file, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      if (output.length < 4000) output += chunk;
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      child.stdout.destroy();
      child.stderr.destroy();
      if (code === 0) resolve(output);
      else reject(new Error(`${tool} ${args.at(-1)} failed (${code ?? signal}): ${output.trim().slice(-500)}`));
    });
  });
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function urlWithDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * Returns a controllable server: { adminUrl, own, dataDir, createDatabase, dropDatabase, query, stop, start,
 * freeze, thaw, close }.
 */
export async function providePostgres(log) {
  const bin = pgBin();
  const given = process.env.DATABASE_URL;
  if (given) {
    try {
      const dataDir = await withClient(given, async (c) => (await c.query('SHOW data_directory')).rows[0].data_directory);
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8');
      if (!bin) throw new Error('no pg_ctl under /usr/lib/postgresql');
      log(`PostgreSQL: the server at DATABASE_URL (data ${dataDir})`);
      return server({ bin, dataDir, adminUrl: given, own: false });
    } catch (error) {
      log(`PostgreSQL at DATABASE_URL cannot be stopped and frozen from here (${error.message}); starting a throwaway server`);
    }
  }
  if (!bin) throw new Error('No PostgreSQL server: set DATABASE_URL or install postgresql (initdb, pg_ctl under /usr/lib/postgresql/*/bin).');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'institute-faults-pg-'));
  if (isRoot) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  const port = await freePortFor();
  const dataDir = path.join(dir, 'data');
  await pgTool(bin, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres']);
  await pgTool(bin, 'pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -h 127.0.0.1`, '-w', 'start']);
  log(`PostgreSQL: throwaway server on 127.0.0.1:${port} (data ${dataDir})`);
  return server({ bin, dataDir, adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, own: true, dir });
}

async function freePortFor() {
  const { freePort } = await import('./ports.mjs');
  return freePort();
}

/** @param {{ bin: string, dataDir: string, adminUrl: string, own: boolean, dir?: string }} options */
function server({ bin, dataDir, adminUrl, own, dir = undefined }) {
  let frozen = [];
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const self = {
    /** Whether the postmaster runs (its pid file names a live process). */
    running() {
      try {
        process.kill(postmasterPid(), 0);
        return true;
      } catch (error) {
        return error.code === 'EPERM';
      }
    },
    adminUrl,
    own,
    dataDir,
    /** A fresh database; returns its URL. */
    async createDatabase(name) {
      await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      return urlWithDatabase(adminUrl, name);
    },
    async dropDatabase(name) {
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
    /** One query on its own short-lived connection (5 s connect, 10 s query limits). */
    async query(url, sql, params = []) {
      return withClient(url, async (c) => (await c.query(sql, params)).rows);
    },
    /** pg_ctl stop (mode immediate by default: like a crash, no checkpoint). */
    async stop(mode = 'immediate') {
      await pgTool(bin, 'pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    /** Starts the stopped server again with the options it last ran with (postmaster.opts). */
    async start() {
      await pgTool(bin, 'pg_ctl', ['-D', dataDir, '-w', '-t', '60', 'restart']);
    },
    /** SIGSTOP on the postmaster, then on every backend: connections hang, nothing answers. */
    freeze() {
      const pid = postmasterPid();
      process.kill(pid, 'SIGSTOP');
      frozen = [pid, ...childrenOf(pid)];
      for (const child of frozen.slice(1)) process.kill(child, 'SIGSTOP');
      return frozen.length;
    },
    /** SIGCONT on everything freeze() stopped. */
    thaw() {
      for (const pid of [...frozen].reverse()) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          /* gone */
        }
      }
      frozen = [];
    },
    /** Leaves the server running and unfrozen; stops it only if this suite started it. */
    async close() {
      self.thaw();
      if (!own) {
        // Started by CI: it must be running again for whatever comes next.
        if (!self.running()) await self.start().catch(() => undefined);
        return;
      }
      await pgTool(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}
