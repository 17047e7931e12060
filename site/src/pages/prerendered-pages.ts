import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGES_DIR, PAGES_INDEX } from '../deploy-folder';
import type { PageIndexEntry } from './prerender';
import { paramToken } from './route-preloads';

let cached: { file: string; mtimeMs: number; routes: PageIndexEntry[] } = { file: '', mtimeMs: 0, routes: [] };

/** pages/routes.json, re-read when a publish rewrites it. */
export function pageIndex(root: string): PageIndexEntry[] {
  const file = path.join(root, PAGES_DIR, PAGES_INDEX);
  if (!existsSync(file)) return [];
  const { mtimeMs } = statSync(file);
  if (cached.file !== file || cached.mtimeMs !== mtimeMs) {
    try {
      cached = { file, mtimeMs, routes: JSON.parse(readFileSync(file, 'utf8')) as PageIndexEntry[] };
    } catch {
      return [];
    }
  }
  return cached.routes;
}

/** The route pattern's parameters in `pathname`, or null when it does not match (`:name` is one segment). */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = have[i]!;
    else if (part !== have[i]) return null;
  }
  return params;
}

export interface PrerenderedPage { file: string; body: Buffer; route: PageIndexEntry }

/** The prerendered page for a route, with its parameters written into the page's data preloads. */
export function prerenderedPage(root: string, pathname: string): PrerenderedPage | null {
  for (const route of pageIndex(root)) {
    const params = matchRoute(route.path, pathname);
    if (!params) continue;
    const file = path.join(root, PAGES_DIR, route.file);
    if (!existsSync(file)) return null;
    let body = readFileSync(file, 'utf8');
    for (const [name, value] of Object.entries(params)) body = body.split(paramToken(name)).join(encodeURIComponent(value));
    return { file, body: Buffer.from(body), route };
  }
  return null;
}
