import type { Cart } from '../../lib/api-types';

/**
 * What the cart badge and the checkout's 'Show N prints' count: the prints, each line's quantity
 * added up (two lines, one of them twice: 3 prints). The one count a buyer reads anywhere.
 */
export const printCount = (cart: Pick<Cart, 'items'> | undefined): number =>
  (cart?.items ?? []).reduce((sum, line) => sum + line.quantity, 0);

/** '1 print', '3 prints'. */
export const printsLabel = (count: number): string => `${count} ${count === 1 ? 'print' : 'prints'}`;
