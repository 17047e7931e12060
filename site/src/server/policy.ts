import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { HEADERS_FILE } from '../deploy-folder';
import type { SitePolicy } from '../headers/site-headers';

/** The policy before any config is published: the strictest one. */
export const STRICTEST_POLICY: SitePolicy = {
  directives: { 'default-src': ["'self'"], 'frame-ancestors': ["'none'"] },
  headers: { 'X-Frame-Options': 'DENY' },
};

/**
 * site-headers.json, re-read when a deploy rewrites it (a registry change takes effect on the next request). A file
 * caught half-written keeps the last good policy.
 */
export function sitePolicyReader(root: string): () => SitePolicy {
  let policy: { mtimeMs: number; value: SitePolicy | null } = { mtimeMs: -1, value: null };
  return () => {
    const file = path.join(root, HEADERS_FILE);
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : 0;
    if (mtimeMs !== policy.mtimeMs) {
      let value: SitePolicy | null = null;
      try {
        value = mtimeMs ? JSON.parse(readFileSync(file, 'utf8')) as SitePolicy : null;
      } catch {
        value = policy.value;
      }
      policy = { mtimeMs, value };
    }
    return policy.value ?? STRICTEST_POLICY;
  };
}
