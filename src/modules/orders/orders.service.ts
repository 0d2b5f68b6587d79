import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { enqueueEmail, writeEmail } from '../../platform/outbox';
import { lookupPrintOptions, priceLines, toCents, toDollars, type PrintOptionLookup } from '../cart';
import { confirmationEmail, ownerNoticeEmail, type ShippingNotice } from './order-emails';
import type { LineItemRow, NewLineItem, OrderRow, OrdersRepository } from './orders.repository';
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

/** What the payments module sees of an order. */
export type PayableOrder = {
  id: number;
  status: PaymentStatus;
  totalCents: number;
  customerName: string;
  customerEmail: string;
  paymentProvider: string | null;
  paymentIntentId: string | null;
  paymentSecretHash: string | null;
};

type Deps = {
  catalog: PrintOptionLookup;
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  cart: { clear(cartId: string): Promise<unknown> };
};

const AWAITING_AFTER_MINUTES = 10;
const AWAITING_FOR_HOURS = 48;

const toSummary = (o: OrderRow): OrderSummary => ({
  id: o.id,
  createdAt: new Date(o.createdAt).toISOString(),
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  totalAmount: toDollars(o.totalCents),
  status: o.status,
  fulfillmentStatus: o.fulfillmentStatus,
});

const toPayable = (o: OrderRow): PayableOrder => ({
  id: o.id,
  status: o.status,
  totalCents: o.totalCents,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  paymentProvider: o.paymentProvider,
  paymentIntentId: o.paymentIntentId,
  paymentSecretHash: o.paymentSecretHash,
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

  /** Moves the payment status; true when this call made the change. */
  async function transition(orderId: number, intentId: string, from: PaymentStatus[], to: PaymentStatus) {
    const row = await repo.transition(repo.db, orderId, intentId, from, to);
    if (row) logger.info({ orderId, status: to }, 'order payment status changed');
    return !!row;
  }

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

    // ---- the seam for payments ----

    async getForPayment(orderId: number): Promise<PayableOrder | null> {
      const row = await repo.findById(orderId);
      return row ? toPayable(row) : null;
    },

    async findByPaymentIntent(paymentIntentId: string): Promise<PayableOrder | null> {
      const row = await repo.findByPaymentIntent(paymentIntentId);
      return row ? toPayable(row) : null;
    },

    /** Records the order's one payment intent; returns the order with whichever intent won. */
    async attachPaymentIntent(
      orderId: number,
      intent: { provider: string; paymentIntentId: string; secretHash: string },
    ): Promise<PayableOrder> {
      const row = await repo.attachPaymentIntent(
        orderId,
        intent.provider,
        intent.paymentIntentId,
        intent.secretHash,
      );
      if (!row) throw notFound(messages.orderNotFound);
      return toPayable(row);
    },

    /**
     * pending/processing/failed/canceled -> paid, exactly once: the same transaction writes the
     * customer's confirmation and the owner's notice to the outbox. After the commit the e-mails
     * are queued and the order's cart is emptied. Returns false when the order was already paid.
     */
    async markPaid(orderId: number, paymentIntentId: string): Promise<boolean> {
      const notice = await deps.content.activeShippingNotice();
      const result = await repo.transaction(async (trx) => {
        const order = await repo.transition(
          trx,
          orderId,
          paymentIntentId,
          ['pending', 'processing', 'failed', 'canceled'],
          'paid',
        );
        if (!order) return null;
        const lines = await repo.lineItems(orderId, trx);
        const emailIds = [await writeEmail(trx, confirmationEmail(order, lines, notice, site()))];
        if (config.OWNER_EMAIL)
          emailIds.push(
            await writeEmail(
              trx,
              ownerNoticeEmail(order, lines, { ...site(), ownerEmail: config.OWNER_EMAIL }),
            ),
          );
        return { order, emailIds: emailIds.filter((id): id is number => id !== null) };
      });
      if (!result) return false;
      logger.info({ orderId }, 'order paid');
      for (const id of result.emailIds) {
        // the maintenance sweep queues any e-mail this misses (e.g. Redis blipped)
        await enqueueEmail(queues, id).catch((err) =>
          logger.warn({ err, emailId: id }, 'could not queue e-mail'),
        );
      }
      if (result.order.cartId) {
        await deps.cart
          .clear(result.order.cartId)
          .catch((err) => logger.warn({ err, orderId }, 'could not clear the cart of a paid order'));
      }
      return true;
    },

    /** A failed attempt: pending/processing -> failed (never touches a paid order). */
    markFailed: (orderId: number, paymentIntentId: string) =>
      transition(orderId, paymentIntentId, ['pending', 'processing'], 'failed'),

    /** The intent was canceled: pending/processing/failed -> canceled (never touches a paid order). */
    markCanceled: (orderId: number, paymentIntentId: string) =>
      transition(orderId, paymentIntentId, ['pending', 'processing', 'failed'], 'canceled'),

    /** The provider is still settling the payment: pending/failed -> processing. */
    markProcessing: (orderId: number, paymentIntentId: string) =>
      transition(orderId, paymentIntentId, ['pending', 'failed'], 'processing'),

    /** Orders with an intent still unpaid (pending, processing, failed) after 10 minutes, younger than two days. */
    awaitingPayment: () => repo.awaitingPayment(AWAITING_AFTER_MINUTES, AWAITING_FOR_HOURS),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
