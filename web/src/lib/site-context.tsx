import { createContext, useContext } from 'react';
import type { Site } from './api-types';

/** Site name, photographer and time zone (SHOP_TIME_ZONE's default) while /api/site loads or fails. */
const SITE_FALLBACK = {
  siteName: 'Wildframe',
  photographerName: '',
  timeZone: 'America/New_York',
} as const;

export type SiteInfo = {
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

/** What the components read of /api/site's answer (undefined: not loaded). */
export function siteInfo(data: Site | undefined): SiteInfo {
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
}

/**
 * The site's facts for every component: the app's SiteProvider (site-provider.tsx) fills it from
 * /api/site; a storefront page's islands from the answer the server wrote into the page.
 */
export const SiteContext = createContext<SiteInfo>(siteInfo(undefined));

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
