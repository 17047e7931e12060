import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiskCache } from './disk-cache';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'disk-cache-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

test('renders a key once: concurrent requests share the rendering, later ones read the file', async () => {
  const cache = new DiskCache(path.join(dir, 'variants'));
  let renders = 0;
  const render = async () => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return Buffer.from('variant bytes');
  };
  const [a, b] = await Promise.all([cache.get('x.avif', render), cache.get('x.avif', render)]);
  expect([a.hit, b.hit, renders]).toEqual([false, false, 1]);
  const c = await cache.get('x.avif', render);
  expect([c.hit, c.data.toString(), renders]).toEqual([true, 'variant bytes', 1]);
  expect(await fs.readdir(path.join(dir, 'variants'))).toEqual(['x.avif']);
});

test('a failed rendering stores nothing and the next request renders again', async () => {
  const cache = new DiskCache(dir);
  await expect(cache.get('y.webp', async () => { throw new Error('undecodable'); })).rejects.toThrow('undecodable');
  expect((await cache.get('y.webp', async () => Buffer.from('ok'))).data.toString()).toBe('ok');
});

test('refuses keys that could leave its folder, and removes an image\'s variants by prefix', async () => {
  const cache = new DiskCache(dir);
  await expect(cache.get('../escape', async () => Buffer.from(''))).rejects.toThrow('Invalid cache key');
  await cache.get('abc-320.webp', async () => Buffer.from('1'));
  await cache.get('abc-640.webp', async () => Buffer.from('2'));
  await cache.get('other-320.webp', async () => Buffer.from('3'));
  await cache.removeByPrefix('abc-');
  expect(await fs.readdir(dir)).toEqual(['other-320.webp']);
});

test('removes the files a predicate picks and leaves the rest', async () => {
  const cache = new DiskCache(dir);
  await cache.get('a-320.new.webp', async () => Buffer.from('1'));
  await cache.get('a-320.old.webp', async () => Buffer.from('2'));
  await cache.removeWhere((name) => !name.includes('.new.'));
  expect(await fs.readdir(dir)).toEqual(['a-320.new.webp']);
});
