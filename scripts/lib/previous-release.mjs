// The previous release (docs/decisions/024-version-skew.md): which commit it is, the version its remotes are stored
// under, and a throwaway checkout of it to build them with that commit's own build script.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MODULES, ROOT } from './modules.mjs';

/** The committed file naming the previous release: `#` lines are comments, the first other line is the commit. */
export const PREVIOUS_RELEASE_FILE = path.join(ROOT, 'deploy-previous-release');

export const REMOTES = MODULES.filter((m) => !m.host);

/** The ref or commit the file names. */
export function previousReleaseRef(file = PREVIOUS_RELEASE_FILE) {
  const ref = readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).find((line) => line && !line.startsWith('#'));
  if (!ref) throw new Error(`${path.relative(ROOT, file)} names no commit`);
  return ref;
}

/** Thrown when the commit is not in this clone (a shallow clone, or history not fetched): nothing can be built. */
export class PreviousReleaseUnavailable extends Error {}

const git = (args, options = {}) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

/** The full sha of `ref` (named by `source`), or PreviousReleaseUnavailable when this clone does not hold it. */
export function resolveCommit(ref, source = path.relative(ROOT, PREVIOUS_RELEASE_FILE)) {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch (error) {
    // Empty when git simply lacks the commit; otherwise git's reason (not a repository, an unsafe owner, no git).
    const reason = String(error.stderr ?? error.message ?? '').trim();
    const shallow = (() => {
      try {
        return git(['rev-parse', '--is-shallow-repository']).trim() === 'true';
      } catch {
        return false;
      }
    })();
    throw new PreviousReleaseUnavailable(
      `The previous release ${ref} (from ${source}) is not in this clone` +
        `${shallow ? ' (it is a shallow clone)' : ''}${reason ? ` (git: ${reason})` : ''}, so it cannot be built. ` +
        `Fetch it with \`git fetch --unshallow\` or \`git fetch origin ${ref}\`.`,
    );
  }
}

/** `<the remote's package version at that commit>-previous.<short sha>`: never a live version's name. */
export function previousVersions(sha) {
  const short = sha.slice(0, 7);
  return Object.fromEntries(REMOTES.map((m) => {
    const pkg = JSON.parse(git(['show', `${sha}:${m.dir}/package.json`]));
    return [m.dir, `${pkg.version}-previous.${short}`];
  }));
}

/** Settings that say where an npm run started (npm_config_local_prefix is this repository) are kept from the checkout. */
const NPM_SETTINGS_KEPT = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry', 'npm_config_cafile']);

/**
 * The environment for the checkout's own npm and build: without what `npm run` adds (else `npm ci` would install into
 * this repository), without NODE_ENV (production would leave out the build tools) and without MF_OUTPUT_PATH.
 */
/** @param {Record<string, string>} [extra] @returns {NodeJS.ProcessEnv} */
export function checkoutEnv(extra = {}) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if ((/^npm_/i.test(key) && !NPM_SETTINGS_KEPT.has(key)) || key === 'INIT_CWD') delete env[key];
  }
  delete env.NODE_ENV;
  delete env.MF_OUTPUT_PATH;
  return { ...env, ...extra };
}

/** Runs a command with its output on stderr, so the script's stdout can carry only its result. */
export function runQuietly(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 2, 2], ...options });
    const stop = () => child.kill('SIGTERM');
    onSignal(stop);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      cleanups.delete(stop);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

/**
 * A checkout of `sha` in a new temporary folder outside the work tree (`git archive`: no worktree is registered in
 * the repository, so nothing is left in .git even when the process is killed). Removed by the returned function,
 * and on SIGINT/SIGTERM/SIGHUP too, since a `finally` does not run then.
 */
export function temporaryCheckout(sha) {
  const folder = mkdtempSync(path.join(os.tmpdir(), `institute-previous-${sha.slice(0, 7)}-`));
  const remove = () => {
    cleanups.delete(remove);
    // Retried: a build killed a moment ago may still be writing into the folder.
    rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
  };
  onSignal(remove);
  try {
    execFileSync('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'sh', sha, folder], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  } catch (error) {
    remove();
    throw error;
  }
  return { folder, remove };
}

/**
 * Earlier previous releases of a remote left in a deploy folder once the file has moved on: every
 * `<version>-previous.<sha>` folder except the one wanted now and whatever the registry has live (a journey
 * interrupted mid-way may have left one live; removing it would break the site).
 */
export function outdatedPreviousBuilds(root, remote, keepVersion, registry) {
  const folder = path.join(root, remote.dir);
  if (!existsSync(folder)) return [];
  const live = String(registry[remote.federationName] ?? '').split('/')[2];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /-previous\.[0-9a-f]{7,40}$/.test(entry.name) && entry.name !== keepVersion && entry.name !== live)
    .map((entry) => path.join(folder, entry.name));
}

/** What to undo if the process is told to stop, newest first: the children, then the checkout they write into. */
const cleanups = new Set();
let listening = false;
function onSignal(cleanup) {
  cleanups.add(cleanup);
  if (listening) return;
  listening = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      for (const undo of [...cleanups].reverse()) undo();
      process.exit(128 + os.constants.signals[signal]);
    });
  }
}
