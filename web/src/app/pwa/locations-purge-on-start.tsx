import { useEffect } from 'react';
import { useGetSiteQuery } from '../../lib/content-api';
import { purgeStaleLocations } from './locations-purge';

/** Runs the purge once the site's answer is in (loaded with the PWA code, after first paint). */
export function LocationsPurgeOnStart() {
  const { data } = useGetSiteQuery();
  const version = data?.locationsVersion;
  useEffect(() => {
    if (version) void purgeStaleLocations(version);
  }, [version]);
  return null;
}
