#!/usr/bin/env node
// Builds the front-end modules: only those whose sources changed since their last build, or all with --all.
// Usage: node scripts/build.mjs [--all] [module ...]
import path from 'node:path';
import { MODULES, ROOT, findModule, markBuilt, needsBuild } from './lib/modules.mjs';
import { run } from './lib/run.mjs';

export async function buildModules({ all = false, names = [] } = {}) {
  const selected = names.length ? names.map((n) => findModule(n) ?? fail(`unknown module ${n}`)) : MODULES;
  const todo = selected.filter((m) => all || names.length > 0 || needsBuild(m));
  const webpack = path.join(ROOT, 'node_modules', '.bin', 'webpack');
  for (const module of todo) {
    const started = Date.now();
    await run(webpack, ['--mode', 'production'], { cwd: path.join(ROOT, module.dir) });
    markBuilt(module);
    console.log(`built ${module.dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (todo.length === 0) console.log('all modules are up to date');
  return todo;
}

function fail(message) {
  throw new Error(message);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const started = Date.now();
  buildModules({ all: args.includes('--all'), names: args.filter((a) => !a.startsWith('--')) })
    .then(() => console.log(`build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`))
    .catch((error) => { console.error(error.message); process.exit(1); });
}
