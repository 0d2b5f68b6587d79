import { BaseModel, hasMany } from '../../platform/model';
import type { FulfillmentStatus, GiftCardLineDetails, PaymentStatus } from '../../contract';

/**
 * The one model of the `orders` row: the order and its payment are one aggregate, and only this
 * module writes it. Who writes which columns, inside the module:
 * - orders.repository.ts: the buyer's details (the address in parts too), the totals, cart_id and status_token (at checkout
 *   and when a retry re-prices an unpaid order), fulfillment and tracking;
 * - payments/order-payment.repository.ts: the payment columns (status, payment_provider,
 *   payment_intent_id, payment_secret_hash, paid_at, refunded_cents, dispute_*).
 */
export class Order extends BaseModel {
  static tableName = 'orders';

  declare id: number;
  declare customerName: string;
  declare customerEmail: string;
  /** The buyer's phone for the carrier (optional at checkout); the print lab gets it. */
  declare customerPhone: string | null;
  /** The spec's multi-line address; composed from the parts below when they are known. */
  declare shippingAddress: string;
  declare addressLine1: string | null;
  declare addressLine2: string | null;
  declare addressCity: string | null;
  declare addressState: string | null;
  declare addressZip: string | null;
  /** Given as one text that could not be read into parts: the owner checks it before shipping. */
  declare addressNeedsReview: boolean;
  declare subtotalCents: number;
  declare shippingCents: number;
  declare totalCents: number;
  /** The promotion code applied, as the buyer saw it ("SPRING20", "20% off"); null without one. */
  declare promotionCode: string | null;
  declare promotionSummary: string | null;
  /** Off the goods and (free shipping) off the shipping; total = subtotal - discount + shipping + tax. */
  declare discountCents: number;
  declare taxCents: number;
  /** What tenders (a gift card, store credit) pay of the total: the sum of `order_tenders`. */
  declare tendersCents: number;
  /** What tax was computed on: the discounted goods, with shipping where the state taxes it. */
  declare taxableCents: number;
  /** The state taxed (null: no tax collected there), the rate (percent, our rates) and how. */
  declare taxState: string | null;
  declare taxRate: number | null;
  declare taxProvider: 'manual' | 'stripe' | null;
  /** Stripe Tax's calculation, recorded as a tax transaction once paid. */
  declare taxCalculationId: string | null;
  declare status: PaymentStatus;
  declare fulfillmentStatus: FulfillmentStatus;
  declare paymentProvider: string | null;
  declare paymentIntentId: string | null;
  declare paymentSecretHash: string | null;
  declare cartId: string | null;
  declare paidAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare shippingCarrier: string | null;
  declare trackingNumber: string | null;
  declare shippedNotifiedAt: Date | null;
  declare shippedNotifiedTracking: string | null;
  declare refundedCents: number;
  declare disputeId: string | null;
  declare disputeStatus: string | null;
  declare disputeReason: string | null;
  declare disputeDueBy: Date | null;
  declare disputeAmountCents: number | null;
  declare statusToken: string | null;
  /** Who the order's licences are for (issue 46); null on an order of prints only. */
  declare licenseeName: string | null;
  declare licenseeKind: 'person' | 'organisation' | null;

  declare lineItems?: OrderLineItem[];

  static relationMappings = () => ({
    lineItems: hasMany(OrderLineItem, 'orders.id', 'order_line_items.order_id'),
  });
}

/** What was bought, as it was when bought: title, size, format and prices are a snapshot. */
export class OrderLineItem extends BaseModel {
  static tableName = 'order_line_items';
  // a gift card line's details (jsonb) go out as JSON and come back as the object
  static jsonAttributes = ['giftCard'];

  declare id: number;
  declare orderId: number;
  /** A print, or a licence of a file (issue 46): its size is the download size's label, its format the licence's name. */
  declare kind: 'print' | 'licence' | 'gift_card';
  declare photoId: number;
  /** null on a licence line */
  declare printOptionId: number | null;
  declare licenceId: number | null;
  declare downloadSizeId: number | null;
  /** Whether the owner's tax rules applied to the line (a licence's own setting when bought). */
  declare taxable: boolean;
  /** A gift card line's details (issue 47): amount, recipient, message, when to send; else null. */
  declare giftCard: GiftCardLineDetails | null;
  declare quantity: number;
  declare priceCents: number;
  declare shippingCents: number;
  declare title: string;
  declare size: string;
  declare format: string;
  declare createdAt: Date;
}
