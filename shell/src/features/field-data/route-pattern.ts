/**
 * Maps a path to the route pattern that serves it (`/courses/3f2a` -> `/courses/:id`), `*` when none does.
 * The same rules as the router for our table (static segments and `:params`, case-insensitive, trailing slash
 * ignored); of several matches the one with the most static segments wins, as in react-router's ranking.
 */
export function routePattern(pathname: string, patterns: readonly string[]): string {
  const parts = split(pathname);
  let best: { pattern: string; score: number } | null = null;
  for (const pattern of patterns) {
    const segments = split(pattern);
    if (segments.length !== parts.length || segments.some((s) => s === '*' || s.endsWith('?'))) continue;
    let score = 0;
    const matches = segments.every((segment, i) => {
      if (segment.startsWith(':')) return parts[i] !== '';
      score += 1;
      return segment.toLowerCase() === parts[i]!.toLowerCase();
    });
    if (matches && (!best || score > best.score)) best = { pattern, score };
  }
  return best?.pattern ?? '*';
}

function split(path: string): string[] {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    /* a malformed escape is compared as is */
  }
  return decoded.split('/').filter((s) => s !== '');
}
