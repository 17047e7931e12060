import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES } from '@institute/shared/contract';

interface ManifestLike {
  name?: string;
  metaData?: { name?: string; buildInfo?: { buildVersion?: string } };
}

/** The parts of the runtime instance read here; both are runtime-core fields, read defensively. */
export interface RuntimeLike {
  moduleCache?: Map<string, unknown>;
  snapshotHandler?: { manifestCache?: Map<string, ManifestLike> };
}

/**
 * The modules this page runs: the shell, and each remote the page has loaded so far, with the build version
 * from its manifest (the same field /versions shows). Read from the federation runtime's caches, so no request
 * is made; a remote whose manifest is not cached reads as "unknown".
 */
export function runningModuleVersions(runtime: RuntimeLike | null = currentRuntime()): Record<string, string> {
  const versions: Record<string, string> = { shell: typeof __MODULE_VERSION__ === 'string' ? __MODULE_VERSION__ : 'unknown' };
  if (!runtime?.moduleCache) return versions;
  const byName = new Map<string, string>();
  for (const manifest of runtime.snapshotHandler?.manifestCache?.values() ?? []) {
    const name = manifest.metaData?.name ?? manifest.name;
    const version = manifest.metaData?.buildInfo?.buildVersion;
    if (name && version) byName.set(name, version);
  }
  const known = new Set<string>(REMOTE_NAMES);
  for (const name of runtime.moduleCache.keys()) {
    if (known.has(name)) versions[name] = byName.get(name) ?? 'unknown';
  }
  return versions;
}

function currentRuntime(): RuntimeLike | null {
  try {
    return getInstance() as unknown as RuntimeLike | null;
  } catch {
    return null;
  }
}
