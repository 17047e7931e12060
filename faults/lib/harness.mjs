// The fault-suite harness: finds the scenarios, gives each a context (processes, PostgreSQL, HTTP with deadlines,
// tallies, checks), runs them one after another with a time limit, stops everything each one started, and prints
// `N passed, N failed`. Interface: faults/README.md.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { request, Tally } from './http.mjs';
import { freePort } from './ports.mjs';
import { providePostgres } from './postgres.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCENARIOS = path.join(ROOT, 'faults', 'scenarios');
const DEFAULT_SCENARIO_TIMEOUT_MS = 180_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class ScenarioFailure extends Error {}

/** Every child still running, so an interrupted suite (Ctrl-C, CI's SIGTERM) can kill them all. */
const live = new Set();

/** Polls fn until it returns a truthy value; bounded in time. Returns that value or throws. */
async function waitFor(fn, { timeoutMs = 30_000, intervalMs = 200, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await fn();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    await sleep(intervalMs);
  }
  throw new ScenarioFailure(`${what}: not reached within ${timeoutMs} ms${last instanceof Error ? ` (${last.message})` : ''}`);
}

/** A child process with its output in a log file; `stop()` is SIGTERM then SIGKILL after a grace period. */
function startProcess({ name, args, env, cwd = ROOT, logDir }) {
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  // node --import tsx: one process (the tsx CLI would put a second one in between, and kill -9 must hit the server).
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  live.add(child);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => {
    live.delete(child);
    resolve({ code, signal });
  }));
  let exit = null;
  void exited.then((result) => {
    exit = result;
  });
  return {
    name,
    logFile,
    get pid() {
      return child.pid;
    },
    get exit() {
      return exit;
    },
    exited,
    /** Sends a signal (e.g. 'SIGKILL', 'SIGSTOP'); returns once a killing signal took effect. */
    /** @param {NodeJS.Signals} [signal] */
    async kill(signal = 'SIGKILL') {
      if (exit) return exit;
      child.kill(signal);
      if (signal === 'SIGKILL') return exited;
      return null;
    },
    async stop(graceMs = 5000) {
      if (exit) return exit;
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      log.end();
      return result;
    },
    tail(lines = 20) {
      try {
        return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
  };
}

function makeContext({ scenario, postgres, logDir }) {
  const cleanups = [];
  const processes = [];
  const lines = [];
  const failures = [];
  const databases = [];
  const print = (line) => {
    lines.push(line);
    console.log(`  ${line}`);
  };

  /** `portVar` is the variable the server reads its port from (API_PORT, SANDBOX_PORT); a free one unless env sets it. */
  async function startServer({ name, entry, portVar, env, ready, readyTimeoutMs = 60_000 }) {
    const port = env[portVar] ? Number(env[portVar]) : await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = startProcess({ name, args: [entry], env: { HOST: '127.0.0.1', ...env, [portVar]: String(port) }, logDir });
    processes.push(proc);
    const handle = {
      ...proc,
      url,
      port,
      get pid() {
        return proc.pid;
      },
      get exit() {
        return proc.exit;
      },
      async ready() {
        await waitFor(async () => {
          if (proc.exit) throw new ScenarioFailure(`${name} exited (${proc.exit.code ?? proc.exit.signal}):\n${proc.tail()}`);
          const res = await request('GET', `${url}${ready}`, { timeoutMs: 2000 });
          return res.status === 200;
        }, { timeoutMs: readyTimeoutMs, intervalMs: 250, what: `${name} ready at ${url}${ready}` });
        return handle;
      },
    };
    return handle;
  }

  const ctx = {
    name: scenario.name,
    root: ROOT,
    /** A folder for this scenario (logs, PGlite data); removed after a pass, kept after a failure. */
    dir: logDir,
    sleep,
    waitFor,
    freePort,
    request,
    Tally,
    /** One line of the scenario's report (what clients saw, what the database holds). */
    report: print,
    log: (message) => print(`· ${message}`),
    /** Records a failure and goes on; the scenario fails at the end. */
    check(condition, message) {
      if (!condition) {
        failures.push(message);
        print(`FAIL: ${message}`);
      }
      return Boolean(condition);
    },
    /** Stops the scenario now as failed. */
    fail(message) {
      throw new ScenarioFailure(message);
    },
    /** Runs fn after the scenario, pass or fail (reverse order); processes started through ctx stop anyway. */
    defer(fn) {
      cleanups.push(fn);
    },
    postgres: {
      get own() {
        return postgres.own;
      },
      /** Creates a database for this scenario (dropped afterwards) and returns its URL. */
      async createDatabase(suffix = 'db') {
        const db = `faults_${scenario.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${suffix}_${process.pid}`.slice(0, 63);
        await postgres.dropDatabase(db).catch(() => undefined);
        const url = await postgres.createDatabase(db);
        databases.push(db);
        return url;
      },
      query: (url, sql, params) => postgres.query(url, sql, params),
      stop: (mode) => postgres.stop(mode),
      start: () => postgres.start(),
      freeze: () => postgres.freeze(),
      thaw: () => postgres.thaw(),
    },
    /**
     * Starts the API (`tsx api/src/server.ts`) on a free port; `env` adds to or overrides the defaults
     * (LOG_LEVEL=warn, NODE_ENV=development, a DATA_DIR in the scenario folder). Pass DATABASE_URL for PostgreSQL.
     * Returns { url, port, pid, exit, exited, ready(), kill(signal), stop(), tail(n), logFile }.
     */
    async startApi({ name = 'api', env = {} } = {}) {
      return startServer({
        name,
        entry: path.join(ROOT, 'api', 'src', 'server.ts'),
        portVar: 'API_PORT',
        env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: path.join(logDir, `${name}-data`), AUTH_RATE_LIMIT_MAX: '100000', ...env },
        ready: '/health',
      });
    },
    /** Starts the provider sandbox (`tsx sandbox/src/server.ts`) on a free port; same handle as startApi. */
    async startSandbox({ name = 'sandbox', env = {} } = {}) {
      const port = await freePort();
      return startServer({
        name,
        entry: path.join(ROOT, 'sandbox', 'src', 'server.ts'),
        portVar: 'SANDBOX_PORT',
        env: { LOG_LEVEL: 'warn', SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`, SANDBOX_WEBHOOK_URL: '', ...env, SANDBOX_PORT: String(port) },
        ready: '/__inbox/orders',
      });
    },
  };

  async function cleanup() {
    postgres.thaw();
    for (const fn of cleanups.reverse()) await Promise.resolve().then(fn).catch((error) => print(`cleanup: ${error.message}`));
    await Promise.all(processes.map((p) => p.stop()));
    // A stopped server must be running again for the next scenario.
    if (!postgres.running()) await postgres.start().catch((error) => print(`cleanup: PostgreSQL did not start again: ${error.message}`));
    for (const db of databases) await postgres.dropDatabase(db).catch(() => undefined);
  }

  return { ctx, failures, processes, cleanup };
}

async function loadScenarios(filter, dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
  const scenarios = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    const scenario = mod.default ?? mod;
    if (typeof scenario?.run !== 'function' || !scenario.name) throw new Error(`${path.relative(ROOT, dir)}/${file} must export default { name, run(ctx) }`);
    if (!filter.length || filter.some((f) => scenario.name.includes(f) || file.includes(f))) scenarios.push(scenario);
  }
  return scenarios;
}

/**
 * Runs the scenarios of `dir` (all, or those whose name contains one of `filter`); returns the exit code. The
 * cluster suite (scripts/test-cluster.mjs) runs its own folder with this same harness.
 */
export async function main(filter = [], { dir = SCENARIOS, title = 'Fault suite' } = {}) {
  const started = Date.now();
  const scenarios = await loadScenarios(filter, dir);
  if (!scenarios.length) {
    console.log('No scenario matches.');
    console.log('0 passed, 0 failed');
    return 1;
  }
  const base = mkdtempSync(path.join(os.tmpdir(), 'institute-faults-'));
  let postgres;
  let passed = 0;
  let failed = 0;
  const onSignal = (signal) => {
    console.error(`${signal}: stopping what was started.`);
    postgres?.thaw();
    for (const child of live) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    const exit = () => {
      console.log(`${passed} passed, ${failed + 1} failed`);
      process.exit(1);
    };
    setTimeout(exit, 15_000).unref();
    void (postgres ? postgres.close() : Promise.resolve()).catch(() => undefined).then(exit);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    postgres = await providePostgres((m) => console.log(m));
    for (const scenario of scenarios) {
      const logDir = mkdtempSync(path.join(base, `${scenario.name.replace(/[^a-z0-9-]/gi, '_')}-`));
      const t0 = Date.now();
      console.log(`\n--- ${scenario.name}${scenario.description ? `: ${scenario.description}` : ''}`);
      const { ctx, failures, processes, cleanup } = makeContext({ scenario, postgres, logDir });
      const limit = scenario.timeoutMs ?? DEFAULT_SCENARIO_TIMEOUT_MS;
      let timer;
      try {
        await Promise.race([
          scenario.run(ctx),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new ScenarioFailure(`scenario did not finish within ${limit / 1000} s`)), limit);
          }),
        ]);
      } catch (error) {
        failures.push(error instanceof ScenarioFailure ? error.message : error?.stack ?? String(error));
        console.log(`  FAIL: ${failures.at(-1)}`);
      } finally {
        clearTimeout(timer);
        await cleanup();
      }
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      if (failures.length) {
        failed += 1;
        console.log(`  => FAILED in ${seconds} s (${failures.length} problem${failures.length > 1 ? 's' : ''}); logs in ${logDir}`);
        for (const p of processes) if (p.tail()) console.log(`  last lines of ${p.name}:\n${p.tail(15).replace(/^/gm, '    ')}`);
      } else {
        passed += 1;
        console.log(`  => passed in ${seconds} s`);
        rmSync(logDir, { recursive: true, force: true });
      }
    }
  } catch (error) {
    failed += 1;
    console.error(`The fault suite could not run: ${error?.stack ?? error}`);
  } finally {
    await postgres?.close().catch((error) => console.error(`PostgreSQL cleanup: ${error.message}`));
    if (!failed) rmSync(base, { recursive: true, force: true });
  }
  console.log(`\n${title}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
