import type { Db } from '../../platform/db';
import { MAX_QUANTITY } from '../../contract';

export type CartLineRow = {
  id: number;
  photoId: number;
  printOptionId: number;
  quantity: number;
  addedAt: Date;
};

const lineColumns = {
  id: 'id',
  photoId: 'photo_id',
  printOptionId: 'item_option_id',
  quantity: 'quantity',
  addedAt: 'added_at',
};

export function createCartRepository(db: Db) {
  const touch = (cartId: string) => db('carts').where({ id: cartId }).update({ updated_at: db.fn.now() });
  return {
    async lines(cartId: string): Promise<CartLineRow[]> {
      return db('cart_items')
        .where({ cart_id: cartId })
        .select(lineColumns)
        .orderBy([
          { column: 'added_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ]);
    },

    /** Creates the cart row when missing (a new visitor, or a cart the cleanup removed). */
    async ensureCart(cartId: string): Promise<void> {
      await db('carts').insert({ id: cartId }).onConflict('id').merge({ updated_at: db.fn.now() });
    },

    /** Adds a line, or adds to the quantity of the same photo+option line (capped). */
    async addLine(cartId: string, photoId: number, optionId: number, quantity: number): Promise<void> {
      await db('cart_items')
        .insert({ cart_id: cartId, photo_id: photoId, item_option_id: optionId, quantity })
        .onConflict(['cart_id', 'photo_id', 'item_option_id'])
        .merge({
          quantity: db.raw('least(cart_items.quantity + excluded.quantity, ?)', [MAX_QUANTITY]),
        });
      await touch(cartId);
    },

    /** Number of rows changed: 0 when the line is not in this cart. */
    async setQuantity(cartId: string, lineId: number, quantity: number): Promise<number> {
      const n = await db('cart_items').where({ cart_id: cartId, id: lineId }).update({ quantity });
      if (n) await touch(cartId);
      return n;
    },

    async removeLine(cartId: string, lineId: number): Promise<number> {
      const n = await db('cart_items').where({ cart_id: cartId, id: lineId }).delete();
      if (n) await touch(cartId);
      return n;
    },

    async removeLines(cartId: string, lineIds: number[]): Promise<void> {
      if (lineIds.length) await db('cart_items').where({ cart_id: cartId }).whereIn('id', lineIds).delete();
    },

    async clear(cartId: string): Promise<void> {
      await db('cart_items').where({ cart_id: cartId }).delete();
      await touch(cartId);
    },

    /** Deletes carts (and, by cascade, their lines) untouched for the given number of days. */
    async deleteUntouchedSince(days: number): Promise<number> {
      return db('carts')
        .where('updated_at', '<', db.raw(`now() - make_interval(days => ?)`, [days]))
        .delete();
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
