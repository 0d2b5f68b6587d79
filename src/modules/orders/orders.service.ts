import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import { lookupPrintOptions, priceLines, toCents, toDollars, type PrintOptionLookup } from '../cart';
import { confirmationEmail, ownerNoticeEmail, type ShippingNotice } from './order-emails';
import type { LineItemRow, NewLineItem, OrderRow, OrdersRepository, Tx } from './orders.repository';
import {
  messages,
  namesAnotherCountry,
  type CheckoutInput,
  type FulfillmentStatus,
  type OrderListQuery,
  type PaymentStatus,
} from './orders.schemas';

export type OrderSummary = {
  id: number;
  createdAt: string;
  customerName: string;
  customerEmail: string;
  totalAmount: number;
  status: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
};
export type OrderDetail = {
  order: OrderSummary & {
    shippingAddress: string;
    subtotal: number;
    shipping: number;
    paymentIntentId: string | null;
    paidAt: string | null;
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

type Deps = {
  catalog: PrintOptionLookup;
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  /** Publishes 'order.placed' in the transaction that writes the order. */
  orderPlaced(trx: Tx, orderId: number): Promise<unknown>;
};

const toSummary = (o: OrderRow): OrderSummary => ({
  id: o.id,
  createdAt: new Date(o.createdAt).toISOString(),
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  totalAmount: toDollars(o.totalCents),
  status: o.status,
  fulfillmentStatus: o.fulfillmentStatus,
});

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

  return {
    /**
     * Places an order from the client's items at the catalogue's current prices. The client's
     * totalAmount is only checked (half a cent of rounding allowed), never used.
     */
    async checkout(
      input: CheckoutInput,
      cartId: string | null,
    ): Promise<{ orderId: number; subtotal: number; shipping: number; total: number }> {
      if (namesAnotherCountry(input.shippingAddress))
        throw badRequest(messages.usOnly, { shippingAddress: messages.usOnly });
      const matches = await lookupPrintOptions(
        deps.catalog,
        input.items.map((i) => ({ photoId: i.photoId, optionId: i.printOptionId })),
      );
      const lines: NewLineItem[] = [];
      for (const item of input.items) {
        const found = matches.get(`${item.photoId}:${item.printOptionId}`);
        if (!found) throw conflict(messages.noLongerAvailable);
        lines.push({
          photoId: found.photo.id,
          itemOptionId: found.option.id,
          quantity: item.quantity,
          priceCents: toCents(found.option.price),
          shippingCents: toCents(found.option.shipping),
          title: found.photo.title,
          size: found.option.size,
          format: found.option.format,
        });
      }
      const totals = priceLines(lines);
      if (Math.abs(input.totalAmount * 100 - totals.totalCents) > 0.5) throw conflict(messages.priceChanged);
      const orderId = await repo.insertOrder(
        {
          customerName: input.customerName,
          customerEmail: input.customerEmail,
          shippingAddress: input.shippingAddress,
          ...totals,
          cartId,
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

    async setFulfillmentStatus(id: number, status: FulfillmentStatus): Promise<OrderSummary> {
      const row = await repo.setFulfillmentStatus(id, status);
      if (!row) throw notFound(messages.orderNotFound);
      logger.info({ orderId: id, fulfillmentStatus: status }, 'fulfillment status changed');
      return toSummary(row);
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
        (o.subtotalCents / 100).toFixed(2),
        (o.shippingCents / 100).toFixed(2),
        (o.totalCents / 100).toFixed(2),
        o.status,
        o.fulfillmentStatus,
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
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
