import { useState } from 'react';
import type { PhotoLicensing } from '@contract';
import { OFFLINE_MESSAGE } from '../../lib/api-error';
import { ClosedShopNotice } from '../../components/closed-shop-notice';
import { useOnline } from '../../components/use-online';
import { Button, ShoppingBagOutlinedIcon, cx } from '../../components/ui';
import { formatPrice } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { useAddToCart } from '../cart';
import styles from './photo-licences.module.css';

/**
 * A photo's licences compared (opened from "Downloads and licences"): the size to download, then
 * each licence with what it allows, its price in every size and its page; 'Add to Cart' adds it in
 * the size chosen. An ask-me licence has no price: the buyer writes to her. Plain links (an island
 * has no router).
 */
export default function LicenceCompare({
  photoId,
  licensing,
}: {
  photoId: number;
  licensing: PhotoLicensing;
}) {
  const { addLicence, isAdding } = useAddToCart();
  const { takingOrders } = useSite();
  const online = useOnline();
  const [sizeId, setSizeId] = useState(licensing.sizes[0]?.id);
  const priceOf = (licenceId: number, size: number | undefined) =>
    licensing.offers.find((o) => o.licenceId === licenceId && o.sizeId === size)?.price;
  const sizeName = `licence-size-${photoId}`;

  return (
    <div className={styles.compare}>
      <fieldset className={styles.sizes}>
        <legend className={styles.legend}>Size</legend>
        {licensing.sizes.map((s) => (
          <label key={s.id} className={cx(styles.size, s.id === sizeId && styles.sizeChosen)}>
            <input
              type="radio"
              name={sizeName}
              value={s.id}
              checked={s.id === sizeId}
              onChange={() => setSizeId(s.id)}
            />
            <span className={styles.sizeLabel}>{s.label}</span>
            <span className="t-body2 t-muted">{s.pixels}</span>
          </label>
        ))}
      </fieldset>

      <ul className={styles.licences} aria-label="Licences">
        {licensing.licences.map((l) => {
          const price = priceOf(l.id, sizeId);
          return (
            <li key={l.id} className={styles.licence}>
              <h3 className={styles.licenceName}>{l.name}</h3>
              {l.summary && <p className="t-body2 t-muted">{l.summary}</p>}
              {!l.askMe && (
                <dl className={styles.prices}>
                  {licensing.sizes.map((s) => {
                    const p = priceOf(l.id, s.id);
                    return (
                      <div key={s.id} className={cx(styles.priceRow, s.id === sizeId && styles.priceChosen)}>
                        <dt>{s.label}</dt>
                        <dd>{p === undefined ? 'Not offered' : formatPrice(p)}</dd>
                      </div>
                    );
                  })}
                </dl>
              )}
              <div className={styles.actions}>
                {l.askMe ? (
                  <a className={styles.askMe} href="/contact">
                    Ask me about this licence
                  </a>
                ) : takingOrders ? (
                  <Button
                    variant="contained"
                    startIcon={<ShoppingBagOutlinedIcon />}
                    disabled={price === undefined || sizeId === undefined || isAdding || !online}
                    onClick={() => sizeId !== undefined && void addLicence(photoId, l.id, sizeId)}
                    aria-label={`Add to Cart: ${l.name}${price === undefined ? '' : `, ${formatPrice(price)}`}`}
                  >
                    Add to Cart
                  </Button>
                ) : null}
                <a className={styles.read} href={`/licences/${encodeURIComponent(l.slug)}`}>
                  Read the licence
                </a>
              </div>
            </li>
          );
        })}
      </ul>
      {!takingOrders && <ClosedShopNotice style={{ marginTop: 16 }} />}
      {takingOrders && !online && <p className="t-body2 t-muted t-center">{OFFLINE_MESSAGE}</p>}
    </div>
  );
}
