import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text that compresses; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.html', '.txt']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/**
 * Writes `<file>.gz` and `<file>.br` beside every compressible file under `dir`, at the highest levels (done once at
 * publish, not per request), so nginx serves them as they are (gzip_static, brotli_static). Only for a version
 * folder, which is never rewritten in place: a file changed after this would leave a stale twin behind.
 */
export function precompressFolder(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }));
    files += 1;
  }
  return files;
}
