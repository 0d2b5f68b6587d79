import type { Cart } from '../../lib/api-types';

/**
 * What the checkout's 'Show N items' counts: the cart's lines, one item per print chosen, whatever
 * its quantity. Where a quantity makes the prints more than the items, the label says both:
 * '2 items (3 prints)'.
 */
export const itemCount = (cart: Pick<Cart, 'items'> | undefined): number => cart?.items.length ?? 0;

/**
 * What the cart badge counts: the prints, every line's quantity (2 of one and 1 of another is 3).
 * Issue 51: a badge counting lines said 2 there, which read as a print gone missing.
 */
export const printCount = (cart: Pick<Cart, 'items'> | undefined): number =>
  (cart?.items ?? []).reduce((sum, line) => sum + line.quantity, 0);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** '1 item', '3 items', '2 items (3 prints)'. */
export function cartCountLabel(cart: Pick<Cart, 'items'> | undefined): string {
  const items = itemCount(cart);
  const prints = printCount(cart);
  return prints === items ? plural(items, 'item') : `${plural(items, 'item')} (${plural(prints, 'print')})`;
}

/**
 * The cart button's count, the badge's number first (its visible text must be part of its name):
 * '1 item', '3 items', '3 prints (2 items)'.
 */
export function cartButtonCount(cart: Pick<Cart, 'items'> | undefined): string {
  const items = itemCount(cart);
  const prints = printCount(cart);
  return prints === items ? plural(items, 'item') : `${plural(prints, 'print')} (${plural(items, 'item')})`;
}
