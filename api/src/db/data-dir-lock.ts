import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded database folder. PGlite has no server to arbitrate between processes: two APIs on one
 * folder each keep their own copy in memory and overwrite each other's files (issue 13: corrupt indexes, lost
 * registrations). So before PGlite opens `<DATA_DIR>/pglite`, the API creates `<DATA_DIR>/pglite.lock` with
 * O_EXCL, holding its pid and the process's start time; a second process finds it and refuses to start. A lock
 * whose process is gone (kill -9, power loss) is stale and taken over; the start time tells a live process that
 * merely reuses the pid from the one that took the lock.
 */
export interface LockOwner {
  pid: number;
  /** Process start time as the kernel reports it (Linux: clock ticks since boot); null elsewhere. */
  processStart: string | null;
  host: string;
  /** When the lock was taken (ISO), for the message only. */
  since: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly lockFile: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${path.dirname(lockFile)} is in use by another API process (pid ${owner.pid} on ${owner.host}, since ${owner.since}). ` +
        `Two processes on one embedded database corrupt it: stop that process first, or give this one another DATA_DIR ` +
        `(or DATABASE_URL). If pid ${owner.pid} is not an API, delete ${lockFile}.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

/** The start time of a process, or null when it does not exist or the platform does not tell. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the recorded owner still runs: same host, pid alive, and (where known) the same start time. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true; // another machine on shared storage: we cannot tell, assume alive
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !processAlive(owner.pid)) return false;
  if (owner.processStart === null) return true;
  const now = processStartTime(owner.pid);
  return now === null || now === owner.processStart;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, processStart: parsed.processStart ?? null, host: parsed.host ?? os.hostname(), since: parsed.since ?? 'unknown' };
  } catch {
    return null;
  }
}

const held = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Runs on process.exit and a normal end; kill -9 leaves the file, and the next start finds it stale.
  process.on('exit', () => {
    for (const file of held) removeIfOurs(file);
  });
}

function removeIfOurs(file: string): void {
  const owner = readOwner(file);
  if (owner && owner.pid === process.pid && owner.host === os.hostname()) {
    try {
      fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
  held.delete(file);
}

/**
 * Takes `<dir>.lock` for this process or throws DataDirLockedError naming the holder. Also refuses a second
 * lock from this same process (two apps in one process are two PGlite instances on one folder, just as bad).
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = `${dir}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me: LockOwner = { pid: process.pid, processStart: processStartTime(process.pid), host: os.hostname(), since: new Date().toISOString() };
  // Bounded: a stale lock is removed once, then O_EXCL decides between racing starters.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      fd = fs.openSync(file, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      if (owner === null) {
        // Being written by a starter right now, or left half-written by a crash: look again shortly.
        const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > 2000) fs.rmSync(file, { force: true });
        else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      if (ownerAlive(owner)) throw new DataDirLockedError(file, owner);
      // Stale: remove it only if it is still the very lock we judged (another starter may have replaced it).
      const again = readOwner(file);
      if (again && again.pid === owner.pid && again.since === owner.since) fs.rmSync(file, { force: true });
      continue;
    }
    try {
      fs.writeSync(fd, `${JSON.stringify(me)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    held.add(file);
    installExitHook();
    return { file, release: () => removeIfOurs(file) };
  }
  const owner = readOwner(file);
  if (owner) throw new DataDirLockedError(file, owner);
  throw new Error(`Could not take the lock ${file}; another process keeps creating it.`);
}
