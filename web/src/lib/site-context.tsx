import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useGetSiteQuery } from './content-api';

/** Site name, photographer and time zone (SHOP_TIME_ZONE's default) while /api/site loads or fails. */
const SITE_FALLBACK = {
  siteName: 'Wildframe',
  photographerName: '',
  timeZone: 'America/New_York',
} as const;

type SiteInfo = {
  siteName: string;
  /** Empty until the owner sets PHOTOGRAPHER_NAME. */
  photographerName: string;
  /** Whom the work is credited to (footer, share tags): her name, else the shop's. */
  credit: string;
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

const SiteContext = createContext<SiteInfo>({
  ...SITE_FALLBACK,
  credit: SITE_FALLBACK.siteName,
  takingOrders: true,
  loaded: false,
});

/**
 * Holds the one subscription to /api/site for the whole app: the header, brand, footer, page titles
 * and pages all read the name from here. Each RTK Query hook is a subscription that costs a
 * dispatch when it mounts, and hydration mounts them all at once.
 */
export function SiteProvider({ children }: { children: ReactNode }) {
  const { data } = useGetSiteQuery();
  const site = useMemo(() => {
    const siteName = data?.siteName || SITE_FALLBACK.siteName;
    const photographerName = data?.photographerName?.trim() || SITE_FALLBACK.photographerName;
    return {
      siteName,
      photographerName,
      credit: photographerName || siteName,
      timeZone: data?.timeZone || SITE_FALLBACK.timeZone,
      takingOrders: data?.takingOrders !== false,
      loaded: Boolean(data),
    };
  }, [data]);
  return <SiteContext value={site}>{children}</SiteContext>;
}

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
