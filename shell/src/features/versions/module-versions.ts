import { REMOTE_NAMES } from '@institute/shared/contract';

/**
 * Why this browser runs a module's version: the site server decides per visitor (live, a preview link, a canary);
 * outside production a browser's own override sits on top (decision 038).
 */
export type VersionReason = 'live' | 'preview' | 'canary' | 'override';

export interface ModuleVersion {
  name: string;
  version: string | null;
  entry: string | null;
  why: VersionReason | null;
}

export interface SiteVersions {
  modules: ModuleVersion[];
  /** Why a preview this browser asked for was refused, per module. */
  notices: string[];
}

interface VisitorRegistry {
  [name: string]: unknown;
  selection?: Record<string, VersionReason>;
  notices?: Record<string, string>;
}

/** Reads what this browser runs right now: its registry (with why), then each module's manifest (its build version). */
export async function fetchModuleVersions(registryUrl = '/remotes.json'): Promise<SiteVersions> {
  const shell: ModuleVersion = { name: 'shell', version: __MODULE_VERSION__, entry: null, why: 'live' };
  let registry: VisitorRegistry = {};
  try {
    const response = await fetch(registryUrl, { cache: 'no-store' });
    if (response.ok) registry = (await response.json()) as VisitorRegistry;
  } catch {
    /* every remote below reads as unavailable */
  }
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (name): Promise<ModuleVersion> => {
      const entry = typeof registry[name] === 'string' ? registry[name] : null;
      const why = registry.selection?.[name] ?? (entry ? 'live' : null);
      if (!entry) return { name, version: null, entry, why };
      try {
        const response = await fetch(new URL(entry, window.location.href).href, { cache: 'no-store' });
        const manifest = (await response.json()) as { metaData?: { buildInfo?: { buildVersion?: string } } };
        return { name, version: manifest.metaData?.buildInfo?.buildVersion ?? null, entry, why };
      } catch {
        return { name, version: null, entry, why };
      }
    }),
  );
  return { modules: [shell, ...remotes], notices: Object.values(registry.notices ?? {}).filter((n) => typeof n === 'string') };
}
