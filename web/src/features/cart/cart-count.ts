import type { Cart } from '../../lib/api-types';
import { giftCardsOf } from '../../lib/gift-cards';

/**
 * What the cart badge and the checkout's 'Show N items' count: the cart's lines (the spec's badge
 * shows "the number of cart lines"), one item per print chosen, whatever its quantity. Where a
 * quantity makes the prints more than the items, the label says both: '2 items (3 prints)'.
 */
type Counted = Pick<Cart, 'items'> & Partial<Pick<Cart, 'licences'>>;

/** Prints, licences of files (issue 46) and gift cards (issue 47) alike: a licence or a card is one item. */
export const itemCount = (cart: Counted | undefined): number =>
  (cart?.items.length ?? 0) + (cart?.licences?.length ?? 0) + giftCardsOf(cart).length;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** '1 item', '3 items', '2 items (3 prints)'. */
export function cartCountLabel(cart: Counted | undefined): string {
  const items = itemCount(cart);
  const printLines = cart?.items.length ?? 0;
  const prints = (cart?.items ?? []).reduce((sum, line) => sum + line.quantity, 0);
  return prints === printLines
    ? plural(items, 'item')
    : `${plural(items, 'item')} (${plural(prints, 'print')})`;
}
