import { z } from 'zod';
import { decimal, id } from '../platform/http/input-rules';

// Paying for an order (any provider) and the admin's refunds.

export const createPaymentIntentSchema = z.object({
  orderId: id('Order', { invalid: 'Order is required' }),
  amount: decimal('Amount must be a number').pipe(z.number().positive('Amount must be positive')).optional(),
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
} as const;

export const refundMessages = {
  amount: 'Enter an amount of at least $0.01.',
  reason: 'Choose a reason for the refund.',
  note: 'The note must be at most 500 characters.',
  key: 'This refund request is not valid. Please open the refund dialog again.',
  notPaid: 'Only a paid order can be refunded.',
  nothingLeft: 'This order has already been refunded in full.',
  tooMuch: (left: string) => `The refund is more than what is left to refund (${left}).`,
  keyReused: 'This refund request was already used for another order.',
  failedBefore: 'This refund failed. Close the dialog and start a new refund.',
  madeAtProvider: 'Refunded in the payment provider dashboard.',
} as const;

export const refundSchema = z.object({
  amount: z.coerce
    .number({ error: refundMessages.amount })
    .min(0.01, refundMessages.amount)
    .max(1_000_000, refundMessages.amount)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, refundMessages.amount),
  reason: z.enum(refundReasons, { error: refundMessages.reason }),
  note: z.string().trim().max(500, refundMessages.note).optional(),
  idempotencyKey: z.string({ error: refundMessages.key }).regex(/^[A-Za-z0-9_-]{8,80}$/, refundMessages.key),
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

/** POST /api/test-payments/confirm; a declined card is a 402 instead. */
export const testConfirmResultSchema = z.object({ status: z.literal('succeeded') });
export type TestConfirmResult = z.infer<typeof testConfirmResultSchema>;

/** GET /api/orders/{id}/status: the payment status as reconciled. */
export const orderPaymentStatusSchema = z.object({ status: z.string() });
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
