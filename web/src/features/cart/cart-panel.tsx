import type { CartLicenceLine } from '@contract';
import type { CartLine } from '../../lib/api-types';
import { CART_TOASTS, cartErrorToast } from './cart-error-toast';
import { ClosedShopNotice } from '../../components/closed-shop-notice';
import { ResponsiveImage } from '../../components/responsive-image';
import { TotalRow } from '../../components/total-line';
import { toast } from '../../components/toast/toast-context';
import {
  AddIcon,
  Button,
  CloseIcon,
  cx,
  DeleteOutlinedIcon,
  IconButton,
  RemoveIcon,
  Sheet,
  ShoppingBagOutlinedIcon,
  Spinner,
} from '../../components/ui';
import { formatPrice, joinParts } from '../../lib/format';
import { giftCardsOf, sendsText, type CartGiftCardLine } from '../../lib/gift-cards';
import { useSite } from '../../lib/site-context';
import { closeCart, removeCartLine, setLineQuantity, useCartState } from './cart-store';
import styles from './cart-panel.module.css';

const MAX_QUANTITY = 99;

/**
 * The side panel listing the cart; loaded lazily by <CartPanelHost> the first time it opens. Its
 * links are plain navigations: storefront pages are the server's (web/src/islands).
 */
export default function CartPanel() {
  const { open, cart, status } = useCartState();
  const isLoading = status === 'idle' || status === 'loading';
  const { takingOrders } = useSite();

  const close = closeCart;
  const go = (path: string) => {
    close();
    window.location.assign(path);
  };

  const items = cart?.items ?? [];
  const licences = cart?.licences ?? [];
  const giftCards = giftCardsOf(cart);

  return (
    <Sheet
      open={open}
      onClose={close}
      side="right"
      className={styles.sheet}
      aria-labelledby="cart-panel-title"
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <h2 id="cart-panel-title" className="t-h5">
            Your Cart
          </h2>
          <IconButton aria-label="Close cart" onClick={close} className={cx(styles.action, styles.edgeEnd)}>
            <CloseIcon />
          </IconButton>
        </div>
        <hr className={styles.divider} />

        {isLoading ? (
          <div className={styles.loading}>
            <Spinner label="Loading cart" />
          </div>
        ) : items.length + licences.length + giftCards.length === 0 ? (
          <div className={styles.empty}>
            <ShoppingBagOutlinedIcon size={56} className={styles.emptyIcon} />
            <p className="t-h6">Your cart is empty</p>
            <Button variant="contained" onClick={() => go('/portfolio')}>
              Browse Gallery
            </Button>
            <a href="/gift-card" onClick={close} className={styles.giftLink}>
              Gift card
            </a>
          </div>
        ) : (
          <>
            {/* a toast never covers a line; on a phone full of lines the list makes room for it */}
            <ul className={styles.lines} data-toast-room>
              {items.map((line) => (
                <CartLineItem key={line.id} line={line} onNavigate={close} />
              ))}
              {licences.map((line) => (
                <CartLicenceItem key={line.id} line={line} onNavigate={close} />
              ))}
              {giftCards.map((line) => (
                <CartGiftCardItem key={line.id} line={line} onNavigate={close} />
              ))}
            </ul>
            <hr className={styles.divider} />
            {/* the totals, and what the shop says, are never covered by a toast either */}
            <div className={styles.summary} data-toast-avoid>
              <div className={styles.totals}>
                <TotalRow label="Subtotal" amount={cart?.subtotal ?? 0} />
                <TotalRow label="Shipping" amount={cart?.shipping ?? 0} />
                <hr className={styles.divider} />
                <TotalRow label="Total" amount={cart?.total ?? 0} strong />
              </div>
              {!takingOrders && <ClosedShopNotice onNavigate={close} className={styles.closed} />}
              {/* the cart's actions: a toast never covers them */}
              <div className={styles.buttons} data-toast-avoid>
                {takingOrders && (
                  <Button variant="contained" size="large" fullWidth onClick={() => go('/checkout')}>
                    Proceed to Checkout
                  </Button>
                )}
                <Button
                  variant={takingOrders ? 'outlined' : 'contained'}
                  size="large"
                  fullWidth
                  onClick={close}
                >
                  Continue Shopping
                </Button>
                <a href="/gift-card" onClick={close} className={styles.giftLink}>
                  Gift card
                </a>
              </div>
            </div>
          </>
        )}
      </div>
    </Sheet>
  );
}

/** Removes a line (a print or a licence), telling the buyer. */
async function removeLine(id: number) {
  try {
    await removeCartLine(id);
    toast({
      title: 'Item removed',
      description: 'The item has been removed from your cart.',
      scope: CART_TOASTS,
    });
  } catch (err) {
    console.error('Cart remove failed', err);
    toast(cartErrorToast(err, 'Failed to remove the item from your cart. Please try again.'));
  }
}

/** A licence of a file (issue 46): "Editorial licence", "Web, 2048 px", its price; bought once, no stepper. */
function CartLicenceItem({ line, onNavigate }: { line: CartLicenceLine; onNavigate: () => void }) {
  const busy = useCartState().busyLines.includes(line.id);
  const title = line.photo.title;
  return (
    <li className={cx(styles.line, busy && styles.busy)} data-toast-avoid data-kind="licence">
      <div className={styles.thumb}>
        <ResponsiveImage photo={line.photo} alt={title} ratio={1} renderedWidth={76} />
      </div>
      <div className={styles.details}>
        <a href={`/photo/${line.photoId}`} onClick={onNavigate} className={styles.title}>
          {title}
        </a>
        <p className="t-body2">
          <a href={`/licences/${line.licence.slug}`} onClick={onNavigate}>
            {line.licence.name} licence
          </a>
        </p>
        <p className="t-body2 t-muted">{line.size.label}</p>
      </div>
      <div className={styles.side}>
        <p className={styles.price}>{formatPrice(line.price)}</p>
        <IconButton
          aria-label={`Remove the ${line.licence.name} licence of ${title} from cart`}
          onClick={() => removeLine(line.id)}
          disabled={busy}
          className={cx(styles.action, styles.edgeEnd)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </div>
    </li>
  );
}

/** A gift card for someone (issue 47): "Gift card $50 for Ann Lee", its picture, when it is sent. */
function CartGiftCardItem({ line, onNavigate }: { line: CartGiftCardLine; onNavigate: () => void }) {
  const busy = useCartState().busyLines.includes(line.id);
  const { timeZone } = useSite();
  const title = `Gift card ${formatPrice(line.amount).replace(/\.00$/, '')} for ${line.recipientName}`;
  return (
    <li className={cx(styles.line, busy && styles.busy)} data-toast-avoid data-kind="gift-card">
      <div className={styles.thumb}>
        <ResponsiveImage photo={line.photo} alt={line.photo.title} ratio={1} renderedWidth={76} />
      </div>
      <div className={styles.details}>
        <a href="/gift-card" onClick={onNavigate} className={styles.title}>
          {title}
        </a>
        <p className="t-body2 t-muted">{line.recipientEmail}</p>
        <p className="t-body2 t-muted">{sendsText(line.sendAt, timeZone)}</p>
      </div>
      <div className={styles.side}>
        <p className={styles.price}>{formatPrice(line.amount)}</p>
        <IconButton
          aria-label={`Remove the gift card for ${line.recipientName} from cart`}
          onClick={() => removeLine(line.id)}
          disabled={busy}
          className={cx(styles.action, styles.edgeEnd)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </div>
    </li>
  );
}

function CartLineItem({ line, onNavigate }: { line: CartLine; onNavigate: () => void }) {
  const busy = useCartState().busyLines.includes(line.id);
  const title = line.photo?.title ?? 'Print';

  const setQuantity = async (quantity: number) => {
    try {
      await setLineQuantity(line.id, quantity);
    } catch (err) {
      console.error('Cart quantity update failed', err);
      toast(cartErrorToast(err, 'Failed to update quantity. Please try again.'));
    }
  };

  const remove = () => removeLine(line.id);

  return (
    <li className={cx(styles.line, busy && styles.busy)} data-toast-avoid>
      <div className={styles.thumb}>
        <ResponsiveImage photo={line.photo} alt={title} ratio={1} renderedWidth={76} />
      </div>
      <div className={styles.details}>
        <a href={`/photo/${line.photoId}`} onClick={onNavigate} className={styles.title}>
          {title}
        </a>
        <p className="t-body2 t-muted">{joinParts(line.printOption?.size, line.printOption?.format)}</p>
        <div role="group" aria-label={`Quantity of ${title}`} className={styles.quantity}>
          <IconButton
            size="small"
            aria-label={`Decrease quantity of ${title}`}
            disabled={busy || line.quantity <= 1}
            onClick={() => setQuantity(line.quantity - 1)}
            className={styles.action}
          >
            <RemoveIcon size="1.25rem" />
          </IconButton>
          <span aria-live="polite">{line.quantity}</span>
          <IconButton
            size="small"
            aria-label={`Increase quantity of ${title}`}
            disabled={busy || line.quantity >= MAX_QUANTITY}
            onClick={() => setQuantity(line.quantity + 1)}
            className={styles.action}
          >
            <AddIcon size="1.25rem" />
          </IconButton>
        </div>
      </div>
      <div className={styles.side}>
        <p className={styles.price}>{formatPrice(line.printOption?.price ?? 0)}</p>
        <IconButton
          aria-label={`Remove ${title} from cart`}
          onClick={remove}
          disabled={busy}
          className={cx(styles.action, styles.edgeEnd)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </div>
    </li>
  );
}
