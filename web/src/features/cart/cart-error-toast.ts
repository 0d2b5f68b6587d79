import { isOfflineError, OFFLINE_MESSAGE } from '../../lib/api-error';

/** The scope of the cart's toasts: checkout closes them as it opens (they would cover its summary). */
export const CART_TOASTS = 'cart';

/** The toast for a cart change that failed: offline says so, any other failure says `failure`. */
export const cartErrorToast = (err: unknown, failure: string) => ({
  title: 'Error',
  description: isOfflineError(err) ? OFFLINE_MESSAGE : failure,
  variant: 'destructive' as const,
  scope: CART_TOASTS,
});
