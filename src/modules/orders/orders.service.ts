import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toCents, toDollars } from '../../platform/money';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import type { PricedCart } from '../cart';
import type { RefundsReader } from './refund-view';
import {
  confirmationEmail,
  disputeEmail,
  ownerNoticeEmail,
  refundEmail,
  shippedEmail,
  trackingUrl,
  type ShippingNotice,
} from './order-emails';
import type { LineItemRow, NewLineItem, OrderRow, OrdersRepository, Tx } from './orders.repository';
import {
  orderMessages as messages,
  type BuyerOrder,
  type Carrier,
  type CheckoutInput,
  type CheckoutResult,
  type DisputeView,
  type FulfillmentStatus,
  type OrderDetail,
  type OrderListQuery,
  type OrderSummary,
  type Shipment,
} from '../../contract';
import { namesAnotherCountry } from './us-address';

type Deps = {
  /** The visitor's cart in integer cents at current prices, from the cart module. */
  cart: { getPricedCart(cartId: string | undefined): Promise<PricedCart> };
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  /** Succeeded refunds, from the payments module (which owns them). */
  refunds: RefundsReader;
  /** Publishes 'order.placed' in the transaction that writes the order. */
  orderPlaced(trx: Tx, orderId: number): Promise<unknown>;
  /** Publishes 'order.shipped' (the buyer is told) in the transaction of the change. */
  orderShipped(trx: Tx, orderId: number): Promise<unknown>;
};

const toDispute = (o: OrderRow): DisputeView | undefined =>
  o.disputeStatus
    ? {
        status: o.disputeStatus,
        reason: o.disputeReason ?? 'unknown',
        dueBy: o.disputeDueBy ? new Date(o.disputeDueBy).toISOString() : null,
        amount: o.disputeAmountCents === null ? null : toDollars(o.disputeAmountCents),
      }
    : undefined;

const toSummary = (o: OrderRow): OrderSummary => {
  const dispute = toDispute(o);
  return {
    id: o.id,
    createdAt: new Date(o.createdAt).toISOString(),
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    totalAmount: toDollars(o.totalCents),
    status: o.status,
    fulfillmentStatus: o.fulfillmentStatus,
    ...(dispute ? { dispute } : {}),
  };
};

const toShipment = (o: OrderRow): Shipment => ({
  carrier: o.shippingCarrier,
  trackingNumber: o.trackingNumber,
  trackingUrl: trackingUrl(o.shippingCarrier, o.trackingNumber),
});

/**
 * The address with its details hidden: the first line keeps two characters per word, the city,
 * state and ZIP line stays (enough to recognise it, not to read it off a shared link).
 */
export function maskAddress(address: string): string {
  const lines = address
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines
    .map((line, i) =>
      i === lines.length - 1 && lines.length > 1
        ? line
        : line.replace(/\S+/g, (w) => w.slice(0, 2) + '*'.repeat(Math.max(1, w.length - 2))),
    )
    .join('\n');
}

/** The token of the buyer's order page: 192 random bits, not derived from anything. */
const newStatusToken = () => randomBytes(24).toString('base64url');

type AfterCommit = (fn: () => Promise<unknown>) => void;

// RFC 4180 quoting, plus a leading apostrophe on cells a spreadsheet would run as a formula.
function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function createOrdersService(ctx: AppContext, repo: OrdersRepository, deps: Deps) {
  const { config, queues, logger } = ctx;
  const site = () => ({
    siteName: config.SITE_NAME,
    publicUrl: config.publicUrl,
    ownerEmail: config.OWNER_EMAIL,
  });

  async function orderWithLines(orderId: number, trx: Tx) {
    const order = await repo.findById(orderId, trx);
    if (!order) throw new Error(`order ${orderId} not found for its e-mail`);
    return { order, lines: await repo.lineItems(orderId, trx) };
  }
  const queueAfter = (afterCommit: AfterCommit, emailId: number | null) => {
    if (emailId !== null) afterCommit(() => enqueueEmail(queues, emailId));
  };

  return {
    /**
     * Places an order from the visitor's cart as the server holds it, at the catalogue's current
     * prices. The total the buyer was shown (totalAmount) is only checked (half a cent of rounding
     * allowed), never used; lines a client may still send are not read.
     */
    async checkout(input: CheckoutInput, cartId: string | null): Promise<CheckoutResult> {
      if (namesAnotherCountry(input.shippingAddress))
        throw badRequest(messages.usOnly, { shippingAddress: messages.usOnly });
      const cart = await deps.cart.getPricedCart(cartId ?? undefined);
      // the lines no longer offered are gone from the cart now: the buyer reviews what is left
      if (cart.unavailable) throw conflict(messages.noLongerAvailable);
      if (!cart.lines.length) throw badRequest(messages.emptyCart, { items: messages.emptyCart });
      const lines: NewLineItem[] = cart.lines.map((line) => ({
        photoId: line.photoId,
        itemOptionId: line.printOptionId,
        quantity: line.quantity,
        priceCents: line.priceCents,
        shippingCents: line.shippingCents,
        title: line.photo.title,
        size: line.printOption.size,
        format: line.printOption.format,
      }));
      const { subtotalCents, shippingCents, totalCents } = cart;
      const totals = { subtotalCents, shippingCents, totalCents };
      if (Math.abs(input.totalAmount * 100 - totalCents) > 0.5) throw conflict(messages.priceChanged);
      const orderId = await repo.insertOrder(
        {
          customerName: input.customerName,
          customerEmail: input.customerEmail,
          shippingAddress: input.shippingAddress,
          ...totals,
          cartId,
          statusToken: newStatusToken(),
        },
        lines,
        deps.orderPlaced,
      );
      logger.info({ orderId, totalCents: totals.totalCents }, 'order placed');
      return {
        orderId,
        subtotal: toDollars(totals.subtotalCents),
        shipping: toDollars(totals.shippingCents),
        total: toDollars(totals.totalCents),
      };
    },

    // ---- admin ----

    async list(query: OrderListQuery): Promise<OrderSummary[]> {
      return (await repo.list(query)).map(toSummary);
    },

    async detail(id: number): Promise<OrderDetail> {
      const order = await repo.findById(id);
      if (!order) throw notFound(messages.orderNotFound);
      const lines = await repo.lineItems(id);
      return {
        order: {
          ...toSummary(order),
          shippingAddress: order.shippingAddress,
          subtotal: toDollars(order.subtotalCents),
          shipping: toDollars(order.shippingCents),
          paymentIntentId: order.paymentIntentId,
          paidAt: order.paidAt ? new Date(order.paidAt).toISOString() : null,
          shipment: toShipment(order),
          refundedAmount: toDollars(order.refundedCents),
          refunds: await deps.refunds.refundsFor([order.id]),
        },
        // The snapshot keeps what was bought readable after later edits; the photo row itself can
        // not disappear (deletion is restricted while an order references it).
        lineItems: lines.map((l: LineItemRow) => ({
          id: l.id,
          quantity: l.quantity,
          priceAtPurchase: toDollars(l.priceCents),
          shippingAtPurchase: toDollars(l.shippingCents),
          photo: { id: l.photoId, title: l.title, thumbnailUrl: `/api/photos/${l.photoId}/thumbnail` },
          itemOption: { size: l.size, format: l.format },
        })),
      };
    },

    /**
     * Sets the fulfillment status (any from any). With 'shipped' the carrier and tracking number
     * are kept (absent ones stay as they were), and the buyer is mailed once per tracking number:
     * shipping again, or back and forth, mails nothing new unless the tracking number changed.
     */
    async setFulfillmentStatus(
      id: number,
      status: FulfillmentStatus,
      shipping: { carrier?: Carrier | null; trackingNumber?: string | null } = {},
    ): Promise<OrderSummary> {
      const row = await repo.transaction(async (trx) => {
        const before = await repo.lockById(trx, id);
        if (!before) throw notFound(messages.orderNotFound);
        const carrier = shipping.carrier === undefined ? before.shippingCarrier : shipping.carrier;
        const trackingNumber =
          shipping.trackingNumber === undefined ? before.trackingNumber : shipping.trackingNumber || null;
        const notify =
          status === 'shipped' &&
          (!before.shippedNotifiedAt || (trackingNumber ?? '') !== (before.shippedNotifiedTracking ?? ''));
        const updated = await repo.setFulfillment(trx, id, { status, carrier, trackingNumber, notify });
        if (notify) await deps.orderShipped(trx, id);
        return updated!;
      });
      logger.info({ orderId: id, fulfillmentStatus: status }, 'fulfillment status changed');
      return toSummary(row);
    },

    /** The buyer's order page, by its token; null for any other string. */
    async byToken(token: string): Promise<BuyerOrder | null> {
      const order = await repo.findByToken(token);
      if (!order) return null;
      const [lines, refunds, notice] = await Promise.all([
        repo.lineItems(order.id),
        deps.refunds.refundsFor([order.id]),
        deps.content.activeShippingNotice(),
      ]);
      return {
        orderNumber: `#${order.id}`,
        createdAt: new Date(order.createdAt).toISOString(),
        customerName: order.customerName,
        status: order.status,
        fulfillmentStatus: order.fulfillmentStatus,
        items: lines.map((l) => ({
          title: l.title,
          size: l.size,
          format: l.format,
          quantity: l.quantity,
          price: toDollars(l.priceCents),
        })),
        subtotal: toDollars(order.subtotalCents),
        shipping: toDollars(order.shippingCents),
        total: toDollars(order.totalCents),
        refundedAmount: toDollars(order.refundedCents),
        refunds: refunds.map((r) => ({ amount: r.amount, reason: r.reason, createdAt: r.createdAt })),
        shippingAddress: maskAddress(order.shippingAddress),
        shipment: toShipment(order),
        shippingNotice: notice ? { line1: notice.line1, line2: notice.line2 ?? null } : null,
      };
    },

    /** CSV export (header row, RFC 4180 quoting, UTF-8 with BOM so spreadsheets read accents). */
    async csv(query: OrderListQuery): Promise<string> {
      const orders = await repo.list({ ...query, limit: 100_000 });
      const lines = await repo.lineItemsFor(orders.map((o) => o.id));
      const byOrder = new Map<number, LineItemRow[]>();
      for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
      const header = [
        'Order #',
        'Date',
        'Customer name',
        'Customer email',
        'Shipping address',
        'Items',
        'Subtotal',
        'Shipping',
        'Total',
        'Payment status',
        'Fulfillment status',
        'Carrier',
        'Tracking number',
        'Refunded',
        'Dispute',
      ];
      const rows = orders.map((o) => [
        o.id,
        new Date(o.createdAt).toISOString(),
        o.customerName,
        o.customerEmail,
        o.shippingAddress,
        (byOrder.get(o.id) ?? [])
          .map((l) => `${l.quantity} x ${l.title} (${l.size}, ${l.format})`)
          .join('; '),
        toDollars(o.subtotalCents).toFixed(2),
        toDollars(o.shippingCents).toFixed(2),
        toDollars(o.totalCents).toFixed(2),
        o.status,
        o.fulfillmentStatus,
        o.shippingCarrier,
        o.trackingNumber,
        toDollars(o.refundedCents).toFixed(2),
        o.disputeStatus ? `${o.disputeStatus} (${o.disputeReason ?? 'unknown'})` : null,
      ]);
      return '\uFEFF' + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
    },

    // ---- reactions ----

    /**
     * On order.paid, in the delivery's transaction: the customer's confirmation and the owner's
     * notice are written to the e-mail outbox (once each, by their dedupe keys) and queued after
     * the commit; the sweeper queues any the queueing misses.
     */
    async writePaidEmails(orderId: number, trx: Tx, afterCommit: (fn: () => Promise<unknown>) => void) {
      const order = await repo.findById(orderId, trx);
      if (!order) throw new Error(`order ${orderId} not found for its paid e-mails`);
      const lines = await repo.lineItems(orderId, trx);
      const notice = await deps.content.activeShippingNotice();
      const ids = [await writeEmail(trx, confirmationEmail(order, lines, notice, site()))];
      if (config.OWNER_EMAIL)
        ids.push(
          await writeEmail(
            trx,
            ownerNoticeEmail(order, lines, { ...site(), ownerEmail: config.OWNER_EMAIL }),
          ),
        );
      for (const id of ids) if (id !== null) afterCommit(() => enqueueEmail(queues, id));
    },

    /** On order.shipped: 'Your order has shipped', once per tracking number. */
    async writeShippedEmail(orderId: number, trx: Tx, afterCommit: AfterCommit) {
      const { order, lines } = await orderWithLines(orderId, trx);
      queueAfter(afterCommit, await writeEmail(trx, shippedEmail(order, lines, site())));
    },

    /** On order.refunded: the buyer's refund notice, once per refund. */
    async writeRefundEmail(orderId: number, refundId: number, trx: Tx, afterCommit: AfterCommit) {
      const { order, lines } = await orderWithLines(orderId, trx);
      const refund = await deps.refunds.findRefund(refundId);
      if (!refund) throw new Error(`refund ${refundId} not found`);
      const mail = refundEmail(
        order,
        lines,
        { id: refund.id, amountCents: toCents(refund.amount), reason: refund.reason },
        site(),
      );
      queueAfter(afterCommit, await writeEmail(trx, mail));
    },

    /** On order.disputed: the owner is told at once (when OWNER_EMAIL is set). */
    async writeDisputeEmail(orderId: number, disputeId: string, trx: Tx, afterCommit: AfterCommit) {
      if (!config.OWNER_EMAIL) return;
      const { order, lines } = await orderWithLines(orderId, trx);
      const mail = disputeEmail(order, lines, disputeId, { ...site(), ownerEmail: config.OWNER_EMAIL });
      queueAfter(afterCommit, await writeEmail(trx, mail));
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
