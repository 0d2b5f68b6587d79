import { useCallback } from 'react';
import { useToast } from '../../components/toast';
import { useAppDispatch } from '../../lib/hooks';
import { CART_TOASTS, cartErrorToast } from './cart-error-toast';
import { cartApi, useAddToCartMutation, useClearCartMutation } from './api';
import { openCart } from './cart-ui-slice';

/** Clearing waits at most this long for the server before reporting done. */
export const CLEAR_CART_WAIT_MS = 1500;

/**
 * Adds one print (quantity 1) to the cart with the spec's toasts, and opens the cart panel on
 * success. Resolves to whether the item was added.
 */
export function useAddToCart() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [add, { isLoading }] = useAddToCartMutation();

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
        await add({ photoId, printOptionId, quantity: 1 }).unwrap();
        toast({
          title: 'Added to cart',
          description: 'The item has been added to your cart.',
          scope: CART_TOASTS,
        });
        dispatch(openCart());
        return true;
      } catch (err) {
        console.error('Add to cart failed', err);
        toast(cartErrorToast(err, 'Failed to add the item to your cart. Please try again.'));
        return false;
      }
    },
    [add, dispatch, toast],
  );

  return { addToCart, isAdding: isLoading };
}

/**
 * Empties the cart: the local list at once, then the server call, waiting at most 1.5 s.
 * Always resolves to true, even when the call fails: clearing never blocks the buyer.
 */
export function useClearCart() {
  const dispatch = useAppDispatch();
  const [clear] = useClearCartMutation();

  return useCallback(async (): Promise<true> => {
    dispatch(
      cartApi.util.updateQueryData('getCart', undefined, (cart) => {
        cart.items = [];
        cart.count = 0;
        cart.subtotal = 0;
        cart.shipping = 0;
        cart.total = 0;
      }),
    );
    const request = clear()
      .unwrap()
      .catch((err: unknown) => console.warn('Clearing the cart failed', err));
    await Promise.race([request, new Promise((resolve) => setTimeout(resolve, CLEAR_CART_WAIT_MS))]);
    return true;
  }, [clear, dispatch]);
}
