import { NavLink } from 'react-router';
import { CloseIcon, IconButton, Sheet } from '../../components/ui';
import { Brand } from './brand';
import { NAV_LINKS } from './nav-links';
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
          <ul className={styles.links}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} onClick={onClose} className={styles.link}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </Sheet>
  );
}
