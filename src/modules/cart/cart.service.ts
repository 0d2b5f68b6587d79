import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import type { CartRepository } from './cart.repository';
import { lineSums, orderMoney, type OrderMoney } from './order-money';
import type { AddToCartInput, Cart, CartLine } from '../../contract';
import type { PrintOptionMatch } from '../catalog';

/** What the cart needs from the catalogue (its public service), prices in dollars. */
export type PrintOptionLookup = {
  /** The option when it is assigned to the photo and neither is archived; else null. */
  findPrintOption(photoId: number, optionId: number): Promise<PrintOptionMatch | null>;
  /** The same for many pairs in one query; unavailable pairs are left out. */
  findPrintOptions(pairs: { photoId: number; optionId: number }[]): Promise<PrintOptionMatch[]>;
};

/** Looks up many photo+option pairs at once; the map's key is `${photoId}:${optionId}`. */
async function lookupPrintOptions(
  catalog: PrintOptionLookup,
  pairs: { photoId: number; optionId: number }[],
): Promise<Map<string, PrintOptionMatch>> {
  const found = pairs.length ? await catalog.findPrintOptions(pairs) : [];
  return new Map(found.map((m) => [`${m.photo.id}:${m.option.id}`, m]));
}

/** A cart priced in integer cents (its money from orderMoney), for checkout. */
export type PricedLine = CartLine & { priceCents: number; shippingCents: number };
export type PricedCart = {
  lines: PricedLine[];
  /** Lines dropped (and removed from the cart) because their option is no longer offered. */
  unavailable: number;
  money: OrderMoney;
};

export const UNAVAILABLE_OPTION = 'That print option is not available for this photo.';
export const LINE_NOT_FOUND = 'That item is not in your cart.';
const STALE_AFTER_DAYS = 30;

export function createCartService(repo: CartRepository, catalog: PrintOptionLookup) {
  async function priced(cartId: string | undefined): Promise<PricedCart> {
    const rows = cartId ? await repo.lines(cartId) : [];
    const lines: PricedLine[] = [];
    const gone: number[] = [];
    // Prices always come from the catalogue as it is now, never from what was shown earlier.
    const matches = await lookupPrintOptions(
      catalog,
      rows.map((r) => ({ photoId: r.photoId, optionId: r.printOptionId })),
    );
    for (const row of rows) {
      const found = matches.get(`${row.photoId}:${row.printOptionId}`);
      if (!found) {
        gone.push(row.id); // the option was archived or unassigned since: the line cannot be bought
        continue;
      }
      const { photo, option } = found;
      lines.push({
        id: row.id,
        photoId: row.photoId,
        printOptionId: row.printOptionId,
        quantity: row.quantity,
        addedAt: new Date(row.addedAt).toISOString(),
        photo: { id: photo.id, title: photo.title, thumbnailUrl: photo.thumbnailUrl },
        printOption: {
          id: option.id,
          aspectRatio: option.aspectRatio,
          size: option.size,
          format: option.format,
          price: option.price,
          shipping: option.shipping,
        },
        priceCents: toCents(option.price),
        shippingCents: toCents(option.shipping),
      });
    }
    if (cartId && gone.length) await repo.removeLines(cartId, gone);
    return { lines, unavailable: gone.length, money: orderMoney(lineSums(lines)) };
  }

  function toWire(cart: PricedCart): Cart {
    return {
      items: cart.lines.map(({ priceCents: _p, shippingCents: _s, ...line }) => line),
      count: cart.lines.length,
      subtotal: toDollars(cart.money.subtotalCents),
      shipping: toDollars(cart.money.shippingCents),
      total: toDollars(cart.money.totalCents),
    };
  }

  return {
    /** The visitor's cart with server prices; an unknown or missing id is an empty cart. */
    async getCart(cartId: string | undefined): Promise<Cart> {
      return toWire(await priced(cartId));
    },

    /** The same cart in integer cents, for checkout (which orders exactly this cart). */
    getPricedCart: priced,

    /** Adds a line (creating the cart on first add); returns the cart id to keep in the session. */
    async addItem(
      cartId: string | undefined,
      input: AddToCartInput,
    ): Promise<{ cartId: string; cart: Cart }> {
      const found = await catalog.findPrintOption(input.photoId, input.printOptionId);
      if (!found) throw badRequest(UNAVAILABLE_OPTION, { printOptionId: UNAVAILABLE_OPTION });
      // shown but not for sale now (an edition sold out): the catalogue's message
      if (found.refused) throw conflict(found.refused);
      const id = cartId ?? randomUUID();
      await repo.ensureCart(id);
      await repo.addLine(id, input.photoId, input.printOptionId, input.quantity);
      return { cartId: id, cart: toWire(await priced(id)) };
    },

    async updateQuantity(cartId: string | undefined, lineId: number, quantity: number): Promise<Cart> {
      if (!cartId || !(await repo.setQuantity(cartId, lineId, quantity))) throw notFound(LINE_NOT_FOUND);
      return toWire(await priced(cartId));
    },

    async removeItem(cartId: string | undefined, lineId: number): Promise<Cart> {
      if (!cartId || !(await repo.removeLine(cartId, lineId))) throw notFound(LINE_NOT_FOUND);
      return toWire(await priced(cartId));
    },

    /** Empties the cart (the cart row stays, so the session keeps pointing at it). */
    async clear(cartId: string | undefined): Promise<Cart> {
      if (cartId) await repo.clear(cartId);
      return toWire(await priced(undefined));
    },

    /** Sweeper: anonymous carts untouched for 30 days are deleted with their lines. */
    async deleteStaleCarts(): Promise<number> {
      return repo.deleteUntouchedSince(STALE_AFTER_DAYS);
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
