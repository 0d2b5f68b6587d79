import { useEffect } from 'react';
import { purgeStaleLocations } from './locations-purge';

/** Runs the purge once the site's locations version is known (loaded with the PWA code, after first paint). */
export function LocationsPurgeOnStart({ version }: { version: string | null }) {
  useEffect(() => {
    if (version) void purgeStaleLocations(version);
  }, [version]);
  return null;
}
