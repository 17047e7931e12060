import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files derived once and kept (image variants): the first request renders and writes, later ones read the file,
 * and requests for a key being rendered wait for that one rendering instead of starting their own.
 */
export class DiskCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  /** `dir` is the cache's own folder; keys are file names the caller derives (never taken from a request). */
  constructor(readonly dir: string) {}

  /** The bytes for `key` and whether they came from the disk. */
  async get(key: string, render: () => Promise<Buffer>): Promise<{ data: Buffer; hit: boolean }> {
    if (!/^[\w.-]+$/.test(key) || key.startsWith('.')) throw new Error(`Invalid cache key "${key}"`);
    const file = path.join(this.dir, key);
    const stored = await fs.readFile(file).catch(() => null);
    if (stored) return { data: stored, hit: true };
    let rendering = this.pending.get(key);
    if (!rendering) {
      rendering = render()
        .then(async (data) => {
          await fs.mkdir(this.dir, { recursive: true });
          // Written under a temporary name, then renamed: a reader never sees half a file.
          const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
          await fs.writeFile(temporary, data);
          await fs.rename(temporary, file);
          return data;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, rendering);
    }
    return { data: await rendering, hit: false };
  }

  /** Removes every file whose name starts with `prefix` (an image's variants when the image is deleted). */
  removeByPrefix(prefix: string): Promise<void> {
    return this.removeWhere((name) => name.startsWith(prefix));
  }

  /** Removes every file whose name `stale` picks (variants an earlier encoder made). */
  async removeWhere(stale: (name: string) => boolean): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(names.filter(stale).map((name) => fs.rm(path.join(this.dir, name), { force: true })));
  }

  async clear(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}
