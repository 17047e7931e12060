// Which packages a change touches (decision 038): each changed file belongs to a workspace package, or to what every
// package builds or tests with; a package is affected when it changed or when a package it depends on did.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Files every package builds or tests with: a change in one affects them all. shared/ is among them: it is the
 * contract and the defaults every module, the API and the journeys are built against, named or not in a package file.
 */
const EVERYONE = [/^package(-lock)?\.json$/, /^tsconfig\.base\.json$/, /^eslint\.config\.mjs$/, /^tools\//, /^shared\//];

/** The root package's workspaces, each with the workspace packages it depends on (by folder). */
export function readWorkspaces(root) {
  const folders = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
  const manifests = folders.map((dir) => ({ dir, pkg: JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) }));
  const dirOf = new Map(manifests.map(({ dir, pkg }) => [pkg.name, dir]));
  return manifests.map(({ dir, pkg }) => ({
    dir,
    dependsOn: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })
      .filter((name) => dirOf.has(name) && dirOf.get(name) !== dir)
      .map((name) => dirOf.get(name)),
  }));
}

/**
 * The workspace folders the changed files affect, in the root package's order. Files outside every package and not
 * shared by all (docs, scripts, the README) affect none.
 */
export function affectedPackages(changedFiles, workspaces) {
  const files = changedFiles.map((f) => f.split(path.sep).join('/'));
  if (files.some((file) => EVERYONE.some((pattern) => pattern.test(file)))) return workspaces.map((w) => w.dir);
  const affected = new Set(workspaces.filter((w) => files.some((file) => file.startsWith(`${w.dir}/`))).map((w) => w.dir));
  // Dependents of an affected package are affected too, until nothing more is added.
  let grew = true;
  while (grew) {
    grew = false;
    for (const w of workspaces) {
      if (!affected.has(w.dir) && w.dependsOn.some((dep) => affected.has(dep))) {
        affected.add(w.dir);
        grew = true;
      }
    }
  }
  return workspaces.map((w) => w.dir).filter((dir) => affected.has(dir));
}
