import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CartButton } from '../../features/cart';
import { useSite } from '../../lib/site-context';
import { useScrolledPast } from '../../components/use-scrolled-past';
import { cx, IconButton, MenuIcon } from '../../components/ui';
import { Brand } from './brand';
import { MobileMenu, NoScriptMenu } from './mobile-menu';
import { NavLinkList } from './nav-links';
import styles from './site-header.module.css';

/** The header turns opaque once the page is scrolled past this many px. */
const OPAQUE_AFTER_PX = 10;

export function SiteHeader({ overHero }: { overHero: boolean }) {
  const scrolled = useScrolledPast(OPAQUE_AFTER_PX);
  const location = useLocation();
  const { siteName } = useSite();
  // The menu belongs to the navigation it was opened on, so any route change closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const closeMenu = () => setMenuOpenedAt(null);

  const light = overHero && !scrolled;

  return (
    <header className={cx(styles.header, light && styles.light, scrolled && styles.scrolled)}>
      <nav aria-label="Main" className={styles.nav}>
        <Link to="/" aria-label={`${siteName}, home`} className={styles.home}>
          <Brand height={40} light={light} />
        </Link>

        <NavLinkList listClassName={styles.links} linkClassName={styles.link} />

        <CartButton />
        <IconButton
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenedAt(location.key)}
          className={styles.menuButton}
        >
          <MenuIcon />
        </IconButton>
        <NoScriptMenu />
      </nav>

      <MobileMenu open={menuOpen} onClose={closeMenu} />
    </header>
  );
}
