import { z } from 'zod';
import { emailAddress, hasControlCharacters, id, money } from '../platform/http/input-rules';

// Gift cards (issue 47): bought in the cart for someone, sent at a chosen time, spent at checkout
// as a tender (a way to pay, not a discount), checked on a balance page. Money in dollars.

export const GIFT_CARD_MIN_DOLLARS = 10;
export const GIFT_CARD_MAX_DOLLARS = 500;
/** At most this many codes on one order. */
export const MAX_GIFT_CARD_CODES = 5;
/** A send date at most this far ahead (a year: a date in 2 years is refused). */
export const GIFT_CARD_MAX_SEND_DAYS = 366;

export const giftCardMessages = {
  amount: `Choose an amount from $${GIFT_CARD_MIN_DOLLARS} to $${GIFT_CARD_MAX_DOLLARS}.`,
  amountCents: 'The amount must be in whole cents.',
  photo: 'Choose a picture for the card.',
  recipientName: "Enter the recipient's name.",
  recipientEmail: "Enter the recipient's e-mail address.",
  message: 'The message can be at most 500 characters.',
  sendAt: 'Choose a date and time to send it, from now to a year ahead.',
  code: 'Enter a gift card code: 16 letters and digits.',
  unknown: 'That code is not a gift card we know.',
  voided: 'This gift card has been voided.',
  expired: 'This gift card has expired.',
  empty: 'This gift card has no balance left.',
  tooManyCodes: `At most ${MAX_GIFT_CARD_CODES} gift cards can be used on one order.`,
  throttled: 'Too many tries. Please wait 15 minutes and try again.',
  giftCardOnly: 'A gift card cannot be paid with a gift card.',
  alreadySent: 'This gift card has been sent: its recipient can no longer be changed.',
} as const;

/**
 * A code as typed: 16 characters from an alphabet without look-alikes (gift-card-codes.ts), read
 * case-insensitively, spaces and dashes ignored ("WXYZ-ABCD-..."). Anything else (2,000
 * characters, NUL, punctuation) is refused with the same message, before any lookup.
 */
export const giftCardCodeSchema = z
  .string({ error: giftCardMessages.code })
  .max(64, giftCardMessages.code)
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[2-9A-HJ-NP-Z]{16}$/, giftCardMessages.code));

/** The codes a buyer applies at checkout and in the quote (orders' checkout and quote bodies). */
export const giftCardCodesSchema = z
  .array(giftCardCodeSchema, { error: giftCardMessages.code })
  .max(MAX_GIFT_CARD_CODES, giftCardMessages.tooManyCodes)
  .optional();

/** The gift card codes of a checkout or quote: none (absent or null), else each once. */
export const appliedGiftCardCodes = z
  .preprocess(
    (v) => (v === null ? undefined : v),
    giftCardCodesSchema.transform((codes) => (codes?.length ? [...new Set(codes)] : undefined)),
  )
  .optional();

/** A card a buyer applied, as the quote and the placed order show it. */
export const appliedGiftCardSchema = z.object({
  last4: z.string(),
  /** what it pays of this order */
  amount: z.number(),
  /** what is left on it after this order */
  balanceAfter: z.number(),
});
export type AppliedGiftCard = z.infer<typeof appliedGiftCardSchema>;

/** "2026-12-24T08:00": a local date and time in the shop's time zone (SHOP_TIME_ZONE). */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** POST /api/cart/gift-cards: a card for someone, a line of the cart. */
export const addGiftCardSchema = z.object({
  amount: money({
    invalid: giftCardMessages.amount,
    cents: giftCardMessages.amountCents,
    min: [GIFT_CARD_MIN_DOLLARS, giftCardMessages.amount],
    max: [GIFT_CARD_MAX_DOLLARS, giftCardMessages.amount],
  }),
  photoId: id('Photo', { required: giftCardMessages.photo, invalid: giftCardMessages.photo }),
  recipientName: z
    .string({ error: giftCardMessages.recipientName })
    .trim()
    .min(1, giftCardMessages.recipientName)
    .max(100, 'The name can be at most 100 characters.')
    .refine((s) => !hasControlCharacters(s), giftCardMessages.recipientName),
  recipientEmail: emailAddress(giftCardMessages.recipientEmail),
  /** Who it is from, as the recipient's e-mail says (optional: the order's name otherwise). */
  senderName: z
    .string()
    .trim()
    .max(100, 'The name can be at most 100 characters.')
    .refine((s) => !hasControlCharacters(s), 'The name must be one line.')
    .optional(),
  message: z
    .string()
    .max(500, giftCardMessages.message)
    .refine((s) => !s.includes('\u0000'), giftCardMessages.message)
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .optional()
    .default(''),
  /** null (or absent): send when the order is paid; else a local time (shop's zone), checked against now. */
  sendAt: z
    .string({ error: giftCardMessages.sendAt })
    .regex(LOCAL_DATE_TIME, giftCardMessages.sendAt)
    .nullable()
    .optional()
    .default(null),
});
export type AddGiftCardInput = z.output<typeof addGiftCardSchema>;

/** A gift card line of the cart (its `giftCards`): never shipped, never taxed, bought once. */
export const cartGiftCardLineSchema = z.object({
  id: z.number(),
  amount: z.number(),
  photo: z.object({ id: z.number(), title: z.string(), thumbnailUrl: z.string() }),
  recipientName: z.string(),
  recipientEmail: z.string(),
  senderName: z.string().nullable(),
  message: z.string(),
  /** ISO instant, or null: sent once the order is paid */
  sendAt: z.string().nullable(),
  addedAt: z.string(),
});
export type CartGiftCardLine = z.infer<typeof cartGiftCardLineSchema>;

/** GET /api/gift-cards: what the "Gift card" page offers. */
export const giftCardOfferSchema = z.object({
  enabled: z.boolean(),
  amounts: z.array(z.number()),
  min: z.number(),
  max: z.number(),
  photos: z.array(z.object({ id: z.number(), title: z.string(), thumbnailUrl: z.string() })),
  /** the shop's time zone (IANA), in which a send date is given */
  timeZone: z.string(),
});
export type GiftCardOffer = z.infer<typeof giftCardOfferSchema>;

/** POST /api/gift-cards/balance: a code's balance (throttled per visitor and per card). */
export const giftCardBalanceRequestSchema = z.object({ code: giftCardCodeSchema });
export const giftCardBalanceSchema = z.object({
  last4: z.string(),
  balance: z.number(),
  status: z.enum(['active', 'voided', 'expired']),
  /** promotional credit only: when it ends (ISO), else null */
  expiresAt: z.string().nullable(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

/** POST /api/orders/by-token/{token}/gift-cards/{lineId}/recipient: before it is sent. */
export const giftCardRecipientSchema = z.object({
  recipientEmail: emailAddress(giftCardMessages.recipientEmail),
});

/** A gift card line's facts on the buyer's order page and the admin's order (line details). */
export const orderGiftCardViewSchema = z.object({
  /** the order line (the buyer's page names it to change the recipient) */
  lineId: z.number(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  sendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** the card's last 4 once issued (paid), else null */
  last4: z.string().nullable(),
  /** the recipient's e-mail may still be changed (issued or not, not yet sent) */
  canChangeRecipient: z.boolean(),
});
export type OrderGiftCardView = z.infer<typeof orderGiftCardViewSchema>;

/**
 * What a gift card line stores (`cart_items.gift_card`, `order_line_items.gift_card`, jsonb): the
 * buyer's choices, snapshotted; the card itself is made when the order is paid.
 */
export type GiftCardLineDetails = {
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string | null;
  message: string;
  /** ISO instant; null: sent once the order is paid */
  sendAt: string | null;
};
