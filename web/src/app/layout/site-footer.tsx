import { Link } from 'react-router';
import { NewsletterSignupIsland, TAGLINE } from '../../features/storefront';
import { useSite } from '../../lib/site-context';
import { cx } from '../../components/ui';
import { FOOTER_LINKS } from '@shared/storefront-pages';
import styles from './site-footer.module.css';

export function SiteFooter() {
  const { siteName, credit } = useSite();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={cx('container', styles.inner)}>
        <div className={styles.top}>
          <div>
            <p className={cx('t-h4', styles.name)}>{siteName}</p>
            <p className={styles.tagline}>{TAGLINE}</p>
          </div>
          <nav aria-label="Footer" className={styles.nav}>
            {FOOTER_LINKS.map((link) => (
              <Link key={link.to} to={link.to}>
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
        <div className={styles.newsletter}>
          <NewsletterSignupIsland />
        </div>
        <div className={styles.bottom}>
          {/* A page cached over New Year may say last year: the browser's year wins, without a warning. */}
          <p className="t-body2" suppressHydrationWarning>
            {/* her name; the shop's until she sets PHOTOGRAPHER_NAME */}
            {`© ${year} ${credit}`}
          </p>
        </div>
      </div>
    </footer>
  );
}
