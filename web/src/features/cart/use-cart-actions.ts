import { useCallback } from 'react';
import { toast } from '../../components/toast/toast-context';
import { CART_TOASTS, cartErrorToast } from './cart-error-toast';
import { addCartLicence, addCartLine, clearCart, openCart, useCartState } from './cart-store';

/**
 * Adds one print (quantity 1) to the cart with the spec's toasts, and opens the cart panel on
 * success. Resolves to whether the item was added.
 */
export function useAddToCart() {
  const { adding } = useCartState();

  const addToCart = useCallback(
    async (photoId: number, printOptionId: number | null | undefined): Promise<boolean> => {
      if (!printOptionId) {
        toast({
          title: 'Print option required',
          description: 'Please select a print size and format',
          variant: 'destructive',
          scope: CART_TOASTS,
        });
        return false;
      }
      try {
        await addCartLine({ photoId, printOptionId, quantity: 1 });
        toast({
          title: 'Added to cart',
          description: 'The item has been added to your cart.',
          scope: CART_TOASTS,
        });
        openCart();
        return true;
      } catch (err) {
        console.error('Add to cart failed', err);
        toast(cartErrorToast(err, 'Failed to add the item to your cart. Please try again.'));
        return false;
      }
    },
    [],
  );

  /** A licence of the photo in a download size (issue 46), with the same toasts and panel. */
  const addLicence = useCallback(
    async (photoId: number, licenceId: number, sizeId: number): Promise<boolean> => {
      try {
        await addCartLicence({ photoId, licenceId, sizeId });
        toast({
          title: 'Added to cart',
          description: 'The licence has been added to your cart.',
          scope: CART_TOASTS,
        });
        openCart();
        return true;
      } catch (err) {
        console.error('Add licence to cart failed', err);
        toast(cartErrorToast(err, 'Failed to add the licence to your cart. Please try again.'));
        return false;
      }
    },
    [],
  );

  return { addToCart, addLicence, isAdding: adding };
}

/** Empties the cart (cart-store.ts, clearCart): always resolves to true, never blocks the buyer. */
export function useClearCart() {
  return useCallback(async (): Promise<true> => {
    await clearCart();
    return true;
  }, []);
}
