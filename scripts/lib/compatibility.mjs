// Whether a module version can go live beside the modules that are live (issue 16): every expose a live module
// loads from it exists in it, every expose it loads exists in the live module it loads from, and the shared
// singletons agree with what the live shell provides (React exactly, the others within the range each module was
// built to accept). Read from the published manifests and each build's module-contract.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { MODULES } from './modules.mjs';

const REACT = /^react(-dom)?(\/|$)/;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/** A published module version (or a build in `folder`) as the checks see it; null when there is none. */
export function describe(root, module, version, folder = path.join(root, module.dir, version)) {
  const manifest = readJson(path.join(folder, 'mf-manifest.json'));
  if (!manifest) return null;
  const contract = readJson(path.join(folder, 'module-contract.json'));
  return {
    module,
    version,
    label: `${module.host ? 'the shell' : module.dir} ${version}`,
    exposes: new Set((manifest.exposes ?? []).map((e) => e.path)),
    shared: manifest.shared ?? [],
    // A version published before contracts were recorded: what it loads is unknown, so it is not checked.
    loads: contract?.loads ?? [],
    // Pages added after a release: a remote one release behind lacks them, and the page shows its area's fallback.
    optional: new Set(contract?.optional ?? []),
  };
}

/** Each live module's published version: the registry's for remotes, index.html's for the shell. */
export function liveVersions(root) {
  const registry = readJson(path.join(root, 'remotes.json')) ?? {};
  const html = existsSync(path.join(root, 'index.html')) ? readFileSync(path.join(root, 'index.html'), 'utf8') : '';
  const versions = new Map();
  for (const module of MODULES) {
    const url = module.host ? /\/shell\/([^/"']+)\//.exec(html)?.[0] : registry[module.federationName];
    const version = url ? url.split('/')[2] : undefined;
    if (version) versions.set(module.dir, version);
  }
  return versions;
}

/**
 * Whether a provided version is in the range a module was built to accept, as npm reads ranges (semver: `^`, `~`,
 * `>=`, `x`, `||`). A version that is not semver (a build label) is compared as it is.
 */
export function satisfies(version, range) {
  if (!semver.valid(version)) return version === range;
  return semver.satisfies(version, range, { includePrerelease: true });
}

const packageOf = (name) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');

function loadProblems(consumer, byName) {
  const problems = [];
  for (const id of consumer.loads) {
    const [remote, expose] = id.split('/');
    const provider = byName.get(remote);
    if (provider && !provider.exposes.has(`./${expose}`) && !consumer.optional.has(id)) problems.push(`${consumer.label} loads ${id}, which ${provider.label} does not expose`);
  }
  return problems;
}

function sharedProblems(remote, shell) {
  const problems = new Map();
  for (const wanted of remote.shared) {
    const given = shell.shared.find((s) => s.name === wanted.name);
    if (!given) continue;
    const pkg = packageOf(wanted.name);
    if (REACT.test(wanted.name)) {
      if (wanted.version !== given.version) problems.set(pkg, `${remote.label} is built with ${pkg} ${wanted.version}; ${shell.label} provides ${given.version} (one exact React everywhere)`);
    } else if (!satisfies(given.version, wanted.requiredVersion ?? wanted.version)) {
      problems.set(pkg, `${remote.label} needs ${pkg} ${wanted.requiredVersion}; ${shell.label} provides ${given.version}`);
    }
  }
  return [...problems.values()];
}

/**
 * What would break if `candidate` ({ module, version, folder? }: a published version, or a build not yet copied)
 * went live in place of its live version, or, without a candidate, what is wrong among the live modules. Only pairs that involve the candidate count: a problem between
 * two other live modules is not this change's.
 */
export function compatibilityProblems(root, candidate) {
  const modules = new Map();
  for (const [dir, version] of liveVersions(root)) {
    const module = MODULES.find((m) => m.dir === dir);
    const described = describe(root, module, version);
    if (described) modules.set(module.federationName, described);
  }
  if (candidate) {
    const described = describe(root, candidate.module, candidate.version, candidate.folder);
    if (!described) throw new Error(`${candidate.module.dir} ${candidate.version} is not published`);
    modules.set(candidate.module.federationName, described);
  }
  const involves = (...sides) => !candidate || sides.some((side) => side.module === candidate.module);
  const problems = [];
  for (const consumer of modules.values()) {
    const relevant = new Map([...modules].filter(([, provider]) => involves(consumer, provider)));
    problems.push(...loadProblems(consumer, relevant));
  }
  const shell = modules.get('shell');
  if (shell) {
    for (const remote of modules.values()) {
      if (remote !== shell && involves(remote, shell)) problems.push(...sharedProblems(remote, shell));
    }
  }
  return problems;
}
