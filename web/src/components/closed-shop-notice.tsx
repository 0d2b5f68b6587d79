import type { CSSProperties } from 'react';
import { cx, InfoOutlinedIcon } from './ui';
import styles from './notice.module.css';

/** The words of a shop with no payment provider (the server's 503 at checkout says the same). */
export const NOT_TAKING_ORDERS = 'This shop is not taking orders yet.';

/**
 * Said where a buyer would order (the photo page, the cart, checkout) while the shop takes no
 * orders (`takingOrders` of /api/site): browsing stays open, and the contact page is one tap away.
 * Part of the server's HTML, so it needs no script and no request of its own.
 */
export function ClosedShopNotice({
  onNavigate,
  className,
  style,
}: {
  /** Called when its link is followed (the cart panel closes). */
  onNavigate?: () => void;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div role="note" aria-label="Ordering" className={cx(styles.notice, className)} style={style}>
      <InfoOutlinedIcon className={styles.icon} />
      <div>
        <p className={styles.title}>{NOT_TAKING_ORDERS}</p>
        <p className="t-body2">
          Every photograph can still be browsed. To ask about a print, please{' '}
          <a href="/contact" onClick={onNavigate} className={styles.link}>
            get in touch
          </a>
          .
        </p>
      </div>
    </div>
  );
}
