// A small keyed cache of answers that are the same for every caller. Each entry is filled once (concurrent
// readers share the fill), serialised once, hashed once for its ETag, and compressed at most once per
// encoding, so a hit costs a map lookup. Everything is dropped on invalidate(); entries also expire after
// a TTL the owner chooses per fill (short while invalidations might be missed).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bodies shorter than this go uncompressed: the headers would eat the saving. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export interface Cached<T> {
  /** The key it is kept under in its store (CacheStore.answer finds it again by this). */
  readonly key: string;
  /** The answer's body as the API sends it (read-only: it is shared by every reader). */
  readonly body: T;
  /** The body serialised, exactly the bytes the API sends uncompressed. */
  readonly json: string;
  /** Strong validator of `json`, quoted, as sent in ETag. */
  readonly etag: string;
  /** The body compressed with `encoding`, made on first use; null when too small to be worth it. */
  compressed(encoding: Encoding): Buffer | null;
}

function makeCached<T>(key: string, body: T, json: string): Cached<T> {
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
  const raw = Buffer.from(json);
  const made: Partial<Record<Encoding, Buffer>> = {};
  return {
    key,
    body,
    json,
    etag: `"${hash}"`,
    compressed(encoding) {
      if (raw.length < COMPRESS_MIN_BYTES) return null;
      made[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : gzipSync(raw, { level: 9 });
      return made[encoding];
    },
  };
}

interface Slot {
  value: Promise<unknown>;
  expiresAt: number;
  /** The value once loaded, for a reader that cannot wait (CacheStore.answer). */
  loaded?: { value: unknown };
}

export interface CacheStore {
  /**
   * The cached answer under `key`, or a new one from `load` (serialised by `serialize`) kept for `ttlMs`.
   * A failed load is not kept.
   */
  get<T>(
    key: string,
    load: () => Promise<T>,
    serialize: (body: T) => string,
    ttlMs: number,
  ): Promise<Cached<T>>;
  /**
   * The answer under `key` if it is loaded and current, without loading: for a reader that must decide
   * at once whether it can answer (the repeat path), and leaves everything else to `get`.
   */
  answer(key: string): Cached<unknown> | undefined;
  /** The same for a value that is never sent as is (no serialising, hashing or compressing). */
  value<T>(key: string, load: () => Promise<T>, ttlMs: number): Promise<T>;
  /** Forget everything: the next read of each key loads again. */
  clear(): void;
  readonly size: number;
}

export function createCacheStore(options: { maxEntries: number; now?: () => number }): CacheStore {
  const now = options.now ?? Date.now;
  const slots = new Map<string, Slot>();
  function get<T>(key: string, load: () => Promise<T>, ttlMs: number): Promise<T> {
    const found = slots.get(key);
    if (found && found.expiresAt > now()) return found.value as Promise<T>;
    // Keys come partly from the query (a page number): never let them grow without bound.
    if (!found && slots.size >= options.maxEntries) {
      const oldest = slots.keys().next();
      if (!oldest.done) slots.delete(oldest.value);
    }
    const value = load();
    const slot: Slot = { value, expiresAt: now() + ttlMs };
    slots.set(key, slot);
    // A load that fails is forgotten, so the next reader tries again; but only if this slot is still the
    // current one (a clear() may have come in between).
    value.then(
      (loaded) => {
        slot.loaded = { value: loaded };
      },
      () => {
        if (slots.get(key) === slot) slots.delete(key);
      },
    );
    return value;
  }
  return {
    get: (key, load, serialize, ttlMs) =>
      get(
        `http:${key}`,
        () => load().then((body) => makeCached(key, body, serialize(body))),
        ttlMs,
      ),
    answer(key) {
      const slot = slots.get(`http:${key}`);
      if (!slot?.loaded || slot.expiresAt <= now()) return undefined;
      return slot.loaded.value as Cached<unknown>;
    },
    value: (key, load, ttlMs) => get(`value:${key}`, load, ttlMs),
    clear() {
      slots.clear();
    },
    get size() {
      return slots.size;
    },
  };
}
