/** Content types the site sends, by extension; anything else is application/octet-stream. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.map': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.webp': 'image/webp', '.mp4': 'video/mp4', '.webm': 'video/webm', '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8', '.ico': 'image/x-icon', '.xml': 'application/xml; charset=utf-8',
};
export const contentTypeOf = (ext: string): string => TYPES[ext] ?? 'application/octet-stream';

/** Entry points and registries change in place on a deploy: never cached. Everything else is content-hashed. */
const NO_CACHE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|remotes\.json|config\.json|[^/]+\.html)$/;

/** no-transform: a proxy that rewrites a script or stylesheet would break its integrity. */
export const cacheControlFor = (rel: string, status = 200): string =>
  `${NO_CACHE.test(rel) || status !== 200 ? 'no-cache' : 'public, max-age=31536000, immutable'}, no-transform`;

/**
 * Paths never served: the shell's and remotes' server builds are for the publish step and the server itself, and
 * source maps are for error reports.
 */
export const isPrivatePath = (pathname: string): boolean => /\/ssr\//.test(pathname) || pathname.endsWith('.map');
