import { matchRoutes } from '@institute/shared/router';

/**
 * The route pattern that serves a path (`/courses/3f2a` -> `/courses/:id`), `*` when none does, ranked as the
 * router ranks them (a static segment beats a parameter; case and a trailing slash do not matter).
 */
export function routePattern(pathname: string, patterns: readonly string[]): string {
  const matches = matchRoutes(patterns.map((path) => ({ path })), pathname);
  return matches?.[0]?.route.path ?? '*';
}
