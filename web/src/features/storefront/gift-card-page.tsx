import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { Skeleton, cx } from '../../components/ui';
import { useGetGiftCardOfferQuery } from '../../lib/gift-cards-api';
import { GiftCardFormIsland } from './gift-card-form';
import styles from './gift-card-page.module.css';

const DESCRIPTION =
  'Give a gift card with one of my photographs on it: any amount from $10 to $500, e-mailed to them now or on the day you choose.';

/**
 * "Gift card" (issue 47): a card for someone, bought in the cart like a print. Rendered on the
 * server from the offer; only the form hydrates (an island).
 */
export default function GiftCardPage() {
  const { data: offer, isError } = useGetGiftCardOfferQuery();
  return (
    <div className={cx('container page', styles.page)}>
      <SitePageMeta page="Gift card" description={DESCRIPTION} path="/gift-card" />
      <SplitColumns fr={[5, 7]} gap={{ xs: 3, md: 8 }}>
        <div>
          <span className="t-overline t-accent">Gift card</span>
          <h1 className={cx('t-page-title', styles.title)}>Gift card</h1>
          <p className="t-lead t-muted">{DESCRIPTION}</p>
          <p className={styles.aside}>
            They choose what to spend it on: prints and licences alike, over as many orders as they like. It
            never expires.
          </p>
          <p className={styles.aside}>
            <a href="/gift-card/balance">Check a gift card balance</a>
          </p>
        </div>
        {offer ? (
          offer.enabled && offer.photos.length ? (
            <GiftCardFormIsland offer={offer} />
          ) : (
            <p role="status" className={styles.closed}>
              Gift cards are not sold at the moment.
            </p>
          )
        ) : isError ? (
          <p role="alert">The gift card could not be loaded. Please reload the page.</p>
        ) : (
          <Skeleton style={{ width: '100%', height: 480 }} />
        )}
      </SplitColumns>
    </div>
  );
}
