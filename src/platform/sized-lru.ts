/**
 * A map bounded by the total size of its values (bytes, as `sizeOf` counts them): a read makes a
 * key the most recent, and storing past `maxSize` drops the least recently used first.
 */
export function createSizedLru<V>(maxSize: number, sizeOf: (value: V) => number) {
  const entries = new Map<string, V>();
  let total = 0;
  const lru = {
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit); // most recent last
      }
      return hit;
    },
    has: (key: string) => entries.has(key),
    set(key: string, value: V): void {
      lru.delete(key);
      entries.set(key, value);
      total += sizeOf(value);
      for (const [k, v] of entries) {
        if (total <= maxSize) break;
        entries.delete(k);
        total -= sizeOf(v);
      }
    },
    delete(key: string): void {
      const old = entries.get(key);
      if (old === undefined) return;
      entries.delete(key);
      total -= sizeOf(old);
    },
    clear(): void {
      entries.clear();
      total = 0;
    },
    get count() {
      return entries.size;
    },
    get size() {
      return total;
    },
  };
  return lru;
}
