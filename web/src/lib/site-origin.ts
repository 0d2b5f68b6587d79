import { createContext, useContext } from 'react';

/** The site's public address (canonical and share links); the server's PUBLIC_URL. */
export const SiteOriginContext = createContext('');

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}
