import { z } from 'zod';
import { centsMessage, id, MAX_DOLLARS, money } from '../platform/http/input-rules';

// Paying for an order (any provider) and the admin's refunds.

export const createPaymentIntentSchema = z.object({
  orderId: id('Order', { invalid: 'Order is required' }),
  amount: money({
    invalid: 'Amount must be a number',
    cents: centsMessage('Amount'),
    min: [0.01, 'Amount must be positive'],
    max: [MAX_DOLLARS, 'Amount is too large'],
  }).optional(),
});

const field = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const testConfirmSchema = z.object({
  clientSecret: field('This payment session is not valid. Please start checkout again.', 200),
  cardNumber: field('Your card number is invalid.', 40),
  expiry: field("Your card's expiration date is invalid.", 10),
  cvc: field("Your card's security code is invalid.", 10),
  name: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
});

export const statusQuerySchema = z.object({
  secret: z.string({ error: 'Order not found.' }).min(1, 'Order not found.').max(300),
});

export const refundReasons = [
  'requested_by_customer',
  'duplicate',
  'fraudulent',
  'damaged',
  'other',
] as const;
export type RefundReason = (typeof refundReasons)[number];

export const paymentMessages = {
  notConfigured: 'Card payments are not set up on this site yet.',
  session: 'This payment session is not valid. Please start checkout again.',
  webhooksOff: 'Stripe webhooks are not configured.',
  orderNotFound: 'Order not found.',
  alreadyPaid: 'This order is already paid.',
  amountMismatch: 'The amount does not match the order total. Please review your cart.',
  canceled: 'This payment was canceled. Please check out again.',
  otherProvider: 'This order was started with another payment method. Please check out again.',
  /** Gift cards pay the whole order (issue 47): it was paid at checkout, no card is charged. */
  nothingDue: 'Gift cards pay this whole order: there is nothing to pay by card.',
} as const;

export const refundMessages = {
  amount: 'Enter an amount of at least $0.01.',
  amountCents: 'Enter the amount in dollars and cents, with at most 2 decimal places.',
  reason: 'Choose a reason for the refund.',
  note: 'The note must be at most 500 characters.',
  key: 'This refund request is not valid. Please open the refund dialog again.',
  notPaid: 'Only a paid order can be refunded.',
  nothingLeft: 'This order has already been refunded in full.',
  tooMuch: (left: string) => `The refund is more than what is left to refund (${left}).`,
  keyReused: 'This refund request was already used for another order.',
  keyChanged:
    'This refund request was already sent with another amount, reason or note. Close the dialog and start a new refund.',
  failedBefore: 'This refund failed. Close the dialog and start a new refund.',
  madeAtProvider: 'Refunded in the payment provider dashboard.',
} as const;

export const refundSchema = z.object({
  amount: money({
    invalid: refundMessages.amount,
    cents: refundMessages.amountCents,
    min: [0.01, refundMessages.amount],
    max: [1_000_000, refundMessages.amount],
  }),
  reason: z.enum(refundReasons, { error: refundMessages.reason }),
  note: z.string().trim().max(500, refundMessages.note).optional(),
  idempotencyKey: z.string({ error: refundMessages.key }).regex(/^[A-Za-z0-9_-]{8,80}$/, refundMessages.key),
  /** The order's licence lines to revoke with this refund (issue 46; a full refund revokes all). */
  revokeLicenceLines: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'Choose the licences to revoke.' })
    .max(500, 'Choose the licences to revoke.')
    .optional(),
});
export type RefundInput = z.output<typeof refundSchema>;
export type TestConfirmInput = z.output<typeof testConfirmSchema>;

// ---- responses (money in dollars) ----

export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'test']),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;
export type PaymentIntentRequest = z.output<typeof createPaymentIntentSchema>;

/**
 * The token of the buyer's order page (`/orders/{token}`), for whoever holds the payment secret:
 * the storefront links the confirmation on `/` to it.
 */
const orderPageToken = z.string().nullable();

/** POST /api/test-payments/confirm; a declined card is a 402 instead. */
export const testConfirmResultSchema = z.object({ status: z.literal('succeeded'), orderPageToken });
export type TestConfirmResult = z.infer<typeof testConfirmResultSchema>;

/** GET /api/orders/{id}/status: the payment status as reconciled. */
export const orderPaymentStatusSchema = z.object({ status: z.string(), orderPageToken });
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatusSchema>;

/** What the admin and the buyer see of a refund. */
export const refundViewSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  amount: z.number(),
  reason: z.string(),
  note: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundViewSchema>;

/**
 * Where a refund of an order can still go (issue 47), in dollars: the card (what it paid, what is
 * left to return to it) and each gift card the order spent ("gift card ••••7XKQ"), in the order a
 * refund fills them; the admin's refund dialog shows the split (src/shared/refund-split.ts).
 */
const refundSourceSchema = z.object({ paid: z.number(), left: z.number() });
export const refundToSchema = z.object({
  card: refundSourceSchema,
  tenders: z.array(refundSourceSchema.extend({ label: z.string() })),
});
export type RefundTo = z.infer<typeof refundToSchema>;

/** The owner cancels an unpaid order (POST /api/admin/orders/{id}/cancel); a paid one is refunded. */
export const cancelMessages = {
  paid: 'This order is paid, so it can not be canceled. Refund it instead.',
  processing: 'The payment for this order is still being processed, so it can not be canceled now.',
  paidMeanwhile: 'This order was paid meanwhile, so it was not canceled. Refund it instead.',
  notNow: 'This order could not be canceled right now. Please try again in a moment.',
} as const;
