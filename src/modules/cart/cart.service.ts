import { randomUUID } from 'node:crypto';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import type { CartRepository } from './cart.repository';
import { lineSums, orderMoney, type OrderMoney } from './order-money';
import {
  giftCardDetails,
  giftCardPhoto,
  giftCardWire,
  pricedGiftCards,
  type GiftCardLookup,
  type PricedGiftCardLine,
} from './cart-gift-cards';
import {
  GIFT_CARD_QUANTITY_REFUSED,
  LICENCE_QUANTITY_REFUSED,
  licenceMessages,
  type AddGiftCardInput,
  type AddLicenceToCartInput,
  type AddToCartInput,
  type Cart,
  type CartLicenceLine,
  type CartLine,
} from '../../contract';
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

/** A licence of a photo in a download size, as a cart line names it. */
export type LicencePair = { photoId: number; licenceId: number; sizeId: number };
/**
 * A pair sold now as the cart reads it (the licences module's answer: its own type, not imported,
 * since licences depends on orders, which depends on the cart).
 */
export type LicenceOffer = LicencePair & {
  priceCents: number;
  licenceSlug: string;
  licenceName: string;
  askMe: boolean;
  taxable: boolean;
  sizeLabel: string;
};

/** What the cart needs of licences (issue 46): what is sold now, and the photo's public facts. */
export type LicenceLookup = {
  /** The asked pairs that are sold now (askMe ones included); the others are left out. */
  find(pairs: LicencePair[]): Promise<LicenceOffer[]>;
  /** The public photo's title and thumbnail, or null when it is not public. */
  publicPhoto(photoId: number): Promise<{ id: number; title: string; thumbnailUrl: string } | null>;
};

/** A cart priced in integer cents (its money from orderMoney), for checkout. */
export type PricedPrintLine = CartLine & {
  kind: 'print';
  priceCents: number;
  shippingCents: number;
  taxable: true;
};
/** A licence of a file: bought once, never shipped; taxed only when its licence says so. */
export type PricedLicenceLine = CartLicenceLine & {
  kind: 'licence';
  quantity: 1;
  priceCents: number;
  shippingCents: 0;
  taxable: boolean;
};
export type { PricedGiftCardLine };
export type PricedLine = PricedPrintLine | PricedLicenceLine | PricedGiftCardLine;
export type PricedCart = {
  /** Prints first (in the order added), then licences, then gift cards (each in the order added). */
  lines: PricedLine[];
  /** Lines dropped (and removed from the cart) because their option is no longer offered. */
  unavailable: number;
  money: OrderMoney;
};

export const UNAVAILABLE_OPTION = 'That print option is not available for this photo.';
export const LINE_NOT_FOUND = 'That item is not in your cart.';
const STALE_AFTER_DAYS = 30;

const pairKey = (p: LicencePair) => `${p.photoId}:${p.licenceId}:${p.sizeId}`;

export function createCartService(
  repo: CartRepository,
  catalog: PrintOptionLookup,
  licences: LicenceLookup,
  giftCards: GiftCardLookup & { timeZone: string },
) {
  /** The licence lines priced as sold now; those no longer sold (or askMe, or photo gone) in `gone`. */
  async function pricedLicences(rows: Awaited<ReturnType<CartRepository['lines']>>, gone: number[]) {
    const pairs = rows.map((r) => ({
      photoId: r.photoId,
      licenceId: r.licenceId!,
      sizeId: r.downloadSizeId!,
    }));
    const offers = new Map((await licences.find(pairs)).map((o) => [pairKey(o), o]));
    const photos = new Map(
      await Promise.all(
        [...new Set(rows.map((r) => r.photoId))].map(
          async (id) => [id, await licences.publicPhoto(id)] as const,
        ),
      ),
    );
    const lines: PricedLicenceLine[] = [];
    for (const [i, row] of rows.entries()) {
      const offer = offers.get(pairKey(pairs[i]!));
      const photo = photos.get(row.photoId);
      if (!offer || offer.askMe || !photo) {
        gone.push(row.id); // no longer sold (or now sold on request only): it cannot be bought
        continue;
      }
      lines.push({
        kind: 'licence',
        id: row.id,
        photoId: row.photoId,
        addedAt: new Date(row.addedAt).toISOString(),
        photo,
        licence: { id: offer.licenceId, slug: offer.licenceSlug, name: offer.licenceName },
        size: { id: offer.sizeId, label: offer.sizeLabel },
        price: toDollars(offer.priceCents),
        quantity: 1,
        priceCents: offer.priceCents,
        shippingCents: 0,
        taxable: offer.taxable,
      });
    }
    return lines;
  }

  async function priced(cartId: string | undefined): Promise<PricedCart> {
    const all = cartId ? await repo.lines(cartId) : [];
    const rows = all.filter((r) => r.kind === 'print');
    const lines: PricedLine[] = [];
    const gone: number[] = [];
    // Prices always come from the catalogue as it is now, never from what was shown earlier.
    const matches = await lookupPrintOptions(
      catalog,
      rows.map((r) => ({ photoId: r.photoId, optionId: r.printOptionId! })),
    );
    for (const row of rows) {
      const found = matches.get(`${row.photoId}:${row.printOptionId}`);
      if (!found) {
        gone.push(row.id); // the option was archived or unassigned since: the line cannot be bought
        continue;
      }
      const { photo, option } = found;
      lines.push({
        kind: 'print',
        taxable: true,
        id: row.id,
        photoId: row.photoId,
        printOptionId: option.id,
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
    const licenceRows = all.filter((r) => r.kind === 'licence');
    if (licenceRows.length) lines.push(...(await pricedLicences(licenceRows, gone)));
    const giftCardRows = all.filter((r) => r.kind === 'gift_card');
    if (giftCardRows.length) lines.push(...(await pricedGiftCards(giftCardRows, giftCards, gone)));
    if (cartId && gone.length) await repo.removeLines(cartId, gone);
    return { lines, unavailable: gone.length, money: orderMoney(lineSums(lines)) };
  }

  function toWire(cart: PricedCart): Cart {
    return {
      items: cart.lines.flatMap(({ priceCents: _p, shippingCents: _s, ...line }) => {
        if (line.kind !== 'print') return [];
        const { kind: _k, taxable: _t, ...print } = line;
        return [print];
      }),
      licences: cart.lines.flatMap((line) => {
        if (line.kind !== 'licence') return [];
        const { id, photoId, addedAt, photo, licence, size, price } = line;
        return [{ id, photoId, addedAt, photo, licence, size, price }];
      }),
      giftCards: cart.lines.flatMap((line) => (line.kind === 'gift_card' ? [giftCardWire(line)] : [])),
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

    /**
     * Adds a licence of a photo in a download size (once: the same again keeps one line). A pair
     * not sold, or a photo not public, is refused (400); a licence sold on request (askMe) is 409.
     */
    async addLicence(
      cartId: string | undefined,
      input: AddLicenceToCartInput,
    ): Promise<{ cartId: string; cart: Cart }> {
      const [offer] = await licences.find([input]);
      const photo = offer && (await licences.publicPhoto(input.photoId));
      if (!offer || !photo)
        throw badRequest(licenceMessages.notOffered, { licenceId: licenceMessages.notOffered });
      if (offer.askMe) throw conflict(licenceMessages.askMe);
      const id = cartId ?? randomUUID();
      await repo.ensureCart(id);
      await repo.addLicenceLine(id, {
        photoId: input.photoId,
        licenceId: input.licenceId,
        downloadSizeId: input.sizeId,
      });
      return { cartId: id, cart: toWire(await priced(id)) };
    },

    /**
     * Adds a gift card for someone (issue 47), a line of its own: its picture one she offers and
     * public, its send time now-to-a-year ahead in the shop's zone (else 400, nothing added).
     */
    async addGiftCard(
      cartId: string | undefined,
      input: AddGiftCardInput,
    ): Promise<{ cartId: string; cart: Cart }> {
      const details = giftCardDetails(input, giftCards.timeZone);
      await giftCardPhoto(giftCards, input.photoId);
      const id = cartId ?? randomUUID();
      await repo.ensureCart(id);
      await repo.addGiftCardLine(id, input.photoId, details);
      return { cartId: id, cart: toWire(await priced(id)) };
    },

    async updateQuantity(cartId: string | undefined, lineId: number, quantity: number): Promise<Cart> {
      const kind = cartId ? await repo.kindOf(cartId, lineId) : null;
      if (kind === 'licence')
        throw badRequest(LICENCE_QUANTITY_REFUSED, { quantity: LICENCE_QUANTITY_REFUSED });
      if (kind === 'gift_card')
        throw badRequest(GIFT_CARD_QUANTITY_REFUSED, { quantity: GIFT_CARD_QUANTITY_REFUSED });
      if (!cartId || !kind || !(await repo.setQuantity(cartId, lineId, quantity)))
        throw notFound(LINE_NOT_FOUND);
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
