import { describe, expect, it } from 'vitest';
import { LOCATIONS_VERSION_KEY, purgeStaleLocations } from './locations-purge';

function browser(stored?: string) {
  const items = new Map<string, string>(stored === undefined ? [] : [[LOCATIONS_VERSION_KEY, stored]]);
  const cacheNames = new Set(['wildframe-pages', 'wildframe-api-reads', 'wildframe-images']);
  const saved = { forgotten: 0 };
  return {
    items,
    cacheNames,
    saved,
    deps: {
      storage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
      },
      caches: { delete: async (name: string) => cacheNames.delete(name) },
      forgetSaved: () => void (saved.forgotten += 1),
    },
  };
}

describe('purgeStaleLocations', () => {
  it('deletes the cached pages and API reads when the version changed, and stores the new one', async () => {
    const b = browser('v1');
    expect(await purgeStaleLocations('v2', b.deps)).toBe(true);
    expect([...b.cacheNames]).toEqual(['wildframe-images']);
    expect(b.saved.forgotten, "the app's own saved answers").toBe(1);
    expect(b.items.get(LOCATIONS_VERSION_KEY)).toBe('v2');
  });

  it('keeps the caches on a first visit or the same version', async () => {
    const first = browser();
    expect(await purgeStaleLocations('v1', first.deps)).toBe(false);
    expect(first.cacheNames.size).toBe(3);
    expect(first.saved.forgotten).toBe(0);
    expect(first.items.get(LOCATIONS_VERSION_KEY)).toBe('v1');
    const same = browser('v1');
    expect(await purgeStaleLocations('v1', same.deps)).toBe(false);
    expect(same.cacheNames.size).toBe(3);
    expect(await purgeStaleLocations(undefined, same.deps)).toBe(false);
  });
});
