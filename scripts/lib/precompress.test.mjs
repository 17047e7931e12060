// node --test: the .gz and .br files publish writes beside a version folder's files (decision 019).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFolder } from './precompress.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'institute-precompress-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('text files get twins that decompress to the same bytes; small files and images get none', () => {
  mkdirSync(path.join(dir, 'chunks'));
  const script = Buffer.from('export const x = "a line that repeats";\n'.repeat(100));
  writeFileSync(path.join(dir, 'chunks', 'main.1a2b3c.js'), script);
  writeFileSync(path.join(dir, 'tiny.css'), 'body{margin:0}');
  writeFileSync(path.join(dir, 'photo.webp'), Buffer.alloc(4096, 7));
  assert.equal(precompressFolder(dir), 1);
  const file = path.join(dir, 'chunks', 'main.1a2b3c.js');
  assert.deepEqual(gunzipSync(readFileSync(`${file}.gz`)), script);
  assert.deepEqual(brotliDecompressSync(readFileSync(`${file}.br`)), script);
  assert.ok(readFileSync(`${file}.br`).length < script.length / 10);
  assert.equal(existsSync(path.join(dir, 'tiny.css.gz')), false);
  assert.equal(existsSync(path.join(dir, 'photo.webp.gz')), false);
});
