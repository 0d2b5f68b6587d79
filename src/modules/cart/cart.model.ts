import { BaseModel, hasMany } from '../../platform/model';
import type { GiftCardLineDetails } from '../../contract';

/** A visitor's cart, keyed by a random id kept in their session. */
export class Cart extends BaseModel {
  static tableName = 'carts';

  declare id: string;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare lines?: CartItem[];

  static relationMappings = () => ({
    lines: hasMany(CartItem, 'carts.id', 'cart_items.cart_id'),
  });
}

/**
 * One photo in one print option, or (kind 'licence', issue 46) one licence of a photo in a
 * download size, quantity 1, or (kind 'gift_card', issue 47) a gift card for someone, its picture
 * the photo and its choices in `giftCard`. The price of a print or a licence is never stored (the
 * catalogue's or the licences', when read); a gift card's is its amount.
 */
export class CartItem extends BaseModel {
  static tableName = 'cart_items';
  static jsonAttributes = ['giftCard'];

  declare id: number;
  declare cartId: string;
  declare kind: 'print' | 'licence' | 'gift_card';
  declare photoId: number;
  /** null on a licence line */
  declare printOptionId: number | null;
  /** set on a licence line only */
  declare licenceId: number | null;
  declare downloadSizeId: number | null;
  /** set on a gift card line only (the buyer's choices) */
  declare giftCard: GiftCardLineDetails | null;
  declare quantity: number;
  declare addedAt: Date;
}
