import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The separately built front-end modules: folder, federation name (how the shell's registry names it), the host.
 * Read from shared/modules.json, the one list every script, lint, typecheck and the contract read.
 */
export const MODULES = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'modules.json'), 'utf8')).modules;

export const findModule = (name) => MODULES.find((m) => m.dir === name || m.federationName === name);

export const packageVersion = (dir) => JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).version;

export const deployDir = () => path.resolve(ROOT, process.env.DEPLOY_DIR || 'deploy');

/** Tests and test helpers never reach a bundle, so changing them needs no rebuild. */
const TEST_ONLY = /(\.test\.tsx?$|^testing$|^__mocks__$)/;

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || TEST_ONLY.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Written after each successful build: webpack leaves unchanged outputs untouched, so their times prove nothing. */
export const BUILD_STAMP = '.build-stamp';

export function markBuilt(module) {
  writeFileSync(path.join(ROOT, module.dir, 'dist', BUILD_STAMP), new Date().toISOString());
}

/** A module needs a build when its dist is missing or older than its sources or the shared package. */
export function needsBuild(module) {
  const stamp = path.join(ROOT, module.dir, 'dist', BUILD_STAMP);
  if (!existsSync(stamp) || !existsSync(path.join(ROOT, module.dir, 'dist', 'mf-manifest.json'))) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = [path.join(ROOT, module.dir, 'src'), path.join(ROOT, module.dir, 'webpack.config.js'),
    path.join(ROOT, module.dir, 'package.json'), path.join(ROOT, 'shared', 'src'), path.join(ROOT, 'tools', 'webpack')];
  return inputs.some((input) => newestMtime(input) > built);
}
