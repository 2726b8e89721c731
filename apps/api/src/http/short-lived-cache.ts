/**
 * A per-instance memory of hot, public answers for a few seconds. It is only ever a
 * shortcut: every instance loads from the database on a miss, answers are the same
 * for everyone, and a change made by any instance (or the admin CLI) shows everywhere
 * within `ttlMs`. Concurrent misses for one key share a single load, so a burst of
 * traffic right after expiry costs one query, not one per request.
 */
export interface ShortLivedCache<V> {
  /** The cached value of `key`, or `load()`'s (kept only when it is not undefined). */
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Drops `key`, so the next get loads it again: after this instance changed it. */
  forget(key: string): void;
}

export function createShortLivedCache<V>(options: {
  ttlMs: number;
  /** Bound on distinct keys, so unknown-but-valid keys can't grow memory without limit. */
  maxEntries: number;
  now?: () => number;
}): ShortLivedCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAt: number; value: Promise<V | undefined> }>();

  return {
    get(key, load) {
      if (options.ttlMs <= 0) return load();
      const time = now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > time) return cached.value;
      if (cached) entries.delete(key);
      if (entries.size >= options.maxEntries) {
        // Oldest first: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const value = load().then(
        (loaded) => {
          // Misses are not kept: they would let anyone fill the cache with junk keys.
          if (loaded === undefined && entries.get(key)?.value === value) entries.delete(key);
          return loaded;
        },
        (error: unknown) => {
          if (entries.get(key)?.value === value) entries.delete(key);
          throw error;
        },
      );
      entries.set(key, { expiresAt: time + options.ttlMs, value });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
