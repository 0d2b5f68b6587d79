import { BaseModel, hasMany } from '../../platform/model';

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

/** One photo in one print option; the price is never stored (it is the catalogue's, when read). */
export class CartItem extends BaseModel {
  static tableName = 'cart_items';

  declare id: number;
  declare cartId: string;
  declare photoId: number;
  declare printOptionId: number;
  declare quantity: number;
  declare addedAt: Date;
}
