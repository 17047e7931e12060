import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The five separately built front-end modules: folder, federation name, and how the shell's registry names it. */
export const MODULES = [
  { dir: 'shell', federationName: 'shell', host: true },
  { dir: 'mf-catalog', federationName: 'mf_catalog' },
  { dir: 'mf-checkout', federationName: 'mf_checkout' },
  { dir: 'mf-content', federationName: 'mf_content' },
  { dir: 'mf-admin', federationName: 'mf_admin' },
];

export const findModule = (name) => MODULES.find((m) => m.dir === name || m.federationName === name);

export const packageVersion = (dir) => JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).version;

export const deployDir = () => path.resolve(ROOT, process.env.DEPLOY_DIR || 'deploy');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** A module needs a build when its dist is missing or older than its sources or the shared package. */
export function needsBuild(module) {
  const manifest = path.join(ROOT, module.dir, 'dist', 'mf-manifest.json');
  if (!existsSync(manifest)) return true;
  const built = statSync(manifest).mtimeMs;
  const inputs = [path.join(ROOT, module.dir, 'src'), path.join(ROOT, module.dir, 'webpack.config.js'),
    path.join(ROOT, module.dir, 'package.json'), path.join(ROOT, 'shared', 'src'), path.join(ROOT, 'tools', 'webpack')];
  return inputs.some((input) => newestMtime(input) > built);
}
