import { useMemo, type ReactNode } from 'react';
import { useGetSiteQuery } from './content-api';
import { SiteContext, siteInfo } from './site-context';

/**
 * Holds the one subscription to /api/site for the whole app: the header, brand, footer, page titles
 * and pages all read the name from here. Each RTK Query hook is a subscription that costs a
 * dispatch when it mounts, and hydration mounts them all at once.
 */
export function SiteProvider({ children }: { children: ReactNode }) {
  const { data } = useGetSiteQuery();
  const site = useMemo(() => siteInfo(data), [data]);
  return <SiteContext value={site}>{children}</SiteContext>;
}
