/**
 * Route patterns: `/courses/:id` (one segment, decoded), `*` or `/admin/*` (the rest of the path), static segments
 * matched regardless of case, and a trailing slash that does not matter. Ranked as react-router ranks them, so a
 * static segment beats a parameter and a catch-all comes last.
 */
export type Params = Record<string, string>;

export interface PathMatch {
  params: Params;
  /** The part of the pathname the pattern matched. */
  pathname: string;
}

const segmentsOf = (path: string): string[] => {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
};

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function matchPath(pattern: string, pathname: string): PathMatch | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Params = {};
  for (const [i, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = actual.slice(i).map(decode).join('/');
      return { params, pathname: pathname };
    }
    const value = actual[i];
    if (value === undefined || value === '') return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value);
    else if (decode(value).toLowerCase() !== segment.toLowerCase()) return null;
  }
  if (actual.length !== wanted.length) return null;
  return { params, pathname: `/${actual.join('/')}` };
}

/** react-router's score: more segments and static ones rank first; a catch-all is penalised, an index route favoured. */
export function rankOf(pattern: string, index = false): number {
  const segments = pattern.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/** Items in rank order, the earlier declared first among equals. */
export function byRank<T>(items: readonly T[], patternOf: (item: T) => string, isIndex: (item: T) => boolean = () => false): T[] {
  return items
    .map((item, order) => ({ item, order, score: rankOf(patternOf(item), isIndex(item)) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ item }) => item);
}

export interface RouteObject {
  path?: string;
}

export interface RouteMatch<R extends RouteObject = RouteObject> extends PathMatch {
  route: R;
}

/** The best matching route of a flat list, as a one-element array (null when none matches), like react-router's. */
export function matchRoutes<R extends RouteObject>(routes: readonly R[], location: string | { pathname: string }): RouteMatch<R>[] | null {
  const raw = typeof location === 'string' ? location : location.pathname;
  const pathname = raw.split(/[?#]/)[0] || '/';
  for (const route of byRank(routes, (r) => r.path ?? '')) {
    const match = matchPath(route.path ?? '', pathname);
    if (match) return [{ ...match, route }];
  }
  return null;
}
