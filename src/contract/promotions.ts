import { z } from 'zod';
import { id, MAX_DOLLARS, money, wholeNumber } from '../platform/http/input-rules';

// Promotion codes: the owner's codes (admin) and the code a buyer enters at checkout.

export const promotionKinds = ['percent', 'amount', 'free_shipping'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

export const promotionMessages = {
  code: 'The code must be 3 to 40 letters, digits, dashes or underscores.',
  kind: 'Choose percent off, amount off or free shipping.',
  percent: 'Percent off must be a whole number from 1 to 100.',
  amount: 'Amount off must be at least $0.01.',
  amountCents: 'Amount off must be in whole cents (at most 2 decimal places)',
  amountTooLarge: 'Amount off is too large.',
  minSubtotal: 'The minimum subtotal must be $0 or more.',
  minSubtotalCents: 'The minimum subtotal must be in whole cents (at most 2 decimal places)',
  minSubtotalTooLarge: 'The minimum subtotal is too large.',
  date: 'Dates must be valid dates and times.',
  dates: 'The expiry must be after the start.',
  maxUses: 'Total uses must be a whole number from 1 to 1,000,000.',
  maxUsesPerEmail: 'Uses per buyer must be a whole number from 1 to 1,000,000.',
  format: 'Each print format must be 1 to 100 characters, without < or >.',
  duplicate: 'A promotion code with this name already exists.',
  notFound: 'Promotion code not found.',
  usedCannotDelete: 'This code has been used, so it can not be deleted. Pause it instead.',
  // the buyer's side
  invalid: 'This promotion code is not valid.',
  notStarted: 'This promotion code is not active yet.',
  expired: 'This promotion code has expired.',
  paused: 'This promotion code is not active right now.',
  usedUp: 'This promotion code has been used up.',
  usedByEmail: 'This promotion code has already been used with this e-mail address.',
  minimum: (amount: string) => `This promotion code needs a subtotal of at least ${amount}.`,
  notForItems: 'This promotion code does not apply to the prints in your cart.',
} as const;

const CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/** A code as typed by the owner or a buyer: trimmed, upper case, letters, digits, - and _. */
export const promotionCodeText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .regex(CODE_PATTERN, message)
    .transform((s) => s.toUpperCase());

const when = z.iso.datetime({ offset: true, error: promotionMessages.date });
const optionalWhen = z.preprocess((v) => (v === '' ? null : v), when.nullable().optional());
const optionalCount = (message: string) =>
  z.preprocess((v) => (v === '' ? null : v), wholeNumber(message, 1, 1_000_000).nullable().optional());

/** POST /api/admin/promotions and PUT /api/admin/promotions/{id}. Money in dollars. */
export const promotionInputSchema = z
  .object({
    code: promotionCodeText(promotionMessages.code),
    kind: z.enum(promotionKinds, { error: promotionMessages.kind }),
    /** percent: 1..100 */
    percentOff: z.preprocess(
      (v) => (v === '' ? null : v),
      wholeNumber(promotionMessages.percent, 1, 100).nullable().optional(),
    ),
    /** amount: dollars off the eligible prints */
    amountOff: z.preprocess(
      (v) => (v === '' ? null : v),
      money({
        invalid: promotionMessages.amount,
        cents: promotionMessages.amountCents,
        min: [0.01, promotionMessages.amount],
        max: [MAX_DOLLARS, promotionMessages.amountTooLarge],
      })
        .nullable()
        .optional(),
    ),
    startsAt: optionalWhen,
    expiresAt: optionalWhen,
    maxUses: optionalCount(promotionMessages.maxUses),
    maxUsesPerEmail: optionalCount(promotionMessages.maxUsesPerEmail),
    minSubtotal: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : v),
      money({
        invalid: promotionMessages.minSubtotal,
        cents: promotionMessages.minSubtotalCents,
        min: [0, promotionMessages.minSubtotal],
        max: [MAX_DOLLARS, promotionMessages.minSubtotalTooLarge],
      }),
    ),
    /** Limited to these photos (empty: every photo). */
    photoIds: z.array(id('Photo')).max(1000).default([]),
    /** Limited to these print formats, by name (empty: every format). */
    formats: z
      .array(
        z
          .string({ error: promotionMessages.format })
          .trim()
          .min(1, promotionMessages.format)
          .max(100, promotionMessages.format)
          .refine((s) => !/[<>\p{Cc}]/u.test(s), promotionMessages.format),
      )
      .max(100)
      .default([]),
    paused: z.boolean().default(false),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'percent' && p.percentOff == null)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: promotionMessages.percent });
    if (p.kind === 'amount' && p.amountOff == null)
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: promotionMessages.amount });
    if (p.startsAt && p.expiresAt && Date.parse(p.expiresAt) <= Date.parse(p.startsAt))
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: promotionMessages.dates });
  });
export type PromotionInput = z.output<typeof promotionInputSchema>;

/** PATCH /api/admin/promotions/{id}: pause or resume. */
export const promotionPauseSchema = z.object({
  paused: z.boolean({ error: 'paused must be true or false' }),
});

/** A code as the admin lists it. Money in dollars. */
export const promotionViewSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(promotionKinds),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerEmail: z.number().nullable(),
  minSubtotal: z.number(),
  photoIds: z.array(z.number()),
  formats: z.array(z.string()),
  paused: z.boolean(),
  /** Paid orders that used it. */
  uses: z.number(),
  /** Unpaid orders holding a use (released if they are canceled). */
  pendingUses: z.number(),
  /** 'active', 'paused', 'scheduled' (not started), 'expired' or 'used up'. */
  state: z.enum(['active', 'paused', 'scheduled', 'expired', 'used up']),
  /** "20% off", "$5.00 off", "Free shipping", with its limits. */
  summary: z.string(),
  createdAt: z.string(),
});
export type PromotionView = z.infer<typeof promotionViewSchema>;
export const promotionListSchema = z.object({ promotions: z.array(promotionViewSchema) });
export type PromotionList = z.infer<typeof promotionListSchema>;
