import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../components/toast';
import { IconButton, ShoppingBagOutlinedIcon } from '../../components/ui';
import { useGetCartQuery } from './api';
import { openCart } from './cart-ui-slice';
import { cartCountLabel, itemCount } from './cart-count';
import styles from './cart-button.module.css';

/**
 * Header button that opens the cart panel; its badge counts the cart's lines, as the checkout's
 * summary does, and its name says so: 'Open cart, 2 items (3 prints)'.
 * It also owns the cart's first load (loaded from the server at start) and reports its failure.
 */
export function CartButton({ className }: { className?: string }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { data: cart, isError } = useGetCartQuery();
  const count = itemCount(cart);

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
  }, [isError, toast]);

  return (
    <IconButton
      aria-label={count > 0 ? `Open cart, ${cartCountLabel(cart)}` : 'Open cart'}
      onClick={() => dispatch(openCart())}
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
