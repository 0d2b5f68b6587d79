import { SitePageMeta } from '../../components/page-meta';
import { cx } from '../../components/ui';
import { GiftCardBalanceIsland } from './gift-card-balance-form';
import styles from './gift-card-page.module.css';

/** "Check a gift card balance" (issue 47): a code's balance; only the form hydrates. */
export default function GiftCardBalancePage() {
  return (
    <div className={cx('container-sm page', styles.page)}>
      <SitePageMeta
        page="Check a gift card balance"
        description="See what is left on a gift card: type its code."
        path="/gift-card/balance"
      />
      <span className="t-overline t-accent">Gift card</span>
      <h1 className={cx('t-page-title', styles.title)}>Check a gift card balance</h1>
      <p className="t-lead t-muted">
        Type the card&apos;s code as the e-mail gives it: 16 letters and digits.
      </p>
      <GiftCardBalanceIsland />
      <p className={styles.aside}>
        <a href="/gift-card">Give a gift card</a>
      </p>
    </div>
  );
}
