import type { PhotoDetail, PrintOption } from '../../lib/api-types';
import { OFFLINE_MESSAGE } from '../../lib/api-error';
import { ClosedShopNotice } from '../../components/closed-shop-notice';
import { ShippingNoticeBanner } from '../../components/shipping-notice-banner';
import { useOnline } from '../../components/use-online';
import { Button, CheckCircleIcon, ShoppingBagOutlinedIcon } from '../../components/ui';
import { editionText, type PublicEdition } from '../../lib/editions';
import { formatPrice } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { useAddToCart } from '../cart';
import { defineIsland } from '../../islands/island';
import { choosePrint, useChosenPrint } from './photo-selection';
import { WallPreviewLauncher } from './wall-preview-launcher';
import { PhotoLicences } from './photo-licences';
import { PrintFrameNote } from './print-frame';
import pageStyles from './photo-page.module.css';
import styles from './photo-purchase.module.css';

const NOT_FOR_SALE = 'Prints of this photo are not for sale yet.';

/**
 * The photo page's print options: pick one, then add it to the cart. While the shop takes no orders
 * the options and prices still show, and a notice says so where 'Add to Cart' would be. A photo
 * with no print size (a batch draft published before its ratio had one) says it is not for sale
 * yet, with no 'Add to Cart' that could never work.
 */
function PhotoPurchase({
  photo,
  notice,
  selected,
  onSelect,
}: {
  photo: PhotoDetail;
  notice: readonly string[] | null;
  /** The size chosen (never a sold-out edition's: it shows but cannot be picked). */
  selected: PhotoDetail['printOptions'][number] | undefined;
  onSelect: (id: number) => void;
}) {
  const { addToCart, isAdding } = useAddToCart();
  const online = useOnline();
  const { takingOrders } = useSite();
  const options = photo.printOptions ?? [];
  if (options.length === 0)
    return (
      <>
        <h2 className={`t-h5 ${pageStyles.sectionHeading}`} id="print-options-heading">
          Print Options
        </h2>
        <p className="t-muted" role="status">
          {NOT_FOR_SALE}
        </p>
      </>
    );
  return (
    <>
      <h2 className={`t-h5 ${pageStyles.sectionHeading}`} id="print-options-heading">
        Print Options
      </h2>
      <div role="group" aria-labelledby="print-options-heading" className={styles.options}>
        {options.map((option) => (
          <PrintOptionCard
            key={option.id}
            option={option}
            edition={option.edition}
            selected={option === selected}
            onSelect={() => onSelect(option.id)}
          />
        ))}
      </div>

      <ShippingNoticeBanner lines={notice} style={{ marginTop: 24 }} />

      {takingOrders ? (
        <AddToCart
          selected={selected}
          adding={isAdding}
          online={online}
          onAdd={() => addToCart(photo.id, selected?.id)}
        />
      ) : (
        <>
          <ClosedShopNotice style={{ marginTop: 24 }} />
          {selected && <SelectedOption option={selected} />}
        </>
      )}
      <PrintFrameNote photo={photo} option={selected} />
    </>
  );
}

export type PhotoPurchaseProps = {
  /** The photo's JSON (without its description: the page has it). */
  photo: PhotoDetail;
  /** The shipping notice's lines while it is active. */
  notice: readonly string[] | null;
};

/**
 * What the photo page sells: "Prints" (the print options, 'Add to Cart' and the wall preview's
 * launcher) and "Downloads and licences" beside them (issue 46; stacked on a phone): an island of
 * the photo page. The size chosen is shared with the photo's own island (photo-selection.ts).
 */
export default function PhotoPurchasePanel({ photo, notice }: PhotoPurchaseProps) {
  const selected = useChosenPrint(photo);
  const onSelect = (id: number) => choosePrint(photo.id, id);
  return (
    <div className={styles.columns}>
      <section aria-label="Prints" className={styles.column}>
        <p className={`t-overline t-accent ${styles.columnLabel}`}>Prints</p>
        <PhotoPurchase photo={photo} notice={notice} selected={selected} onSelect={onSelect} />
        <WallPreviewLauncher photo={photo} selected={selected} onSelect={onSelect} />
      </section>
      <PhotoLicences photo={photo} />
    </div>
  );
}

export const PhotoPurchaseIsland = defineIsland('photo-purchase', PhotoPurchasePanel);

/** Under the title: the edition all the photo's sizes share, if it has one. */
export function EditionNote({ photo }: { photo: PhotoDetail }) {
  const edition = photo.edition;
  if (!edition) return null;
  return (
    <p className={styles.editionNote}>
      {edition.soldOut ? `Edition of ${edition.size} - Sold out` : editionText(edition)}
    </p>
  );
}

function AddToCart({
  selected,
  adding,
  online,
  onAdd,
}: {
  selected: PrintOption | undefined;
  adding: boolean;
  online: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      <Button
        variant="contained"
        size="large"
        fullWidth
        startIcon={<ShoppingBagOutlinedIcon />}
        disabled={!selected || adding || !online}
        onClick={onAdd}
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
      {online && selected && <SelectedOption option={selected} />}
    </>
  );
}

/** The chosen print in one line: size, format, price and shipping. */
function SelectedOption({ option }: { option: PrintOption }) {
  return (
    <p className={`t-body2 t-muted t-center ${styles.note}`}>
      {`${option.size} ${option.format} · ${formatPrice(option.price)} + ${formatPrice(option.shipping)} shipping`}
    </p>
  );
}

function PrintOptionCard({
  option,
  edition,
  selected,
  onSelect,
}: {
  option: PrintOption;
  edition: PublicEdition | null;
  selected: boolean;
  onSelect: () => void;
}) {
  const soldOut = Boolean(edition?.soldOut);
  // Spans, not paragraphs: a button may hold only phrasing content.
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onSelect}
      disabled={soldOut}
      className={styles.option}
    >
      {selected && <CheckCircleIcon size="1.25rem" className={styles.check} />}
      <span className={styles.size}>{option.size}</span>
      <span className={`t-body2 t-muted ${styles.format}`}>{option.format}</span>
      <span className={styles.price}>{formatPrice(option.price)}</span>
      {edition && (
        <span className={`t-body2 ${soldOut ? styles.soldOut : styles.edition}`}>
          {soldOut ? 'Sold out' : editionText(edition)}
        </span>
      )}
    </button>
  );
}
