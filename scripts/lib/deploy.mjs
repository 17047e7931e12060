import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRollout, REGISTRY_FILE as REGISTRY, sha384, writeDerivedPages, writeRollout } from '@institute/site';
import { compatibilityProblems } from './compatibility.mjs';
import { deployDir, findModule } from './modules.mjs';
import { precompressFolder } from './precompress.mjs';

/** The version a build carries: its manifest's buildVersion (MF_BUILD_VERSION or the package version). */
export function builtVersion(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  const version = manifest?.metaData?.buildInfo?.buildVersion;
  if (!version) throw new Error(`${distDir}/mf-manifest.json has no buildVersion`);
  return version;
}

/** The registry; a file that is not JSON throws rather than read as empty, so `point` never writes over it. */
export function readRegistry(root = deployDir()) {
  const file = path.join(root, REGISTRY);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** Writes atomically, so a page loading at that moment reads either the old registry or the new one. */
function writeAtomic(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * Copies a built module into `<deploy>/<module>/<version>/` (immutable once written) and points the
 * site at it: the registry for a remote, `index.html` for the shell. `options` as for point(); an incompatible
 * build is refused before anything is copied.
 */
export async function publish(moduleName, distDir, root = deployDir(), options = {}) {
  const module = findModule(moduleName);
  if (!module) throw new Error(`unknown module ${moduleName}`);
  const version = builtVersion(distDir);
  // Checked before copying: republishing the live version (development) replaces what the site runs at once.
  refuseIncompatible(module, version, root, { ...options, folder: distDir });
  const stored = store(module, distDir, root);
  // --no-live: stored for a preview link or a canary, the site unchanged.
  if (options.live !== false) await point(module, version, root, { ...options, check: false });
  return stored;
}

/**
 * Copies a built module into `<deploy>/<module>/<version>/` without making it live (the registry and index.html
 * are untouched): a version kept ready for `registry`, such as the previous release the version-skew journey runs.
 */
export function store(moduleOrName, distDir, root = deployDir()) {
  const module = typeof moduleOrName === 'string' ? findModule(moduleOrName) : moduleOrName;
  if (!module) throw new Error(`unknown module ${moduleOrName}`);
  const version = builtVersion(distDir);
  const target = path.join(root, module.dir, version);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(distDir, target, { recursive: true, filter: (src) => !/(mf-stats\.json|\.build-stamp|\.map)$/.test(src) });
  // nginx serves these as they are (decision 019); the version folder is never rewritten, so they cannot go stale.
  precompressFolder(target);
  return { module: module.dir, version, path: target };
}

/** The `sha384-…` of a file, as a browser checks it for `integrity`. */
export const fileIntegrity = (file) => sha384(readFileSync(file));

/** The URL (in the deploy folder) and integrity of a published remote's entry file, from its manifest. */
export function remoteEntryIntegrity(module, version, root) {
  const folder = path.join(root, module.dir, version);
  const entry = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')).metaData?.remoteEntry;
  const rel = `${entry?.path ? `${entry.path}/` : ''}${entry?.name ?? 'remoteEntry.js'}`;
  return [`/${module.dir}/${version}/${rel}`, fileIntegrity(path.join(folder, rel))];
}

export class IncompatibleModuleError extends Error {}

/** @param {any} module @param {string} version @param {string} root @param {{ force?: boolean, check?: boolean, folder?: string }} [options] */
function refuseIncompatible(module, version, root, { force = false, check = true, folder = undefined } = {}) {
  if (!check) return;
  const problems = compatibilityProblems(root, { module, version, folder });
  if (problems.length && !force) {
    throw new IncompatibleModuleError(
      `${module.dir} ${version} was not made live, because the live site cannot run with it:\n- ${problems.join('\n- ')}\n` +
        `(add --force to make it live anyway)`,
    );
  }
  for (const problem of problems) console.warn(`warning (--force): ${problem}`);
}

/**
 * Points the site at an already published version: how a release goes live and how it is rolled back. Refuses a
 * version the live modules cannot run with (scripts/lib/compatibility.mjs) unless `force`; `check: false` is for
 * a set of modules built together from one source and published one after another (npm start).
 */
export async function point(moduleOrName, version, root = deployDir(), { force = false, check = true } = {}) {
  const module = typeof moduleOrName === 'string' ? findModule(moduleOrName) : moduleOrName;
  if (!module) throw new Error(`unknown module ${moduleOrName}`);
  const folder = path.join(root, module.dir, version);
  if (!existsSync(path.join(folder, 'mf-manifest.json'))) {
    throw new Error(`${module.dir} ${version} is not published (available: ${publishedVersions(module.dir, root).join(', ') || 'none'})`);
  }
  if (check) refuseIncompatible(module, version, root, { force });
  mkdirSync(root, { recursive: true });
  if (module.host) {
    writeAtomic(path.join(root, 'index.html'), readFileSync(path.join(folder, 'index.html'), 'utf8'));
  } else {
    const registry = readRegistry(root);
    registry[module.federationName] = `/${module.dir}/${version}/mf-manifest.json`;
    const others = Object.entries(registry.integrity ?? {}).filter(([url]) => !url.startsWith(`/${module.dir}/`));
    registry.integrity = Object.fromEntries([...others, ...vouchedFiles(module, version, root)].sort(([a], [b]) => a.localeCompare(b)));
    writeAtomic(path.join(root, REGISTRY), `${JSON.stringify(registry, null, 2)}\n`);
    // Going live (a promotion, a release, a rollback) ends the module's canary.
    endCanary(module, root);
  }
  await writeDerivedPages(root);
}

/** What the registry vouches for in a remote's version: its entry (decision 017), its server build (decision 018). */
function vouchedFiles(module, version, root) {
  const vouched = [remoteEntryIntegrity(module, version, root)];
  const serverBuild = path.join(root, module.dir, version, 'ssr', 'prerender.cjs');
  if (existsSync(serverBuild)) vouched.push([`/${module.dir}/${version}/ssr/prerender.cjs`, fileIntegrity(serverBuild)]);
  return vouched;
}

function endCanary(module, root) {
  const rollout = readRollout(root);
  if (!rollout.canaries[module.federationName]) return;
  delete rollout.canaries[module.federationName];
  writeRollout(root, rollout);
}

/**
 * Serves a published remote version to `percent` of visitors (decision 039), the rest keeping the live one; 100
 * promotes it (point). Checked as a release is: a version the live site cannot run with is refused unless `force`.
 */
export async function startCanary(moduleOrName, version, percent, root = deployDir(), { force = false } = {}) {
  const module = typeof moduleOrName === 'string' ? findModule(moduleOrName) : moduleOrName;
  if (!module) throw new Error(`unknown module ${moduleOrName}`);
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new Error(`--canary takes a whole percentage from 1 to 100, not ${percent}`);
  if (module.host) throw new Error('the shell is released whole (index.html): it has no canary');
  if (percent === 100) return point(module, version, root, { force });
  if (!existsSync(path.join(root, module.dir, version, 'mf-manifest.json'))) {
    throw new Error(`${module.dir} ${version} is not published (available: ${publishedVersions(module.dir, root).join(', ') || 'none'})`);
  }
  const live = readRegistry(root)[module.federationName];
  if (!live) throw new Error(`${module.dir} has no live version yet: publish one first`);
  if (live.split('/')[2] === version) throw new Error(`${module.dir} ${version} is the live version already`);
  refuseIncompatible(module, version, root, { force });
  const rollout = readRollout(root);
  const running = rollout.canaries[module.federationName];
  rollout.canaries[module.federationName] = {
    dir: module.dir, version, manifest: `/${module.dir}/${version}/mf-manifest.json`, percent,
    integrity: Object.fromEntries(vouchedFiles(module, version, root)),
    // The comparison with live counts from the canary's start; a new percentage of the same version keeps it.
    since: running?.version === version ? running.since : new Date().toISOString(),
  };
  writeRollout(root, rollout);
}

export function publishedVersions(dir, root = deployDir()) {
  const folder = path.join(root, dir);
  return existsSync(folder) ? readdirSync(folder).filter((v) => existsSync(path.join(folder, v, 'mf-manifest.json'))).sort() : [];
}

export async function writeSiteConfig(config, root = deployDir()) {
  mkdirSync(root, { recursive: true });
  writeAtomic(path.join(root, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  await writeDerivedPages(root);
}
