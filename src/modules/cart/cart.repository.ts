import type { Db } from '../../platform/db';
import { Cart, CartItem } from './cart.model';
import { MAX_QUANTITY, type GiftCardLineDetails } from '../../contract';

export function createCartRepository(db: Db) {
  const touch = (cartId: string) => Cart.query(db).findById(cartId).patch({ updatedAt: db.fn.now() });
  const linesOf = (cartId: string) => CartItem.query(db).where({ cart_id: cartId });
  return {
    /** The cart's lines, oldest first. */
    async lines(cartId: string): Promise<CartItem[]> {
      return Cart.relatedQuery('lines', db)
        .for(cartId)
        .orderBy([
          { column: 'added_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ]);
    },

    /** Creates the cart row when missing (a new visitor, or a cart the cleanup removed). */
    async ensureCart(cartId: string): Promise<void> {
      await Cart.query(db).insert({ id: cartId }).onConflict('id').merge({ updatedAt: db.fn.now() });
    },

    /** Adds a line, or adds to the quantity of the same photo+option line (capped). */
    async addLine(cartId: string, photoId: number, printOptionId: number, quantity: number): Promise<void> {
      await CartItem.query(db)
        .insert({ cartId, photoId, printOptionId, quantity })
        .onConflict(['cart_id', 'photo_id', 'print_option_id'])
        .merge({ quantity: db.raw('least(cart_items.quantity + excluded.quantity, ?)', [MAX_QUANTITY]) });
      await touch(cartId);
    },

    /** Adds a licence line, once: the same licence of the same photo in the same size stays one line. */
    async addLicenceLine(
      cartId: string,
      line: { photoId: number; licenceId: number; downloadSizeId: number },
    ): Promise<void> {
      // the partial unique index (kind = 'licence') is the conflict target
      await db.raw(
        `INSERT INTO cart_items (cart_id, kind, photo_id, licence_id, download_size_id, quantity)
         VALUES (?, 'licence', ?, ?, ?, 1)
         ON CONFLICT (cart_id, photo_id, licence_id, download_size_id) WHERE kind = 'licence' DO NOTHING`,
        [cartId, line.photoId, line.licenceId, line.downloadSizeId],
      );
      await touch(cartId);
    },

    /** Adds a gift card line (issue 47): each card is its own line, for its own recipient. */
    async addGiftCardLine(cartId: string, photoId: number, giftCard: GiftCardLineDetails): Promise<void> {
      await CartItem.query(db).insert({ cartId, kind: 'gift_card', photoId, quantity: 1, giftCard });
      await touch(cartId);
    },

    /** The line's kind, or null when it is not in this cart. */
    async kindOf(cartId: string, lineId: number): Promise<CartItem['kind'] | null> {
      const row = await linesOf(cartId).findById(lineId).select('kind');
      return row?.kind ?? null;
    },

    /** Number of rows changed: 0 when the line is not in this cart. */
    async setQuantity(cartId: string, lineId: number, quantity: number): Promise<number> {
      const n = await linesOf(cartId).findById(lineId).patch({ quantity });
      if (n) await touch(cartId);
      return n;
    },

    async removeLine(cartId: string, lineId: number): Promise<number> {
      const n = await linesOf(cartId).findById(lineId).delete();
      if (n) await touch(cartId);
      return n;
    },

    async removeLines(cartId: string, lineIds: number[]): Promise<void> {
      if (lineIds.length) await linesOf(cartId).whereIn('id', lineIds).delete();
    },

    async clear(cartId: string): Promise<void> {
      await linesOf(cartId).delete();
      await touch(cartId);
    },

    /** Deletes carts (and, by cascade, their lines) untouched for the given number of days. */
    async deleteUntouchedSince(days: number): Promise<number> {
      return Cart.query(db)
        .where('updated_at', '<', db.raw(`now() - make_interval(days => ?)`, [days]))
        .delete();
    },
  };
}
export type CartRepository = ReturnType<typeof createCartRepository>;
