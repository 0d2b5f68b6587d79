import type { RefundView } from '../payments';
import type { FulfillmentStatus, PaymentStatus } from './orders.schemas';

// What the orders module answers over HTTP (the admin's list and detail, the buyer's order page).

export type OrderSummary = {
  id: number;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  totalAmount: number;
  status: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  /** Only on a disputed order. */
  dispute?: DisputeView;
};
export type DisputeView = { status: string; reason: string; dueBy: string | null; amount: number | null };
export type Shipment = { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
export type OrderDetail = {
  order: OrderSummary & {
    shippingAddress: string;
    subtotal: number;
    shipping: number;
    paymentIntentId: string | null;
    paidAt: string | null;
    shipment: Shipment;
    refundedAmount: number;
    refunds: RefundView[];
  };
  lineItems: {
    id: number;
    quantity: number;
    priceAtPurchase: number;
    shippingAtPurchase: number;
    photo: { id: number; title: string; thumbnailUrl: string } | null;
    itemOption: { size: string; format: string } | null;
  }[];
};

/** What the buyer's order page shows: nothing that leads to other orders. */
export type BuyerOrderView = {
  orderNumber: string;
  createdAt: string;
  customerName: string;
  status: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  items: { title: string; size: string; format: string; quantity: number; price: number }[];
  subtotal: number;
  shipping: number;
  total: number;
  refundedAmount: number;
  refunds: { amount: number; reason: string; createdAt: string }[];
  shippingAddress: string;
  shipment: Shipment;
  shippingNotice: { line1: string; line2: string | null } | null;
};
