import { z } from 'zod';
import { id, numberIn } from '../platform/http/input-rules';
import { printOptionSchema } from './catalog';
import { cartLicenceLineSchema } from './licences';
import { cartGiftCardLineSchema } from './gift-cards';

// The visitor's cart (held by the server, keyed by the session).

export const MAX_QUANTITY = 99;

const quantity = numberIn(
  z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, `Quantity can be at most ${MAX_QUANTITY}`),
);

export const addToCartSchema = z.object({
  photoId: id('Photo'),
  printOptionId: id('Print option'),
  quantity: quantity.default(1),
});

export const updateCartLineSchema = z.object({ quantity });

/** A licence line's quantity is not changed (PUT /api/cart/{id}): a licence is bought once. */
export const LICENCE_QUANTITY_REFUSED = 'A licence is bought once.';
/** Nor a gift card line's (issue 47): one card per line, for one person. */
export const GIFT_CARD_QUANTITY_REFUSED = 'A gift card is bought once.';

export type AddToCartInput = z.output<typeof addToCartSchema>;
/** The body of POST /api/cart as the web app sends it. */
export type NewCartLine = AddToCartInput;

// ---- responses (money in dollars) ----

export const cartLineSchema = z.object({
  id: z.number(),
  photoId: z.number(),
  printOptionId: z.number(),
  quantity: z.number(),
  addedAt: z.string(),
  photo: z.object({ id: z.number(), title: z.string(), thumbnailUrl: z.string() }),
  printOption: printOptionSchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * Totals: `subtotal` = sum of price x quantity, `shipping` = sum of each line's shipping (once per
 * line), `total` = both; `count` = number of lines. `items` are the prints (the spec's lines),
 * `licences` the licences of files (issue 46: no shipping, bought once), `giftCards` the gift cards
 * for someone (issue 47: no shipping, never taxed, bought once); all count and sum.
 */
export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  licences: z.array(cartLicenceLineSchema),
  giftCards: z.array(cartGiftCardLineSchema),
  count: z.number(),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;
