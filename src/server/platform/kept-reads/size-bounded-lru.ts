/**
 * Values by key that hold at most `maxChars` of text in all, the least recently used leaving first.
 * The caches of customers' lists keep one entry per customer with it, so one customer's big list
 * pushes out those read longest ago, never the one being served.
 */
export interface SizeBoundedLru<K, V> {
  /** The value, without counting as a use. */
  peek(key: K): V | undefined;
  /** Counts as a use: the key leaves last. */
  use(key: K): V | undefined;
  /** Sets the value and its size, as the most recently used; others leave until the total fits. */
  set(key: K, value: V, chars: number): void;
  /** Changes the size of a key's value by `delta`; others leave until the total fits. */
  grow(key: K, delta: number): void;
  delete(key: K): void;
}

export function createSizeBoundedLru<K, V>(maxChars: number): SizeBoundedLru<K, V> {
  // A Map keeps insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<K, { value: V; chars: number }>();
  let size = 0;

  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    size -= entry.chars;
  };

  const shrinkToFitKeeping = (kept: K) => {
    for (const oldest of entries.keys()) {
      if (size <= maxChars || oldest === kept) break;
      remove(oldest);
    }
  };

  return {
    peek: (key) => entries.get(key)?.value,
    use(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, chars) {
      remove(key);
      entries.set(key, { value, chars });
      size += chars;
      shrinkToFitKeeping(key);
    },
    grow(key, delta) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.chars += delta;
      size += delta;
      shrinkToFitKeeping(key);
    },
    delete: remove,
  };
}
