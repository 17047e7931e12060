import { REMOTE_NAMES } from '@institute/shared/contract';

export interface ModuleVersion {
  name: string;
  version: string | null;
  entry: string | null;
}

/** Reads what the site runs right now: the registry, then each module's manifest (its build version). */
export async function fetchModuleVersions(registryUrl = '/remotes.json'): Promise<ModuleVersion[]> {
  const shell: ModuleVersion = { name: 'shell', version: __MODULE_VERSION__, entry: null };
  let registry: Record<string, string> = {};
  try {
    const response = await fetch(registryUrl, { cache: 'no-store' });
    if (response.ok) registry = (await response.json()) as Record<string, string>;
  } catch {
    /* every remote below reads as unavailable */
  }
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (name): Promise<ModuleVersion> => {
      const entry = registry[name] ?? null;
      if (!entry) return { name, version: null, entry };
      try {
        const response = await fetch(new URL(entry, window.location.href).href, { cache: 'no-store' });
        const manifest = (await response.json()) as { metaData?: { buildInfo?: { buildVersion?: string } } };
        return { name, version: manifest.metaData?.buildInfo?.buildVersion ?? null, entry };
      } catch {
        return { name, version: null, entry };
      }
    }),
  );
  return [shell, ...remotes];
}
