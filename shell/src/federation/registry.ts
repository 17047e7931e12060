import { REMOTE_NAMES, type RemoteRegistry } from '@institute/shared/contract';
import { parseEntryIntegrity, setEntryIntegrity } from './entry-integrity';

export interface RemoteDescriptor {
  name: string;
  entry: string;
}

/** Validates `remotes.json` and resolves each entry against the page, since the runtime will not resolve relative URLs. */
export function parseRegistry(raw: unknown, base: string): RemoteDescriptor[] {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('remotes.json must be an object of name -> manifest URL');
  const known = new Set<string>(REMOTE_NAMES);
  return Object.entries(raw as RemoteRegistry)
    .filter((pair): pair is [string, string] => known.has(pair[0]) && typeof pair[1] === 'string' && pair[1] !== '')
    .map(([name, entry]) => ({ name, entry: new URL(entry, base).href }));
}

export async function fetchRegistry(url = '/remotes.json'): Promise<RemoteDescriptor[]> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const raw: unknown = await response.json();
  const remotes = parseRegistry(raw, window.location.href);
  setEntryIntegrity(parseEntryIntegrity(raw, window.location.href));
  return remotes;
}
