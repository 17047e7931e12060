/**
 * The sha384 of each remote's entry file (remoteEntry.js), from the registry's `integrity` section, which the
 * publish step writes (docs/decisions/017). The federation runtime loads an entry with it, and the entry carries the
 * hashes of its own chunks and stylesheets, so a changed byte anywhere in a published module keeps it from running.
 * No shared module is imported here: the runtime plugin that reads it runs before the share scope exists.
 */
let integrityByUrl: Map<string, string> | null = null;

/** Parses the registry's `integrity` section (entry URL, relative to the page or absolute, -> `sha384-…`). */
export function parseEntryIntegrity(raw: unknown, base: string): Map<string, string> | null {
  const section = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { integrity?: unknown }).integrity : undefined;
  if (!section || typeof section !== 'object' || Array.isArray(section)) return null;
  const map = new Map<string, string>();
  for (const [url, value] of Object.entries(section as Record<string, unknown>)) {
    if (typeof value === 'string' && /^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(value)) map.set(new URL(url, base).href, value);
  }
  return map;
}

export function setEntryIntegrity(map: Map<string, string> | null): void {
  integrityByUrl = map;
}

/**
 * The integrity an entry script must have. A registry with an `integrity` section (every published site) vouches
 * for each entry it lists and for nothing else: any other entry gets a value no file matches, so it does not run.
 * A registry without one (a developer's hand-written registry pointing at dev servers) checks nothing.
 */
export function entryIntegrity(url: string): string | null {
  if (!integrityByUrl) return null;
  return integrityByUrl.get(new URL(url, window.location.href).href) ?? 'sha384-not-in-the-registry';
}

/**
 * The entry script published beside a manifest, with the integrity the registry vouches for it, when the registry
 * lists one in the manifest's folder (decision 063: a click starts the entry without waiting for the manifest).
 */
export function entryBeside(manifestUrl: string): { url: string; integrity: string } | null {
  if (!integrityByUrl) return null;
  const folder = new URL('./', new URL(manifestUrl, window.location.href)).href;
  for (const [url, integrity] of integrityByUrl) {
    if (url.endsWith('.js') && new URL('./', url).href === folder) return { url, integrity };
  }
  return null;
}
