import { createHash } from 'node:crypto';

/** The public content whose reads are cached; every write to one of them invalidates it. */
export type ContentKind = 'course' | 'quick_program' | 'blog' | 'gallery';

/** Called by the repositories after each write to a content kind. */
export type ContentChanged = (kind: ContentKind) => void;

export interface CachedBody {
  readonly body: Buffer;
  /** Strong ETag: the same bytes give the same tag on every instance. */
  readonly etag: string;
}

interface Entry extends CachedBody {
  readonly expiresAt: number;
}

export interface PublicCacheOptions {
  /** How long a body may be served without asking the database again; 0 turns the cache off. */
  ttlMs: number;
  /** Injectable clock (ms) so tests can step past the TTL. */
  now?: () => number;
  /** Per kind; ids are checked before lookup, so this only guards against a very large catalogue. */
  maxEntries?: number;
}

export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Serialized public bodies and their ETags, per content kind and key.
 *
 * Writes in this process bump the kind's generation: entries go, and a load that started before the write
 * is never stored, so the next read after a write always reaches the database. Writes made by other
 * instances on the same database become visible once the TTL, counted from the start of the load, runs out.
 * Concurrent misses for one key share a single load, so an expiry under load costs one query, not one per
 * connection.
 */
export class PublicCache {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly entries = new Map<ContentKind, Map<string, Entry>>();
  private readonly loading = new Map<ContentKind, Map<string, Promise<CachedBody>>>();
  private readonly generations = new Map<ContentKind, number>();

  constructor({ ttlMs, now = Date.now, maxEntries = 1000 }: PublicCacheOptions) {
    this.ttlMs = ttlMs;
    this.now = now;
    this.maxEntries = maxEntries;
  }

  /** The cached body for (kind, key), or the result of `load` (cached unless a write intervened). */
  get(kind: ContentKind, key: string, load: () => Promise<string | Buffer>): Promise<CachedBody> {
    if (this.ttlMs <= 0) return load().then(toCached);
    const hit = this.entries.get(kind)?.get(key);
    if (hit && hit.expiresAt > this.now()) return Promise.resolve(hit);
    const pending = this.loading.get(kind)?.get(key);
    if (pending) return pending;

    const generation = this.generation(kind);
    const startedAt = this.now();
    const inFlight = this.mapOf(this.loading, kind);
    const promise = load()
      .then((body) => {
        const entry = { ...toCached(body), expiresAt: startedAt + this.ttlMs };
        if (generation === this.generation(kind)) this.store(kind, key, entry);
        return entry;
      })
      .finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
    inFlight.set(key, promise);
    return promise;
  }

  invalidate(kind: ContentKind): void {
    this.generations.set(kind, this.generation(kind) + 1);
    this.entries.delete(kind);
    // Readers arriving after the write must not join a load that may have read the old rows.
    this.loading.delete(kind);
  }

  private generation(kind: ContentKind): number {
    return this.generations.get(kind) ?? 0;
  }

  private store(kind: ContentKind, key: string, entry: Entry): void {
    const entries = this.mapOf(this.entries, kind);
    entries.delete(key);
    if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  private mapOf<V>(maps: Map<ContentKind, Map<string, V>>, kind: ContentKind): Map<string, V> {
    let map = maps.get(kind);
    if (!map) maps.set(kind, (map = new Map()));
    return map;
  }
}

function toCached(body: string | Buffer): CachedBody {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { body: bytes, etag: strongEtag(bytes) };
}
