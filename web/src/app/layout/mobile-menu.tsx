import { CloseIcon, IconButton, MenuIcon, Sheet } from '../../components/ui';
import { Brand } from './brand';
import { NavLinkList } from './nav-links';
import styles from './mobile-menu.module.css';

/** The phone navigation, a panel from the right. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Sheet id="mobile-menu" aria-label="Menu" side="right" open={open} onClose={onClose}>
      <div className={styles.panel}>
        <div className={styles.top}>
          <Brand height={32} />
          <IconButton aria-label="Close menu" onClick={onClose} className={styles.close}>
            <CloseIcon />
          </IconButton>
        </div>
        <nav aria-label="Mobile">
          <NavLinkList listClassName={styles.links} linkClassName={styles.link} onNavigate={onClose} />
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
export function NoScriptMenu() {
  return (
    <noscript>
      <details className={styles.noScript}>
        <summary aria-label="Open menu" className={styles.noScriptToggle}>
          <MenuIcon />
        </summary>
        <nav aria-label="Mobile" className={styles.noScriptPanel}>
          <NavLinkList listClassName={styles.links} linkClassName={styles.link} />
        </nav>
      </details>
    </noscript>
  );
}
