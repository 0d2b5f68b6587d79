import { toDollars } from '../../platform/money';
import { orderMoney, type OrderMoney } from '../cart';
import type { LineDetailsView, RefundTo, RefundView } from '../../contract';
import type { RefundSources } from './payments/refunds.service';
import { appliedLines } from './applied-lines';
import type { ShippingNotice } from './order-emails';
import { trackingUrl } from './order-email-layout';
import type { Order, OrderLineItem } from './order.model';
import { maskedAddress } from './us-address';
import type {
  BuyerOrder,
  DisputeView,
  OrderDetail,
  OrderMoneyView,
  OrderSummary,
  Shipment,
} from '../../contract';

// An order row and its line items, turned into what the admin and the buyer see (in dollars).

const iso = (d: Date) => new Date(d).toISOString();

const toDispute = (o: Order): DisputeView | undefined =>
  o.disputeStatus
    ? {
        status: o.disputeStatus,
        reason: o.disputeReason ?? 'unknown',
        dueBy: o.disputeDueBy ? iso(o.disputeDueBy) : null,
        amount: o.disputeAmountCents === null ? null : toDollars(o.disputeAmountCents),
      }
    : undefined;

const moneyView = (m: OrderMoney): OrderMoneyView => ({
  subtotal: toDollars(m.subtotalCents),
  discount: toDollars(m.discountCents),
  shipping: toDollars(m.shippingCents),
  tax: toDollars(m.taxCents),
  total: toDollars(m.totalCents),
  refunded: toDollars(m.refundedCents),
  net: toDollars(m.netCents),
});

export const toSummary = (o: Order): OrderSummary => {
  const dispute = toDispute(o);
  return {
    id: o.id,
    createdAt: iso(o.createdAt),
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    totalAmount: toDollars(orderMoney(o).totalCents),
    status: o.status,
    fulfillmentStatus: o.fulfillmentStatus,
    paidAt: o.paidAt ? iso(o.paidAt) : null,
    ...(dispute ? { dispute } : {}),
  };
};

const thumbnailUrl = (photoId: number) => `/api/photos/${photoId}/thumbnail`;

const toShipment = (o: Order): Shipment => ({
  carrier: o.shippingCarrier,
  trackingNumber: o.trackingNumber,
  trackingUrl: trackingUrl(o.shippingCarrier, o.trackingNumber),
});

/** An order's shipments (order_shipments), oldest first. */
export type ShipmentRow = { carrier: string | null; trackingNumber: string };
const toShipments = (rows: ShipmentRow[]): Shipment[] =>
  rows.map((r) => ({
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    trackingUrl: trackingUrl(r.carrier, r.trackingNumber),
  }));

/** The admin's order detail. */
/** The address in parts, or null when it was given as one text that could not be read. */
export function addressParts(order: Order) {
  return order.addressLine1 && order.addressCity && order.addressState && order.addressZip
    ? {
        line1: order.addressLine1,
        line2: order.addressLine2,
        city: order.addressCity,
        state: order.addressState,
        zip: order.addressZip,
      }
    : null;
}

/** The fields the line details' plug-ins add to a line (line-details.ts, `view`), by the line's id. */
type DetailsOf = (lineId: number) => LineDetailsView;

/** Where a refund can still go, in dollars (none known: nothing). */
const toRefundTo = (s: RefundSources | null): RefundTo => ({
  card: { paid: toDollars(s?.card.paidCents ?? 0), left: toDollars(Math.max(0, s?.card.leftCents ?? 0)) },
  tenders: (s?.tenders ?? []).map((t) => ({
    label: t.label,
    paid: toDollars(t.paidCents),
    left: toDollars(Math.max(0, t.leftCents)),
  })),
});

export function toOrderDetail(
  order: Order,
  lines: OrderLineItem[],
  refunds: RefundView[],
  detailsOf: DetailsOf,
  shipments: ShipmentRow[],
  refundTo: RefundSources | null,
): OrderDetail {
  const money = orderMoney(order);
  return {
    order: {
      ...toSummary(order),
      shippingAddress: order.shippingAddress,
      address: addressParts(order),
      addressNeedsReview: order.addressNeedsReview,
      subtotal: toDollars(money.subtotalCents),
      shipping: toDollars(money.shippingCents),
      money: moneyView(money),
      ...appliedLines(order),
      paymentIntentId: order.paymentIntentId,
      phone: order.customerPhone ?? null,
      shipment: toShipment(order),
      shipments: toShipments(shipments),
      refundedAmount: toDollars(money.refundedCents),
      refunds,
      refundTo: toRefundTo(refundTo),
      licensee:
        order.licenseeName && order.licenseeKind
          ? { kind: order.licenseeKind, name: order.licenseeName }
          : null,
    },
    // The snapshot keeps what was bought readable after later edits; the photo row itself can
    // not disappear (deletion is restricted while an order references it).
    lineItems: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      quantity: l.quantity,
      priceAtPurchase: toDollars(l.priceCents),
      shippingAtPurchase: toDollars(l.shippingCents),
      photo: { id: l.photoId, title: l.title, thumbnailUrl: thumbnailUrl(l.photoId) },
      itemOption: { size: l.size, format: l.format },
      ...detailsOf(l.id),
    })),
  };
}

const waitingToShip = (o: Order) => o.fulfillmentStatus === 'received' || o.fulfillmentStatus === 'paid';

/** The buyer's order page: nothing that leads to other orders, the address masked. */
export function toBuyerView(
  order: Order,
  lines: OrderLineItem[],
  refunds: RefundView[],
  notice: ShippingNotice,
  detailsOf: DetailsOf,
  shipments: ShipmentRow[],
): BuyerOrder {
  const money = orderMoney(order);
  return {
    orderNumber: `#${order.id}`,
    createdAt: iso(order.createdAt),
    customerName: order.customerName,
    status: order.status,
    fulfillmentStatus: order.fulfillmentStatus,
    items: lines.map((l) => ({
      kind: l.kind,
      title: l.title,
      size: l.size,
      format: l.format,
      quantity: l.quantity,
      price: toDollars(l.priceCents),
      thumbnailUrl: thumbnailUrl(l.photoId),
      ...detailsOf(l.id),
    })),
    subtotal: toDollars(money.subtotalCents),
    discount: toDollars(money.discountCents),
    shipping: toDollars(money.shippingCents),
    tax: toDollars(money.taxCents),
    total: toDollars(money.totalCents),
    ...appliedLines(order),
    paidWithGiftCards: toDollars(money.tendersCents),
    amountDue: toDollars(money.amountDueCents),
    refundedAmount: toDollars(money.refundedCents),
    refunds: refunds.map((r) => ({ amount: r.amount, reason: r.reason, createdAt: r.createdAt })),
    shippingAddress: maskedAddress(order.shippingAddress),
    shipment: toShipment(order),
    shipments: toShipments(shipments),
    // the notice (e.g. holiday delays) is about shipping still to come: not once it has shipped
    shippingNotice:
      notice && waitingToShip(order) ? { line1: notice.line1, line2: notice.line2 ?? null } : null,
  };
}
