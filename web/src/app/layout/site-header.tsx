import { useState } from 'react';
import { CartButton, CartPanelHost } from '../../features/cart';
import { useSite } from '../../lib/site-context';
import type { Logo } from '../../lib/api-types';
import { useScrolledPast } from '../../components/use-scrolled-past';
import { cx, IconButton, MenuIcon } from '../../components/ui';
import { defineIsland } from '../../islands/island';
import { Brand } from './brand';
import { MobileMenu, NoScriptMenu } from './mobile-menu';
import { NavLinkList } from './nav-links';
import styles from './site-header.module.css';

/** The header turns opaque once the page is scrolled past this many px. */
const OPAQUE_AFTER_PX = 10;

export type SiteHeaderProps = {
  /** Over the home page's hero photo: light until scrolled. */
  overHero: boolean;
  /** The page shown: its link is marked, and a new one closes the menu. */
  pathname: string;
  /** /api/logo's answer (null: none, the site's name instead; undefined: not loaded yet). */
  logo?: Logo | null;
};

/** The fixed header: brand, links, the cart button and its panel, the phone menu. An island. */
export default function SiteHeader({ overHero, pathname, logo }: SiteHeaderProps) {
  const scrolled = useScrolledPast(OPAQUE_AFTER_PX);
  const { siteName } = useSite();
  // The menu belongs to the page it was opened on (in the app, a navigation closes it).
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === pathname;
  const closeMenu = () => setMenuOpenedAt(null);

  const light = overHero && !scrolled;

  return (
    <header className={cx(styles.header, light && styles.light, scrolled && styles.scrolled)}>
      <nav aria-label="Main" className={styles.nav}>
        <a href="/" aria-label={`${siteName}, home`} className={styles.home}>
          <Brand height={40} light={light} logo={logo} />
        </a>

        <NavLinkList pathname={pathname} listClassName={styles.links} linkClassName={styles.link} />

        <CartButton />
        <IconButton
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenedAt(pathname)}
          className={styles.menuButton}
        >
          <MenuIcon />
        </IconButton>
        <NoScriptMenu pathname={pathname} />
      </nav>

      <MobileMenu open={menuOpen} onClose={closeMenu} pathname={pathname} logo={logo} />
      <CartPanelHost />
    </header>
  );
}

export const SiteHeaderIsland = defineIsland('site-header', SiteHeader);
