import { z } from 'zod';
import { emailAddress, hasControlCharacters, id, money } from '../platform/http/input-rules';
import { GIFT_CARD_MAX_DOLLARS, GIFT_CARD_MIN_DOLLARS, giftCardMessages } from './gift-cards';

// Gift cards (issue 47), the owner's side: her settings (on or off, the amounts and photos
// offered), the cards with their ledgers, what she does to one (adjust, void, resend, change its
// recipient before it is sent) and a card issued by hand. Money in dollars on the wire.

/** A card issued by hand: $1 to $5,000 (a fair's sale, a raffle prize). */
export const ISSUE_MIN_DOLLARS = 1;
export const ISSUE_MAX_DOLLARS = 5000;
/** At most this many amounts offered, and photos a card may show. */
export const MAX_OFFERED_AMOUNTS = 12;
export const MAX_OFFERED_PHOTOS = 60;
/** The list's page. */
export const GIFT_CARD_PAGE_SIZE = 50;

export const giftCardAdminMessages = {
  offeredAmount: `Each amount must be from $${GIFT_CARD_MIN_DOLLARS} to $${GIFT_CARD_MAX_DOLLARS}, in whole cents.`,
  amounts: `Offer 1 to ${MAX_OFFERED_AMOUNTS} different amounts.`,
  photos: `Choose at most ${MAX_OFFERED_PHOTOS} different photos.`,
  unknownPhoto: 'One of the chosen photos does not exist.',
  enabled: 'Choose whether gift cards are sold.',
  issueAmount: `Enter an amount from $${ISSUE_MIN_DOLLARS} to $${ISSUE_MAX_DOLLARS.toLocaleString('en-US')}.`,
  amountCents: 'The amount must be in whole cents.',
  kind: 'Choose purchased or promotional.',
  expiresAt: 'Choose an end date in the future.',
  purchasedNeverExpires: 'A purchased card never expires: only promotional credit can have an end date.',
  recipientName: 'The name can be at most 100 characters, on one line.',
  recipientEmail: 'Enter a valid e-mail address.',
  sendNeedsEmail: "Enter the recipient's e-mail address to e-mail the card.",
  message: 'The message can be at most 500 characters.',
  adjustAmount: `Enter an amount to add or take off, up to $${ISSUE_MAX_DOLLARS.toLocaleString('en-US')}, not 0.`,
  reason: 'Enter a reason (at most 500 characters).',
  belowZero: 'The balance can not go below $0.',
  notFound: 'Gift card not found.',
  voided: 'This gift card has been voided.',
  heldByOrder: 'An unpaid order holds part of this card: void it once that order is paid or canceled.',
  noEmail: 'This gift card has no recipient e-mail address to send it to.',
  resent: 'The gift card is on its way to its recipient again.',
  page: 'The page must be a whole number from 1.',
} as const;

const oneLine = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((s) => !hasControlCharacters(s), message);
const blankAsNull = (v: unknown) => (typeof v === 'string' && !v.trim() ? null : v);

/** A reason the owner gives (an adjustment, a void): 1 to 500 characters, no control characters but line breaks. */
const reasonSchema = z
  .string({ error: giftCardAdminMessages.reason })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, giftCardAdminMessages.reason)
      .max(500, giftCardAdminMessages.reason)
      .refine((s) => !hasControlCharacters(s.replace(/\n/g, ' ')), giftCardAdminMessages.reason),
  );

/** PUT /api/admin/gift-cards/settings. */
export const giftCardSettingsInputSchema = z.object({
  enabled: z.boolean({ error: giftCardAdminMessages.enabled }),
  /** dollars, shown in this order */
  amounts: z
    .array(
      money({
        invalid: giftCardAdminMessages.offeredAmount,
        cents: giftCardAdminMessages.offeredAmount,
        min: [GIFT_CARD_MIN_DOLLARS, giftCardAdminMessages.offeredAmount],
        max: [GIFT_CARD_MAX_DOLLARS, giftCardAdminMessages.offeredAmount],
      }),
      { error: giftCardAdminMessages.amounts },
    )
    .min(1, giftCardAdminMessages.amounts)
    .max(MAX_OFFERED_AMOUNTS, giftCardAdminMessages.amounts)
    .refine(
      (a) => new Set(a.map((d) => Math.round(d * 100))).size === a.length,
      giftCardAdminMessages.amounts,
    ),
  /** the photos a card may show, in the order offered */
  photoIds: z
    .array(id('Photo', { invalid: giftCardAdminMessages.unknownPhoto }), {
      error: giftCardAdminMessages.photos,
    })
    .max(MAX_OFFERED_PHOTOS, giftCardAdminMessages.photos)
    .refine((ids) => new Set(ids).size === ids.length, giftCardAdminMessages.photos),
});
export type GiftCardSettingsInput = z.output<typeof giftCardSettingsInputSchema>;

const photoChoiceSchema = z.object({ id: z.number(), title: z.string(), thumbnailUrl: z.string() });

/** GET/PUT /api/admin/gift-cards/settings: what is offered now. */
export const giftCardSettingsSchema = z.object({
  enabled: z.boolean(),
  amounts: z.array(z.number()),
  photos: z.array(photoChoiceSchema),
});
export type GiftCardSettings = z.infer<typeof giftCardSettingsSchema>;

export const giftCardKinds = ['purchased', 'promotional'] as const;
export type GiftCardKind = (typeof giftCardKinds)[number];

/**
 * Where a card is: 'voided', 'expired' (promotional, past its end), 'sent' (e-mailed at
 * `sentAt`), 'scheduled' (to be e-mailed at `sendAt`), 'not-emailed' (no send planned: handed over).
 */
export const giftCardStatuses = ['scheduled', 'sent', 'not-emailed', 'voided', 'expired'] as const;
export type GiftCardStatus = (typeof giftCardStatuses)[number];

/** A card as the list shows it. */
export const adminGiftCardSchema = z.object({
  id: z.number(),
  last4: z.string(),
  kind: z.enum(giftCardKinds),
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  initial: z.number(),
  balance: z.number(),
  status: z.enum(giftCardStatuses),
  sendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** bought in the shop (an order's line), else issued by hand */
  bought: z.boolean(),
  createdAt: z.string(),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

/** GET /api/admin/gift-cards?page=N: newest first, a page at a time, with what she owes on cards. */
export const giftCardListQuerySchema = z.object({
  page: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : /^\d{1,6}$/.test(String(v)) ? Number(v) : v),
    z.number({ error: giftCardAdminMessages.page }).int().min(1, giftCardAdminMessages.page),
  ),
});
export const giftCardListSchema = z.object({
  cards: z.array(adminGiftCardSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** the balance of purchased cards (money owed; promotional credit is not counted) */
  outstanding: z.number(),
});
export type GiftCardList = z.infer<typeof giftCardListSchema>;

export const ledgerEntryKinds = [
  'issued',
  'held',
  'released',
  'spent',
  'refunded',
  'adjusted',
  'voided',
] as const;

/** One line of a card's ledger, oldest first. */
export const giftCardLedgerEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(ledgerEntryKinds),
  /** in words: "Held for order #12", "Adjusted: lost at the fair" */
  description: z.string(),
  /** signed dollars */
  amount: z.number(),
  /** the balance after this entry */
  balance: z.number(),
  orderId: z.number().nullable(),
});
export type GiftCardLedgerEntry = z.infer<typeof giftCardLedgerEntrySchema>;

/** GET /api/admin/gift-cards/{id} and the answer of every change of one. */
export const giftCardDetailSchema = z.object({
  card: adminGiftCardSchema.extend({
    senderName: z.string().nullable(),
    message: z.string().nullable(),
    photo: z.object({ id: z.number(), title: z.string() }).nullable(),
  }),
  entries: z.array(giftCardLedgerEntrySchema),
  canAdjust: z.boolean(),
  canResend: z.boolean(),
  canChangeRecipient: z.boolean(),
});
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

/** POST /api/admin/gift-cards: a card issued by hand. */
export const issueGiftCardSchema = z
  .object({
    amount: money({
      invalid: giftCardAdminMessages.issueAmount,
      cents: giftCardAdminMessages.amountCents,
      min: [ISSUE_MIN_DOLLARS, giftCardAdminMessages.issueAmount],
      max: [ISSUE_MAX_DOLLARS, giftCardAdminMessages.issueAmount],
    }),
    kind: z.enum(giftCardKinds, { error: giftCardAdminMessages.kind }),
    /** promotional only: when the credit ends (ISO with offset), in the future; empty: never */
    expiresAt: z.preprocess(
      blankAsNull,
      z.iso
        .datetime({ offset: true, error: giftCardAdminMessages.expiresAt })
        .refine((s) => Date.parse(s) > Date.now(), giftCardAdminMessages.expiresAt)
        .nullable()
        .default(null),
    ),
    recipientName: z.preprocess(
      blankAsNull,
      oneLine(giftCardAdminMessages.recipientName, 100).nullable().default(null),
    ),
    recipientEmail: z.preprocess(
      blankAsNull,
      emailAddress(giftCardAdminMessages.recipientEmail).nullable().default(null),
    ),
    message: z.preprocess(
      blankAsNull,
      z
        .string({ error: giftCardAdminMessages.message })
        .max(500, giftCardAdminMessages.message)
        .refine((s) => !s.includes('\u0000'), giftCardAdminMessages.message)
        .transform((s) => s.replace(/\r\n?/g, '\n').trim())
        .nullable()
        .default(null),
    ),
    /** "E-mail it to the recipient now" */
    sendNow: z.boolean({ error: 'sendNow must be true or false' }).default(false),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'purchased' && c.expiresAt)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: giftCardAdminMessages.purchasedNeverExpires,
      });
    if (c.sendNow && !c.recipientEmail)
      ctx.addIssue({
        code: 'custom',
        path: ['recipientEmail'],
        message: giftCardAdminMessages.sendNeedsEmail,
      });
  });
export type IssueGiftCardInput = z.output<typeof issueGiftCardSchema>;

/** The answer of an issue: the card, and its code shown this once ("WXYZ-ABCD-EFGH-JKLM"). */
export const issuedGiftCardSchema = giftCardDetailSchema.extend({ code: z.string() });
export type IssuedGiftCard = z.infer<typeof issuedGiftCardSchema>;

/** POST /api/admin/gift-cards/{id}/adjust: dollars to add (+) or take off (−), with her reason. */
export const adjustGiftCardSchema = z.object({
  amount: money({
    invalid: giftCardAdminMessages.adjustAmount,
    cents: giftCardAdminMessages.amountCents,
    min: [-ISSUE_MAX_DOLLARS, giftCardAdminMessages.adjustAmount],
    max: [ISSUE_MAX_DOLLARS, giftCardAdminMessages.adjustAmount],
  }).refine((d) => d !== 0, giftCardAdminMessages.adjustAmount),
  reason: reasonSchema,
});
export type AdjustGiftCardInput = z.output<typeof adjustGiftCardSchema>;

/** POST /api/admin/gift-cards/{id}/void. */
export const voidGiftCardSchema = z.object({ reason: reasonSchema });

/** PUT /api/admin/gift-cards/{id}/recipient: before the card is sent. */
export const giftCardRecipientChangeSchema = z.object({
  recipientEmail: emailAddress(giftCardMessages.recipientEmail),
  recipientName: z.preprocess(
    blankAsNull,
    oneLine(giftCardAdminMessages.recipientName, 100).nullable().optional(),
  ),
});
export type GiftCardRecipientChange = z.output<typeof giftCardRecipientChangeSchema>;

/** POST /api/admin/gift-cards/{id}/resend: 202. */
export const giftCardResendSchema = z.object({ message: z.string() });
