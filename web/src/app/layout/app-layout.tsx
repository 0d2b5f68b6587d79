import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { OfflineBannerIsland } from '../../components/offline-banner';
import { cx } from '../../components/ui';
import { useGetLogoQuery } from '../../lib/content-api';
import { SiteFooter } from './site-footer';
import { SiteHeaderIsland } from './site-header';
import styles from './app-layout.module.css';

/** Fixed header (with the cart panel), main area and footer around every page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const { data: logo, isLoading } = useGetLogoQuery();
  // A new page starts at the top, in its first frame (not smoothly, as the html's scroll-behavior
  // would: the new page would show scrolled for a third of a second); back and forward keep the
  // browser's own scroll restoration.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);
  // The home hero sits under the transparent header; every other page is padded below it.
  const overHero = pathname === '/';
  return (
    <div className={styles.layout}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <SiteHeaderIsland
        overHero={overHero}
        pathname={pathname}
        logo={isLoading ? undefined : (logo ?? null)}
      />
      <main id="main" tabIndex={-1} className={cx(styles.main, overHero && styles.overHero)}>
        {/* Just under the fixed header, and over the home hero, while the network is gone. */}
        <OfflineBannerIsland className={styles.offline} />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
