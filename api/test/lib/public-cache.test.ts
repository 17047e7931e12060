import { PublicCache, strongEtag } from '../../src/lib/public-cache';

/** A load whose completion the test controls, to interleave it with writes. */
function deferred() {
  let resolve!: (body: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let clock = 0;
const now = () => clock;
beforeEach(() => {
  clock = 1_000_000;
});

describe('PublicCache', () => {
  it('reuses a body and its strong ETag until the TTL, counted from the start of the load, runs out', async () => {
    const cache = new PublicCache({ ttlMs: 3000, now });
    let version = 0;
    const load = jest.fn(async () => {
      clock += 200; // the query takes time; the TTL still counts from its start
      return `v${++version}`;
    });
    const first = await cache.get('course', 'list', load);
    expect(first.body.toString()).toBe('v1');
    expect(first.etag).toBe(strongEtag('v1'));
    expect(first.etag).toMatch(/^"[\w-]+"$/);

    clock = 1_000_000 + 2999;
    expect((await cache.get('course', 'list', load)).body.toString()).toBe('v1');
    clock = 1_000_000 + 3000;
    expect((await cache.get('course', 'list', load)).body.toString()).toBe('v2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again after an invalidation of that kind only', async () => {
    const cache = new PublicCache({ ttlMs: 60_000, now });
    let version = 0;
    const load = async () => `v${++version}`;
    await cache.get('course', 'list', load);
    await cache.get('blog', 'list', load);
    cache.invalidate('course');
    expect((await cache.get('course', 'list', load)).body.toString()).toBe('v3');
    expect((await cache.get('blog', 'list', load)).body.toString()).toBe('v2');
  });

  it('never stores a load that a write overtook, and later readers do not join it', async () => {
    const cache = new PublicCache({ ttlMs: 60_000, now });
    const before = deferred();
    const racing = cache.get('gallery', 'list', () => before.promise);
    cache.invalidate('gallery');
    const after = jest.fn(async () => 'fresh');
    expect((await cache.get('gallery', 'list', after)).body.toString()).toBe('fresh');
    before.resolve('old rows');
    expect((await racing).body.toString()).toBe('old rows');
    // The entry is the one loaded after the write, not the late one from before it.
    expect((await cache.get('gallery', 'list', async () => 'unused')).body.toString()).toBe('fresh');
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new PublicCache({ ttlMs: 3000, now });
    const slow = deferred();
    const load = jest.fn(() => slow.promise);
    const readers = Array.from({ length: 5 }, () => cache.get('quick_program', 'list', load));
    slow.resolve('body');
    const bodies = await Promise.all(readers);
    expect(load).toHaveBeenCalledTimes(1);
    expect(new Set(bodies.map((b) => b.body.toString()))).toEqual(new Set(['body']));
  });

  it('does not keep failures', async () => {
    const cache = new PublicCache({ ttlMs: 3000, now });
    const failing = deferred();
    const miss = cache.get('blog', 'b1', () => failing.promise);
    failing.reject(new Error('Blog not found.'));
    await expect(miss).rejects.toThrow('Blog not found.');
    expect((await cache.get('blog', 'b1', async () => 'found')).body.toString()).toBe('found');
  });

  it('with a TTL of 0 always loads', async () => {
    const cache = new PublicCache({ ttlMs: 0, now });
    const load = jest.fn(async () => 'body');
    await cache.get('course', 'list', load);
    const second = await cache.get('course', 'list', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(second.etag).toBe(strongEtag('body'));
  });

  it('keeps at most maxEntries per kind, dropping the oldest', async () => {
    const cache = new PublicCache({ ttlMs: 60_000, now, maxEntries: 2 });
    const load = jest.fn(async () => 'x');
    for (const key of ['a', 'b', 'c']) await cache.get('course', key, load);
    await cache.get('course', 'c', load);
    await cache.get('course', 'b', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('course', 'a', load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
