import { spawn } from 'node:child_process';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@institute/shared/contract';
import { runScript } from './scripts';
import { DEPLOY_DIR, ROOT, readRegistry, type Registry } from './stack';

/** A remote's folder: its federation name with a hyphen (mf_catalog -> mf-catalog). */
export type Remote = RemoteName extends `mf_${infer Name}` ? `mf-${Name}` : never;
export const REMOTES: readonly Remote[] = REMOTE_NAMES.map((name) => name.replace('_', '-') as Remote);
export const federationName = (remote: Remote) => remote.replace('-', '_') as RemoteName;

/** What scripts/build-previous.mjs stored (not live): the commit and each remote's version. */
export type PreviousRelease = { sha: string; versions: Record<Remote, string>; seconds: number };

/**
 * Builds the previous release's remotes into this run's deploy folder, once (later calls find them stored).
 * `{ unavailable }` when the commit is not in this clone (a shallow clone): the caller skips and says why.
 * PREVIOUS_RELEASE names another commit than deploy-previous-release's.
 */
export function buildPreviousRelease(): Promise<PreviousRelease | { unavailable: string }> {
  const ref = process.env.PREVIOUS_RELEASE ? ['--ref', process.env.PREVIOUS_RELEASE] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'build-previous.mjs'), '--json', ...ref], {
    cwd: ROOT,
    env: { ...process.env, DEPLOY_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let result = '';
  child.stdout.on('data', (chunk: Buffer) => (result += chunk.toString()));
  // Its progress (npm ci, four builds) shows as it happens: a minute or more with no output would look like a hang.
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 || code === 3) resolve(JSON.parse(result) as PreviousRelease | { unavailable: string });
      else reject(new Error(`scripts/build-previous.mjs exited with ${code}; its output is above`));
    });
  });
}

/** `npm run registry -- <remote> <version> [--force]`: the output, or the refusal (a ScriptRefusal) in the script's words. */
export const registry = (remote: Remote, version: string, force = false): string =>
  runScript('registry.mjs', [remote, version, ...(force ? ['--force'] : [])], 120_000);

/** The version each remote runs, read from the registry's manifest URLs (/<remote>/<version>/mf-manifest.json). */
export function liveVersions(from: Registry = readRegistry()): Record<Remote, string> {
  return Object.fromEntries(REMOTES.map((remote) => [remote, from[federationName(remote)]!.split('/')[2]!])) as Record<Remote, string>;
}

/**
 * Makes the previous version of `remotes` live, one after another, as a staged release would, runs `body`, then
 * rolls back in reverse order, so every intermediate state is one the compatibility check has already accepted. A
 * refused rollback is forced (later specs must find the live versions) and then reported as a failure.
 */
export async function withPrevious(previous: PreviousRelease, remotes: readonly Remote[], body: () => Promise<void>) {
  const before = readRegistry();
  const live = liveVersions(before);
  const made: Remote[] = [];
  let failure: unknown;
  try {
    for (const remote of remotes) {
      registry(remote, previous.versions[remote]);
      made.push(remote);
    }
    await body();
  } catch (error) {
    failure = error;
  }
  const refusals: string[] = [];
  for (const remote of made.reverse()) {
    try {
      registry(remote, live[remote]);
    } catch (error) {
      refusals.push((error as Error).message);
      registry(remote, live[remote], true);
    }
  }
  if (JSON.stringify(readRegistry()) !== JSON.stringify(before)) refusals.push('after the rollback, remotes.json differs from before');
  const rollback = `rolling back was refused (forced, so later specs run the live versions):\n${refusals.join('\n')}`;
  if (failure) {
    if (refusals.length) console.error(rollback);
    throw failure;
  }
  if (refusals.length) throw new Error(rollback);
}
