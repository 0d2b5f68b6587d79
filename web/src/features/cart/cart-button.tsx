import { useEffect, useRef } from 'react';
import { toast } from '../../components/toast/toast-context';
import { IconButton, ShoppingBagOutlinedIcon } from '../../components/ui';
import { loadCart, openCart, useCartState } from './cart-store';
import { cartCountLabel, itemCount } from './cart-count';
import styles from './cart-button.module.css';

/**
 * Header button that opens the cart panel; its badge counts the cart's lines, as the checkout's
 * summary does, and its name says so: 'Open cart, 2 items (3 prints)'.
 * It also owns the cart's first load (read from the server once hydrated) and reports its failure.
 */
export function CartButton({ className }: { className?: string }) {
  const { cart, status } = useCartState();
  const count = itemCount(cart);
  const isError = status === 'error';

  useEffect(loadCart, []);
  const reported = useRef(false);
  useEffect(() => {
    if (isError && !reported.current) {
      toast({
        title: 'Error',
        description: 'Failed to load your cart. Please try again.',
        variant: 'destructive',
      });
    }
    reported.current = isError;
  }, [isError]);

  return (
    <IconButton
      aria-label={count > 0 ? `Open cart, ${cartCountLabel(cart)}` : 'Open cart'}
      onClick={openCart}
      className={className}
    >
      <span className={styles.icon}>
        <ShoppingBagOutlinedIcon />
        {count > 0 && (
          <span aria-hidden data-testid="cart-count" className={styles.count}>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </IconButton>
  );
}
