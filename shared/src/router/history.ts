/**
 * Where the app is and how it moves: one small interface over the browser's history, an in-memory list (tests)
 * and a fixed address (rendering on the server).
 */
export interface Location<State = unknown> {
  pathname: string;
  search: string;
  hash: string;
  state: State;
  /** Unique per history entry ('default' for the entry the page was loaded with). */
  key: string;
}

export type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;
export type To = string | Partial<Path>;

export interface History {
  readonly location: Location;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** Called after every change of location; returns the unsubscribe function. */
  listen(listener: (location: Location) => void): () => void;
}

export function parsePath(path: string): Path {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 && searchAt < rest.length - 1 ? rest.slice(searchAt) : '',
    hash: hash === '#' ? '' : hash,
  };
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${query}${fragment}`;
}

/**
 * The address `to` names, seen from `from`: absolute paths as they are, `?…` and `#…` on the current page, other
 * relative paths against the current path as a folder (`edit` from /admin/blogs is /admin/blogs/edit).
 */
export function resolveTo(to: To, from: Path): string {
  const target = typeof to === 'string' ? to : createPath({ pathname: from.pathname, ...to });
  if (target.startsWith('/')) return target;
  if (target === '' || target.startsWith('#')) return createPath({ pathname: from.pathname, search: from.search, hash: target });
  if (target.startsWith('?')) return createPath({ pathname: from.pathname, search: target });
  const base = new URL(from.pathname.endsWith('/') ? from.pathname : `${from.pathname}/`, 'http://relative.invalid');
  const url = new URL(target, base);
  return `${url.pathname}${url.search}${url.hash}`;
}

let keys = 0;
const createKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

const isEntryState = (value: unknown): value is EntryState =>
  typeof value === 'object' && value !== null && 'key' in value && 'idx' in value;

/** The browser's history; the entry's own state and key live in history.state, so they survive a reload and Back. */
export function createBrowserHistory(win: Window = window): History {
  if (!isEntryState(win.history.state)) win.history.replaceState({ usr: null, key: 'default', idx: 0 } satisfies EntryState, '');
  // An entry someone else wrote (a script's own pushState) has no state or key of ours.
  const entryOf = (): EntryState => (isEntryState(win.history.state) ? win.history.state : { usr: null, key: 'default', idx: 0 });
  const read = (): Location => {
    const entry = entryOf();
    return { pathname: win.location.pathname, search: win.location.search, hash: win.location.hash, state: entry.usr ?? null, key: entry.key };
  };
  let location = read();
  const listeners = new Set<(location: Location) => void>();
  const notify = () => {
    location = read();
    for (const listener of listeners) listener(location);
  };
  const write = (method: 'pushState' | 'replaceState', to: string, state: unknown) => {
    const idx = entryOf().idx + (method === 'pushState' ? 1 : 0);
    try {
      win.history[method]({ usr: state ?? null, key: createKey(), idx } satisfies EntryState, '', to);
    } catch {
      // Safari limits pushState calls and a state may not be cloneable: a full navigation still gets there.
      win.location[method === 'pushState' ? 'assign' : 'replace'](to);
      return;
    }
    notify();
  };
  return {
    get location() {
      return location;
    },
    push: (to, state) => write('pushState', to, state),
    replace: (to, state) => write('replaceState', to, state),
    go: (delta) => win.history.go(delta),
    listen(listener) {
      if (listeners.size === 0) win.addEventListener('popstate', notify);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', notify);
      };
    },
  };
}

/** A history kept in memory (tests, and anything that must not touch the address bar). */
export type InitialEntry = string | Partial<Location>;

export function createMemoryHistory(initialEntries: readonly InitialEntry[] = ['/'], initialIndex?: number): History {
  const toLocation = (to: To, state: unknown, key: string): Location => ({
    ...parsePath(typeof to === 'string' ? to : createPath(to)),
    state: state ?? null,
    key,
  });
  const entries = (initialEntries.length ? initialEntries : ['/']).map((entry, i) =>
    typeof entry === 'string' ? toLocation(entry, null, i === 0 ? 'default' : createKey()) : toLocation(entry, entry.state, entry.key ?? (i === 0 ? 'default' : createKey())),
  );
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  // entries is never empty, and index always points into it.
  const current = () => entries[index] as Location;
  const notify = () => {
    for (const listener of listeners) listener(current());
  };
  return {
    get location() {
      return current();
    },
    push(to, state) {
      index += 1;
      entries.splice(index, entries.length, toLocation(to, state, createKey()));
      notify();
    },
    replace(to, state) {
      entries[index] = toLocation(to, state, createKey());
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A fixed address: the server renders one page and cannot move. */
export function createStaticHistory(at: To): History {
  const location: Location = { ...parsePath(typeof at === 'string' ? at : createPath(at)), state: null, key: 'default' };
  const refuse = () => {
    throw new Error('A page rendered on the server cannot navigate: navigate from an effect or an event handler instead');
  };
  return { location, push: refuse, replace: refuse, go: refuse, listen: () => () => undefined };
}
