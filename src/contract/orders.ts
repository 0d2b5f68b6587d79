import { z } from 'zod';
import { emailAddress, id, MAX_DOLLARS, money, wholeNumber } from '../platform/http/input-rules';
import { lineEditionSchema } from './editions';
import { appliedGiftCardCodes, appliedGiftCardSchema } from './gift-cards';
import { licenseeSchema, licenseeViewSchema, lineLicenceSchema, orderLineKinds } from './licences';
import { orderGiftCardViewSchema } from './gift-cards';
import { refundToSchema, refundViewSchema } from './payments';
import { promotionCodeText, promotionMessages } from './promotions';
import { isUsStateCode, ZIP_PATTERN } from './us-states';

// Placing an order, the buyer's order page and the admin's order list and detail.

export const paymentStatuses = [
  'pending',
  'processing',
  'paid',
  'failed',
  'canceled',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const fulfillmentStatuses = ['received', 'paid', 'shipped', 'completed', 'canceled'] as const;
export type FulfillmentStatus = (typeof fulfillmentStatuses)[number];

export const orderMessages = {
  /** No payment provider is configured (production without one): checkout refuses, and says so. */
  notTakingOrders: 'This shop is not taking orders yet.',
  name: 'Name must be at least 3 characters',
  nameTooLong: 'Name must be at most 100 characters',
  email: 'Please enter a valid email address',
  address: 'Please enter your complete shipping address',
  addressTooLong: 'The shipping address must be at most 1000 characters',
  usOnly: 'We ship to US addresses only.',
  addressLineTooLong: 'Each address line must be at most 100 characters',
  cityTooLong: 'The city must be at most 60 characters',
  addressCharacters: 'The address must not contain line breaks, < or >',
  state: 'Please choose a US state or territory',
  zip: 'Please enter a valid ZIP code (5 digits, or ZIP+4)',
  total: 'The total must be at least $0.01',
  totalCents: 'The total must be in whole cents (at most 2 decimal places)',
  totalTooLarge: 'The total is too large.',
  emptyCart: 'Your cart is empty.',
  quantity: 'Quantity must be between 1 and 99',
  unavailable: 'That print option is not available for this photo.',
  priceChanged: 'Prices have changed since you added these prints. Please review your cart.',
  orderNotFound: 'Order not found.',
  noLongerAvailable: 'One of the prints in your cart is no longer available. Please review your cart.',
  fulfillment: 'Fulfillment status must be one of received, paid, shipped, completed, canceled.',
  carrier: 'Carrier must be one of USPS, UPS, FedEx, DHL, other.',
  trackingNumber: 'The tracking number must be at most 100 letters, digits, spaces or dashes.',
  paymentFilter: 'Payment filter must be unpaid or all.',
  amountDue: 'The amount due must be a number of dollars, at least $0.',
  phone: 'Please enter a phone number of 7 to 20 digits (spaces, dashes, dots, + and brackets are fine)',
} as const;

/** The buyer's phone for the carrier: optional; digits with the usual separators. */
export const phoneText = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
  z
    .string({ error: orderMessages.phone })
    .trim()
    .max(40, orderMessages.phone)
    .regex(/^\+?[\d\s().-]+$/, orderMessages.phone)
    .refine((s) => {
      const digits = s.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 20;
    }, orderMessages.phone)
    .optional(),
);

/** One line of an address: trimmed, one line, no markup. */
const addressText = (max: number, tooLong: string) =>
  z
    .string({ error: orderMessages.address })
    .trim()
    .min(1, orderMessages.address)
    .max(max, tooLong)
    .refine((s) => !/[<>\p{Cc}]/u.test(s), orderMessages.addressCharacters);

/** A US address in parts: the state a two-letter code of usStates, the ZIP 5 or 9 digits. */
export const usAddressSchema = z.object({
  line1: addressText(100, orderMessages.addressLineTooLong),
  // optional: left out, null and blank are all "no second line"
  line2: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    addressText(100, orderMessages.addressLineTooLong).optional(),
  ),
  city: addressText(60, orderMessages.cityTooLong),
  state: z
    .string({ error: orderMessages.address })
    .trim()
    .min(1, orderMessages.address)
    .transform((s) => s.toUpperCase())
    .refine(isUsStateCode, orderMessages.state),
  zip: z
    .string({ error: orderMessages.address })
    .trim()
    .min(1, orderMessages.address)
    .regex(ZIP_PATTERN, orderMessages.zip),
});
export type UsAddress = z.output<typeof usAddressSchema>;

export const checkoutItemSchema = z.object({
  photoId: id('Photo', { invalid: 'Photo is required' }),
  printOptionId: id('Print option', { invalid: 'Print option is required' }),
  quantity: wholeNumber(orderMessages.quantity, 1, 99),
});

export const checkoutSchema = z.object({
  customerName: z
    .string({ error: orderMessages.name })
    .trim()
    .min(3, orderMessages.name)
    .max(100, orderMessages.nameTooLong)
    // a name is one line: keeps e-mail subjects and CSV rows clean
    .transform((s) => s.replace(/\s+/g, ' ')),
  customerEmail: emailAddress(orderMessages.email),
  /** The spec's client (and older app versions): the address as one text; parsed when possible. */
  shippingAddress: z
    .string({ error: orderMessages.address })
    .trim()
    .min(10, orderMessages.address)
    .max(1000, orderMessages.addressTooLong)
    .transform((s) => s.replace(/\r\n?/g, '\n'))
    .optional(),
  /**
   * The address in parts (our checkout), preferred; one of the two is required with a print, and
   * without a licensee but for an order of gift cards only (checked against the cart at checkout).
   */
  address: usAddressSchema.optional(),
  /** Who the licences are for (issue 46): required with a licence; without prints, no address. */
  // (gift cards, issue 47, ask neither: an order of gift cards only has no address nor licensee)
  licensee: licenseeSchema.optional(),
  /** Licences only, when the shop collects tax: the buyer's state and ZIP, where they are taxed. */
  taxLocation: z.object({ state: usAddressSchema.shape.state, zip: usAddressSchema.shape.zip }).optional(),
  /** Optional, for the carrier: given to the print lab with the address. */
  phone: phoneText,
  /** A promotion code the buyer applied (checked again here; a used-up code is refused). */
  promotionCode: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    promotionCodeText(promotionMessages.invalid).optional(),
  ),
  /** Gift card codes (issue 47): each pays what it can of the total. */
  giftCardCodes: appliedGiftCardCodes,
  /** Optional: the quote's `amountDue` she saw; a card paying less now is refused with its balance. */
  amountDue: money({
    invalid: orderMessages.amountDue,
    cents: orderMessages.totalCents,
    min: [0, orderMessages.amountDue],
    max: [MAX_DOLLARS, orderMessages.totalTooLarge],
  }).optional(),
  /**
   * The total the buyer was shown, in dollars: checked against the server's (with its tax, or
   * before tax: the spec's client shows the cart's total), never used.
   */
  totalAmount: money({
    invalid: orderMessages.total,
    cents: orderMessages.totalCents,
    min: [0.01, orderMessages.total],
    max: [MAX_DOLLARS, orderMessages.totalTooLarge],
  }),
  /**
   * Not needed: the order is the visitor's cart as the server holds it. Older app versions (still
   * cached by installed apps) send the lines they showed; they are checked for form, then ignored.
   */
  items: z
    .array(checkoutItemSchema, { error: orderMessages.emptyCart })
    .min(1, orderMessages.emptyCart)
    .max(100)
    .optional(),
});
/** The body as the server reads it; a client sends exactly this (every value is accepted as is). */
export type CheckoutInput = z.output<typeof checkoutSchema>;
export type CheckoutRequest = Omit<CheckoutInput, 'items'>;

/** The applied code as the buyer sees it: "SPRING20: 20% off". */
export const appliedPromotionSchema = z.object({ code: z.string(), summary: z.string() });
/** The tax line: the state and rate (our rates), or Stripe Tax's figure (rate null). */
export const appliedTaxSchema = z.object({
  state: z.string(),
  rate: z.string().nullable(),
  label: z.string(),
});

/**
 * POST /api/checkout/quote: the cart's money with a code and for an address, before the order is
 * placed (the summary's discount and tax lines). Every part is optional: without a state there is
 * no tax yet; the e-mail lets a per-buyer limit be checked early.
 */
export const checkoutQuoteSchema = z.object({
  promotionCode: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
    promotionCodeText(promotionMessages.invalid).optional(),
  ),
  giftCardCodes: appliedGiftCardCodes, // the answer shows what each would pay; nothing is held
  customerEmail: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    emailAddress(orderMessages.email).optional(),
  ),
  address: z
    .object({
      line1: z.string().max(100).optional(),
      city: z.string().max(60).optional(),
      state: usAddressSchema.shape.state,
      zip: z.preprocess(
        (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
        z.string().trim().regex(ZIP_PATTERN, orderMessages.zip).optional(),
      ),
    })
    .optional(),
});
export type CheckoutQuoteInput = z.output<typeof checkoutQuoteSchema>;
/** An order's money as the buyer sees it: the quote's, the placed order's and her order page's. */
export const orderMoneyShape = {
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  promotion: appliedPromotionSchema.nullable(),
  taxLine: appliedTaxSchema.nullable(),
};
export const checkoutQuoteResultSchema = z.object({
  ...orderMoneyShape,
  /**
   * The shop collects sales tax at all (the owner saved settings listing a state, or chose Stripe
   * Tax): false, and the checkout shows no tax line.
   */
  taxCollected: z.boolean(),
  giftCards: z.array(appliedGiftCardSchema), // issue 47: what each card pays, what is left on it
  /** What is left to pay by card, in dollars: the total less the gift cards (0: nothing to pay). */
  amountDue: z.number(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteResultSchema>;

/** POST /api/checkout: the order's number and money as quoted; `paid`: gift cards paid it all. */
export const checkoutResultSchema = checkoutQuoteResultSchema.extend({
  orderId: z.number(),
  paid: z.boolean(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const carriers = ['USPS', 'UPS', 'FedEx', 'DHL', 'other'] as const;
export const orderPaymentFilters = ['unpaid', 'all'] as const;
export type OrderPaymentFilter = (typeof orderPaymentFilters)[number];
export type Carrier = (typeof carriers)[number];

export const fulfillmentSchema = z.object({
  fulfillmentStatus: z.enum(fulfillmentStatuses, { error: orderMessages.fulfillment }),
  // both optional: sent by the shipping dialog; absent keeps what the order has
  carrier: z.enum(carriers, { error: orderMessages.carrier }).nullable().optional(),
  trackingNumber: z
    .string({ error: orderMessages.trackingNumber })
    .trim()
    .max(100, orderMessages.trackingNumber)
    .regex(/^[A-Za-z0-9 -]*$/, orderMessages.trackingNumber)
    .nullable()
    .optional(),
});

export type FulfillmentInput = z.output<typeof fulfillmentSchema>;

export const orderListQuerySchema = z.object({
  fulfillmentStatus: z.enum(fulfillmentStatuses, { error: orderMessages.fulfillment }).optional(),
  q: z.string().trim().max(200).optional(),
  disputed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /**
   * Unset: the orders someone paid for (unpaid attempts, payment pending, failed or canceled,
   * are left out); 'unpaid': only those attempts; 'all': both.
   */
  payment: z.enum(orderPaymentFilters, { error: orderMessages.paymentFilter }).optional(),
});

export const statusTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/);
/** The query as the server reads it (`disputed` is a boolean after parsing). */
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

// ---- responses (money in dollars) ----

export const disputeViewSchema = z.object({
  status: z.string(),
  reason: z.string(),
  dueBy: z.string().nullable(),
  amount: z.number().nullable(),
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

export const shipmentSchema = z.object({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** An entry of GET /api/admin/orders (and the answer of a fulfillment change). */
export const orderSummarySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  totalAmount: z.number(),
  status: z.enum(paymentStatuses),
  fulfillmentStatus: z.enum(fulfillmentStatuses),
  /** When the payment succeeded (createdAt is when checkout began); null while unpaid. */
  paidAt: z.string().nullable(),
  /** Only on a disputed order. */
  dispute: disputeViewSchema.optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/**
 * The fields the order lines' plug-ins (orders' line details) add to every line of the admin's
 * order, the buyer's page and confirmation, each written by its plug-in's `view`.
 */
export const lineDetailsViewSchema = z.object({
  /** The line's limited-edition print ("7/25", its certificate), or null (editions' line details). */
  edition: lineEditionSchema.nullable(),
  /** The line's licence (its id, certificate, check page and link state), or null (licences' line details). */
  licence: lineLicenceSchema.nullable(),
  /** The line's gift card (recipient, when sent, last 4 once issued), or null (gift cards' line details). */
  giftCard: orderGiftCardViewSchema.nullable(),
});
export type LineDetailsView = z.infer<typeof lineDetailsViewSchema>;

export const orderLineItemSchema = z.object({
  id: z.number(),
  kind: z.enum(orderLineKinds),
  quantity: z.number(),
  priceAtPurchase: z.number(),
  shippingAtPurchase: z.number(),
  photo: z.object({ id: z.number(), title: z.string(), thumbnailUrl: z.string() }).nullable(),
  // the spec's name for the line's print option (docs/architecture.md, Names)
  itemOption: z.object({ size: z.string(), format: z.string() }).nullable(),
  ...lineDetailsViewSchema.shape,
});
export type OrderLineItem = z.infer<typeof orderLineItemSchema>;

/**
 * An order's money in dollars, as the server computed it (total = subtotal - discount + shipping +
 * tax; net = total - refunded): shown as it is, never recomputed from the lines.
 */
export const orderMoneySchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type OrderMoneyView = z.infer<typeof orderMoneySchema>;

/** GET /api/admin/orders/{id}. */
export const orderDetailSchema = z.object({
  order: orderSummarySchema.extend({
    shippingAddress: z.string(),
    /** The address in parts; null when it was given as one text that could not be read. */
    address: z
      .object({
        line1: z.string(),
        line2: z.string().nullable(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
      })
      .nullable(),
    /** Given as one text that could not be read into parts: the owner checks it. */
    addressNeedsReview: z.boolean(),
    subtotal: z.number(),
    shipping: z.number(),
    money: orderMoneySchema,
    promotion: appliedPromotionSchema.nullable(),
    taxLine: appliedTaxSchema.nullable(),
    paymentIntentId: z.string().nullable(),
    /** The buyer's phone for the carrier, when given. */
    phone: z.string().nullable(),
    /** The latest shipment (the order's carrier and tracking number). */
    shipment: shipmentSchema,
    /** Every shipment, oldest first: one per lab that made part of the order, or the owner's own. */
    shipments: z.array(shipmentSchema),
    refundedAmount: z.number(),
    refunds: z.array(refundViewSchema),
    /** Where a refund can still go (issue 47): the card and each gift card (payments.ts). */
    refundTo: refundToSchema,
    licensee: licenseeViewSchema.nullable(), // who the order's licences are for; null without
  }),
  lineItems: z.array(orderLineItemSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export type AdminOrder = OrderDetail['order'];
