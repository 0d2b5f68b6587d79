import { useState } from 'react';
import type { PhotoDetail, PrintOption } from '../../lib/api-types';
import { OFFLINE_MESSAGE } from '../../lib/api';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';
import { useOnline } from '../../components/use-online';
import { Button, CheckCircleIcon, ShoppingBagOutlinedIcon } from '../../components/ui';
import { formatPrice } from '../../lib/format';
import { useAddToCart } from '../cart';
import pageStyles from './photo-page.module.css';
import styles from './photo-purchase.module.css';

/** The photo page's print options: pick one, then add it to the cart. */
export function PhotoPurchase({ photo }: { photo: PhotoDetail }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { addToCart, isAdding } = useAddToCart();
  const online = useOnline();
  const options = photo.printOptions ?? [];
  const selected = options.find((option) => option.id === selectedId);
  return (
    <>
      <hr className={pageStyles.divider} />
      <h2 className={`t-h5 ${pageStyles.sectionHeading}`} id="print-options-heading">
        Print Options
      </h2>
      {options.length === 0 ? (
        <p className="t-muted">
          Prints of this photograph are not available yet. Please get in touch if you would like one.
        </p>
      ) : (
        <div role="group" aria-labelledby="print-options-heading" className={styles.options}>
          {options.map((option) => (
            <PrintOptionCard
              key={option.id}
              option={option}
              selected={option.id === selectedId}
              onSelect={() => setSelectedId(option.id)}
            />
          ))}
        </div>
      )}

      <ShippingNoticeBanner style={{ marginTop: 24 }} />

      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<ShoppingBagOutlinedIcon />}
        disabled={!selected || isAdding || !online}
        onClick={() => addToCart(photo.id, selected?.id)}
        aria-describedby={online ? undefined : 'add-to-cart-offline'}
        className={styles.addToCart}
      >
        Add to Cart
      </Button>
      {!online && (
        <p id="add-to-cart-offline" className={`t-body2 t-muted t-center ${styles.note}`}>
          {OFFLINE_MESSAGE}
        </p>
      )}
      {online && selected && (
        <p className={`t-body2 t-muted t-center ${styles.note}`}>
          {`${selected.size} ${selected.format} · ${formatPrice(selected.price)} + ${formatPrice(selected.shipping)} shipping`}
        </p>
      )}
    </>
  );
}

function PrintOptionCard({
  option,
  selected,
  onSelect,
}: {
  option: PrintOption;
  selected: boolean;
  onSelect: () => void;
}) {
  // Spans, not paragraphs: a button may hold only phrasing content.
  return (
    <button type="button" aria-pressed={selected} onClick={onSelect} className={styles.option}>
      {selected && <CheckCircleIcon size="1.25rem" className={styles.check} />}
      <span className={styles.size}>{option.size}</span>
      <span className={`t-body2 t-muted ${styles.format}`}>{option.format}</span>
      <span className={styles.price}>{formatPrice(option.price)}</span>
    </button>
  );
}
