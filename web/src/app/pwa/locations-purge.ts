import { forgetSavedApiAnswers } from '../../lib/api-cache-key';

/**
 * When the public place or date of any photo changed (a photo protected, a species listed, a
 * scheduled photo gone public: /api/site's locationsVersion), the service worker's copies of pages
 * and API reads, and the app's own saved answers (localStorage), may still hold the exact place:
 * they are deleted before the next offline visit could show them. Images are left alone (they
 * carry no location).
 */
export const LOCATIONS_VERSION_KEY = 'wildframe:locations-version';
export const LOCATION_CACHES = ['wildframe-pages', 'wildframe-api-reads'] as const;

type Deps = {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  caches: Pick<CacheStorage, 'delete'> | null;
  forgetSaved: () => void;
};

function browserDeps(): Deps {
  let storage: Storage | null;
  try {
    storage = typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    storage = null; // blocked storage (privacy settings)
  }
  return {
    storage,
    caches: typeof caches === 'undefined' ? null : caches,
    forgetSaved: forgetSavedApiAnswers,
  };
}

/**
 * Compares the site's version with the one stored: when a stored one differs, the caches go, then
 * the new version is stored (an interrupted purge runs again next time). The first visit only
 * stores it. Resolves true when it purged.
 */
export async function purgeStaleLocations(version: string | null | undefined, deps: Deps = browserDeps()) {
  const { storage, caches, forgetSaved } = deps;
  if (!version || !storage) return false;
  let stored: string | null;
  try {
    stored = storage.getItem(LOCATIONS_VERSION_KEY);
  } catch {
    return false;
  }
  if (stored === version) return false;
  const purge = stored !== null;
  if (purge) {
    forgetSaved();
    if (caches) await Promise.all(LOCATION_CACHES.map((name) => caches.delete(name).catch(() => false)));
  }
  try {
    storage.setItem(LOCATIONS_VERSION_KEY, version);
  } catch {
    // full or blocked: the purge simply runs again next time
  }
  return purge;
}
