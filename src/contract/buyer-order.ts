import { z } from 'zod';
import { orderLineKinds } from './licences';
import {
  fulfillmentStatuses,
  lineDetailsViewSchema,
  orderMoneyShape,
  paymentStatuses,
  shipmentSchema,
} from './orders';

// The buyer's order page (by its token): its own answer, beside the admin's in orders.ts.

/** GET /api/orders/by-token/{token}: what the buyer's order page shows, nothing leading elsewhere. */
export const buyerOrderSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  status: z.enum(paymentStatuses),
  fulfillmentStatus: z.enum(fulfillmentStatuses),
  items: z.array(
    z.object({
      kind: z.enum(orderLineKinds),
      title: z.string(),
      size: z.string(),
      format: z.string(),
      quantity: z.number(),
      price: z.number(),
      thumbnailUrl: z.string(),
      ...lineDetailsViewSchema.shape,
    }),
  ),
  ...orderMoneyShape,
  /** What gift cards paid of the total (0: none), and what was left for the card: the amount due. */
  paidWithGiftCards: z.number(),
  amountDue: z.number(),
  refundedAmount: z.number(),
  refunds: z.array(z.object({ amount: z.number(), reason: z.string(), createdAt: z.string() })),
  shippingAddress: z.string(),
  /** The latest shipment; `shipments` has every one (an order made by two labs ships twice). */
  shipment: shipmentSchema,
  shipments: z.array(shipmentSchema),
  shippingNotice: z.object({ line1: z.string(), line2: z.string().nullable() }).nullable(),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;
