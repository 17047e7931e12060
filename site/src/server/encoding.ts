import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/** Text that compresses; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml']);
export const isCompressible = (ext: string): boolean => COMPRESSIBLE.has(ext);

/** Below this a compressed copy saves less than its headers cost (as publish's twins). */
const MIN_BYTES = 512;
const CACHE_MAX = 500;

/**
 * Compresses what has no twin made at publish (the registry, config, entry pages, pages made per request) for the
 * encoding the client prefers. What is sent again and again (`cacheKey`: the same bytes) is compressed once, at the
 * highest levels, as publish does; a page made for one request is compressed fast (brotli 4, gzip 6).
 */
export function contentEncoder() {
  const cache = new Map<string, Buffer>();
  return function encode(body: Buffer, acceptEncoding: string | undefined, cacheKey?: string): { body: Buffer; encoding?: Encoding } {
    const encoding = body.length >= MIN_BYTES && acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
    if (!encoding) return { body };
    const key = cacheKey && `${encoding} ${cacheKey}`;
    const hit = key ? cache.get(key) : undefined;
    if (hit) return { body: hit, encoding };
    const quality = cacheKey ? { br: 11, gzip: 9 } : { br: 4, gzip: 6 };
    const compressed = encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality.br, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: quality.gzip });
    if (key) {
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(key, compressed);
    }
    return { body: compressed, encoding };
  };
}
