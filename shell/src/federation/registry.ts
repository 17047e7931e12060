import { MODULE_ROLES, REMOTE_NAMES, type ModuleRole, type RemoteRegistry } from '@institute/shared/contract';
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

/** What the site server says of this visitor's versions (decision 039): why each module runs, and whether to report. */
export interface VisitorSelection {
  /** Module -> why this browser runs its version; a module not named runs live. */
  why: Record<string, ModuleRole>;
  /** The server asks page loads to report module events (a canary runs). */
  fieldEvents: boolean;
}

export function parseSelection(raw: unknown): VisitorSelection {
  const { selection, fieldEvents } = (raw && typeof raw === 'object' ? raw : {}) as { selection?: unknown; fieldEvents?: unknown };
  const roles = new Set<string>(MODULE_ROLES);
  const known = new Set<string>(REMOTE_NAMES);
  const why = Object.entries(selection && typeof selection === 'object' ? selection : {})
    .filter((pair): pair is [string, ModuleRole] => known.has(pair[0]) && roles.has(pair[1] as string));
  return { why: Object.fromEntries(why), fieldEvents: fieldEvents === 'on' };
}

export interface SiteRegistry {
  remotes: RemoteDescriptor[];
  selection: VisitorSelection;
}

export async function fetchRegistry(url = '/remotes.json'): Promise<SiteRegistry> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const raw: unknown = await response.json();
  const remotes = parseRegistry(raw, window.location.href);
  setEntryIntegrity(parseEntryIntegrity(raw, window.location.href));
  return { remotes, selection: parseSelection(raw) };
}
