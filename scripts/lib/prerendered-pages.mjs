import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGES_DIR, PAGES_INDEX } from './prerender.mjs';
import { paramToken } from './route-preloads.mjs';

let cached = { file: '', mtimeMs: 0, routes: [] };

function pageIndex(root) {
  const file = path.join(root, PAGES_DIR, PAGES_INDEX);
  if (!existsSync(file)) return [];
  const { mtimeMs } = statSync(file);
  if (cached.file !== file || cached.mtimeMs !== mtimeMs) {
    try {
      cached = { file, mtimeMs, routes: JSON.parse(readFileSync(file, 'utf8')) };
    } catch {
      return [];
    }
  }
  return cached.routes;
}

/** The route pattern's parameters in `pathname`, or null when it does not match (`:name` is one segment). */
export function matchRoute(pattern, pathname) {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = have[i];
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

/** The prerendered page for a route, with its parameters written into the page's data preloads. */
export function prerenderedPage(root, pathname) {
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
