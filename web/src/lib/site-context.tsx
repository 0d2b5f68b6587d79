import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetSiteQuery } from './content-api';

/** Site name, photographer and time zone (SHOP_TIME_ZONE's default) while /api/site loads or fails. */
const SITE_FALLBACK = {
  siteName: 'Wildframe',
  photographerName: 'Wildframe',
  timeZone: 'America/New_York',
} as const;

type SiteInfo = {
  siteName: string;
  photographerName: string;
  /**
   * False only when the server says the shop takes no orders (no payment provider): unknown (still
   * loading, failed, or an older saved answer) counts as open, and checkout itself refuses anyway.
   */
  takingOrders: boolean;
  /**
   * The shop's time zone (SHOP_TIME_ZONE): dates on server-rendered pages are written in it, never
   * in the server's or the browser's own, so hydration finds the same text the server sent.
   */
  timeZone: string;
  loaded: boolean;
};

const SiteContext = createContext<SiteInfo>({ ...SITE_FALLBACK, takingOrders: true, loaded: false });

/**
 * Holds the one subscription to /api/site for the whole app: the header, brand, footer, page titles
 * and pages all read the name from here. Each RTK Query hook is a subscription that costs a
 * dispatch when it mounts, and hydration mounts them all at once.
 */
export function SiteProvider({ children }: { children: ReactNode }) {
  const { data } = useGetSiteQuery();
  const site = useMemo(
    () => ({
      siteName: data?.siteName || SITE_FALLBACK.siteName,
      photographerName: data?.photographerName || SITE_FALLBACK.photographerName,
      timeZone: data?.timeZone || SITE_FALLBACK.timeZone,
      takingOrders: data?.takingOrders !== false,
      loaded: Boolean(data),
    }),
    [data],
  );
  return <SiteContext value={site}>{children}</SiteContext>;
}

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
