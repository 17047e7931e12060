#!/usr/bin/env node
// `npm run affected -- [base-ref] [--json]`: the packages a change touches, one per line, so a team's pipeline
// tests and publishes only what it must (`npm test -w <package>`, `npm run build -- <module>`). The change is
// everything since the base (default origin/main, else main) up to the working tree, uncommitted and untracked
// files included. A change in shared/ (or in what every package builds with) affects them all.
import { execFileSync } from 'node:child_process';
import { affectedPackages, readWorkspaces } from './lib/affected.mjs';
import { ROOT } from './lib/modules.mjs';

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const lines = (text) => text.split('\n').filter(Boolean);

function defaultBase() {
  for (const ref of ['origin/main', 'main']) {
    try {
      git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
      return ref;
    } catch {
      // try the next one
    }
  }
  throw new Error('no base given and neither origin/main nor main exists: name one (`npm run affected -- <ref>`)');
}

const args = process.argv.slice(2);
const json = args.includes('--json');
try {
  const base = args.find((a) => !a.startsWith('--')) ?? defaultBase();
  // From where the branch left the base, as a pull request's diff: the base's own later changes are not ours.
  const since = git('merge-base', base, 'HEAD');
  const changed = [...new Set([
    ...lines(git('diff', '--name-only', since)),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ])];
  const affected = affectedPackages(changed, readWorkspaces(ROOT));
  if (json) console.log(JSON.stringify({ base, changedFiles: changed.length, affected }));
  else if (affected.length) console.log(affected.join('\n'));
  else console.error(`no package is affected by the ${changed.length} changed file(s) since ${base}`);
} catch (error) {
  console.error(`affected: ${error.stderr?.toString().trim() || error.message}`);
  process.exit(2);
}
