import { CloseIcon, IconButton, MenuIcon, Sheet } from '../../components/ui';
import type { Logo } from '../../lib/api-types';
import { Brand } from './brand';
import { NavLinkList } from './nav-links';
import styles from './mobile-menu.module.css';

/** The phone navigation, a panel from the right. */
export function MobileMenu({
  open,
  onClose,
  pathname,
  logo,
}: {
  open: boolean;
  onClose: () => void;
  pathname: string;
  logo: Logo | null | undefined;
}) {
  return (
    <Sheet id="mobile-menu" aria-label="Menu" side="right" open={open} onClose={onClose}>
      <div className={styles.panel}>
        <div className={styles.top}>
          <Brand height={32} logo={logo} />
          <IconButton aria-label="Close menu" onClick={onClose} className={styles.close}>
            <CloseIcon />
          </IconButton>
        </div>
        <nav aria-label="Mobile">
          <NavLinkList
            pathname={pathname}
            listClassName={styles.links}
            linkClassName={styles.link}
            onNavigate={onClose}
          />
        </nav>
      </div>
    </Sheet>
  );
}

/**
 * The phone navigation without JavaScript, in place of the menu button (which needs the app): a
 * <details> disclosure whose panel drops below the header. Inside <noscript>, so with JavaScript
 * it is never drawn (nor hydrated), and site-header.module.css hides the menu button only when
 * it is.
 */
export function NoScriptMenu({ pathname }: { pathname: string }) {
  return (
    <noscript>
      <details className={styles.noScript}>
        <summary aria-label="Open menu" className={styles.noScriptToggle}>
          <MenuIcon />
        </summary>
        <nav aria-label="Mobile" className={styles.noScriptPanel}>
          <NavLinkList pathname={pathname} listClassName={styles.links} linkClassName={styles.link} />
        </nav>
      </details>
    </noscript>
  );
}
