import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; a local folder today, an object store can implement the same three calls. */
export interface FileStorage {
  /** Stores the bytes under a new server-chosen key and returns it. */
  put(data: Buffer, extension: string): Promise<string>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The stored path clients reach the file at (made absolute on output). */
  url(key: string): string;
  /** The key of a stored path produced by url(), or null when it is not ours. */
  keyOf(storedPath: string): string | null;
}

// Keys are generated here, never taken from a client, and checked again before any file operation.
const KEY = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
const PREFIX = '/media/uploads/';

export function localFileStorage(dir: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key "${key}"`);
    return path.join(dir, key);
  };
  return {
    async put(data, extension) {
      const key = `${randomUUID()}.${extension}`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(fileOf(key), data, { flag: 'wx' });
      return key;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: (key) => `${PREFIX}${key}`,
    keyOf(storedPath) {
      const key = storedPath.startsWith(PREFIX) ? storedPath.slice(PREFIX.length) : '';
      return KEY.test(key) ? key : null;
    },
  };
}
