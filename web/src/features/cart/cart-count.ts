import type { Cart } from '../../lib/api-types';

/**
 * What the cart badge and the checkout's 'Show N items' count: the cart's lines (the spec's badge
 * shows "the number of cart lines"), one item per print chosen, whatever its quantity. Where a
 * quantity makes the prints more than the items, the label says both: '2 items (3 prints)'.
 */
export const itemCount = (cart: Pick<Cart, 'items'> | undefined): number => cart?.items.length ?? 0;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** '1 item', '3 items', '2 items (3 prints)'. */
export function cartCountLabel(cart: Pick<Cart, 'items'> | undefined): string {
  const items = itemCount(cart);
  const prints = (cart?.items ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return prints === items ? plural(items, 'item') : `${plural(items, 'item')} (${plural(prints, 'print')})`;
}
