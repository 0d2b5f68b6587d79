import type { AppContext } from '../../platform/context';
import { orderMoney } from '../cart';
import { conflict, notFound } from '../../platform/http/app-error';
import { createCheckoutService, type CheckoutDeps } from './checkout.service';
import type { LineDetailsRegistry } from './line-details';
import type { ShippingNotice } from './order-emails';
import { addressParts, toBuyerView, toOrderDetail, toSummary } from './order-views';
import { ordersCsv } from './orders-csv';
import type { ReportFigures } from './report-figures';
import type { OrderLineItem } from './order.model';
import type { OrdersRepository, Tx } from './orders.repository';
import {
  cancelMessages,
  orderMessages as messages,
  type BuyerOrder,
  type Carrier,
  type FulfillmentStatus,
  type GiftCardLineDetails,
  type OrderDetail,
  type OrderListQuery,
  type OrderSummary,
  type PaymentStatus,
} from '../../contract';
import type { RefundsService } from './payments/refunds.service';

type Deps = CheckoutDeps & {
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  /** Other modules' facts on each line (an edition print's number), asked by every order read. */
  lineDetails: Pick<LineDetailsRegistry, 'read'>;
  taxReport: { csv(month: string): Promise<string> };
  /** Other modules' summary figures below the orders CSV (what she owes on gift cards). */
  reportFigures: Pick<ReportFigures, 'read'>;
  /** Succeeded refunds (payments/refunds.service.ts). */
  refunds: Pick<RefundsService, 'refundsFor' | 'refundSources'>;
  /** Cancels an unpaid order's payment, its intent at the provider first (payments.service.ts). */
  cancelPayment(orderId: number): Promise<void>;
  /** Publishes 'order.shipped' (the buyer is told of this shipment) in the transaction of the change. */
  orderShipped(
    trx: Tx,
    orderId: number,
    shipment: { carrier: string | null; trackingNumber: string | null },
  ): Promise<unknown>;
};

/** An order's line as the modules plugged into orders read it (its snapshot: title, size, format). */
export type OrderLineFacts = {
  id: number;
  photoId: number;
  printOptionId: number;
  quantity: number;
  title: string;
  size: string;
  format: string;
};
/**
 * The order's print lines: what a lab makes and an edition numbers. Licence lines (issue 46) are
 * never given to those plug-ins: they are `licenceLines` of `linesOf`.
 */
const printFacts = (lines: OrderLineItem[]): OrderLineFacts[] =>
  lines.flatMap((l) =>
    l.kind === 'print' && l.printOptionId !== null
      ? [
          {
            id: l.id,
            photoId: l.photoId,
            printOptionId: l.printOptionId,
            quantity: l.quantity,
            title: l.title,
            size: l.size,
            format: l.format,
          },
        ]
      : [],
  );

/** An order's licence line as the licences module reads it (its snapshot: the size's label, the licence's name). */
export type OrderLicenceLineFacts = {
  id: number;
  photoId: number;
  licenceId: number;
  downloadSizeId: number;
  title: string;
  sizeLabel: string;
  licenceName: string;
  priceCents: number;
  taxable: boolean;
};
const licenceFacts = (lines: OrderLineItem[]): OrderLicenceLineFacts[] =>
  lines.flatMap((l) =>
    l.kind === 'licence' && l.licenceId !== null && l.downloadSizeId !== null
      ? [
          {
            id: l.id,
            photoId: l.photoId,
            licenceId: l.licenceId,
            downloadSizeId: l.downloadSizeId,
            title: l.title,
            sizeLabel: l.size,
            licenceName: l.format,
            priceCents: l.priceCents,
            taxable: l.taxable,
          },
        ]
      : [],
  );

/** An order's gift card line as the gift-cards module reads it (issue 47): the buyer's choices. */
export type OrderGiftCardLineFacts = {
  id: number;
  /** the card's picture */
  photoId: number;
  title: string;
  priceCents: number;
  giftCard: GiftCardLineDetails;
};
export const giftCardFacts = (lines: OrderLineItem[]): OrderGiftCardLineFacts[] =>
  lines.flatMap((l) =>
    l.kind === 'gift_card' && l.giftCard
      ? [{ id: l.id, photoId: l.photoId, title: l.title, priceCents: l.priceCents, giftCard: l.giftCard }]
      : [],
  );

/**
 * An order's lines and payment as a plug-in reads them (orders.linesOf): nothing the line details
 * add, so a plug-in that adds them may read this without asking itself.
 */
export type OrderLines = {
  id: number;
  status: PaymentStatus;
  paidAt: Date | null;
  customerEmail: string;
  /** What was paid less what was refunded, in cents. */
  netCents: number;
  /** The print lines (an edition's numbers, a lab's lines). */
  lines: OrderLineFacts[];
  /** The licence lines (issue 46), and who they are for. */
  licenceLines: OrderLicenceLineFacts[];
  licensee: { name: string; kind: 'person' | 'organisation' } | null;
  /** The gift card lines (issue 47): never given to a lab or an edition. */
  giftCardLines: OrderGiftCardLineFacts[];
  customerName: string;
  statusToken: string | null;
};

/** An order as a print lab reads it (orders.forLab). */
export type LabOrderSource = {
  id: number;
  paid: boolean;
  fulfillmentStatus: FulfillmentStatus;
  paidAt: Date | null;
  /** When the order was placed: a lab's look-up for it searches from then. */
  createdAt: Date;
  customerName: string;
  /** For the carrier, when the buyer gave one. */
  phone: string | null;
  address: { line1: string; line2: string | null; city: string; state: string; zip: string } | null;
  lines: OrderLineFacts[];
};

/** The buyer paid (and may have been refunded since): only then is a shipping e-mail sent. */
export const isPaid = (status: PaymentStatus) =>
  status === 'paid' || status === 'partially_refunded' || status === 'refunded';

/** Nobody has paid (yet), and nothing is settling: the owner may cancel it (its payment too). */
const isUnpaid = (status: PaymentStatus) => status === 'pending' || status === 'failed';

/** The orders: placed at checkout (checkout.service.ts), then read and moved on by the owner. */
export function createOrdersService(ctx: AppContext, repo: OrdersRepository, deps: Deps) {
  const { logger } = ctx;

  return {
    ...createCheckoutService(ctx, repo, deps),

    async list(query: OrderListQuery): Promise<OrderSummary[]> {
      return (await repo.list(query)).map(toSummary);
    },

    async detail(id: number): Promise<OrderDetail> {
      const found = await repo.findWithLines(id);
      if (!found) throw notFound(messages.orderNotFound);
      const [refunds, details, shipments, refundTo] = await Promise.all([
        deps.refunds.refundsFor([id]),
        deps.lineDetails.read([id]),
        repo.shipmentsOf(id),
        deps.refunds.refundSources(id),
      ]);
      return toOrderDetail(found.order, found.lines, refunds, details.view, shipments, refundTo);
    },

    /**
     * Sets the fulfillment status (any from any). With 'shipped' the carrier and tracking number
     * are kept (absent ones stay as they were), and the buyer is mailed once per tracking number:
     * shipping again, or back and forth, mails nothing new unless the tracking number changed.
     * A buyer who has not paid (payment pending, settling, failed or canceled) is never mailed;
     * if that order is paid later, nothing is sent by itself (the buyer gets the order
     * confirmation): marking it shipped again then sends 'Your order has shipped'.
     */
    async setFulfillmentStatus(
      id: number,
      status: FulfillmentStatus,
      shipping: { carrier?: Carrier | null; trackingNumber?: string | null } = {},
    ): Promise<OrderSummary> {
      // 'canceled' for an order nobody paid cancels its payment too (and so gives back what it
      // holds), the one way an unpaid order is canceled; a paid order's payment is left alone
      if (status === 'canceled') {
        const order = await repo.findById(id);
        if (!order) throw notFound(messages.orderNotFound);
        if (isUnpaid(order.status)) await deps.cancelPayment(id);
      }
      const row = await repo.transaction(async (trx) => {
        const before = await repo.lockById(trx, id);
        if (!before) throw notFound(messages.orderNotFound);
        const carrier = shipping.carrier === undefined ? before.shippingCarrier : shipping.carrier;
        const trackingNumber =
          shipping.trackingNumber === undefined ? before.trackingNumber : shipping.trackingNumber || null;
        // each tracking number is a shipment of its own (a lab each, or the owner's): told once
        const newShipment =
          !!trackingNumber &&
          (status === 'shipped' || status === 'completed') &&
          (await repo.addShipment(trx, id, { carrier, trackingNumber }));
        const notify =
          status === 'shipped' &&
          isPaid(before.status) &&
          (newShipment ||
            !before.shippedNotifiedAt ||
            (!trackingNumber && (before.shippedNotifiedTracking ?? '') !== ''));
        const updated = await repo.setFulfillment(trx, id, { status, carrier, trackingNumber, notify });
        if (notify) await deps.orderShipped(trx, id, { carrier, trackingNumber });
        return updated!;
      });
      logger.info({ orderId: id, fulfillmentStatus: status }, 'fulfillment status changed');
      return toSummary(row);
    },

    /**
     * The owner cancels an order nobody has paid: its payment intent is canceled at the provider,
     * what it holds is given back (order.payment-canceled), and its fulfillment is 'canceled'. A
     * paid order is refused (409: it is refunded instead), as is one whose payment is settling.
     */
    async cancel(id: number): Promise<OrderSummary> {
      const order = await repo.findById(id);
      if (!order) throw notFound(messages.orderNotFound);
      if (isPaid(order.status)) throw conflict(cancelMessages.paid);
      if (order.status === 'processing') throw conflict(cancelMessages.processing);
      return this.setFulfillmentStatus(id, 'canceled');
    },

    /** What a print lab needs of an order: whether it is paid, the buyer's name, the address in parts, the lines. */
    async forLab(id: number): Promise<LabOrderSource | null> {
      const found = await repo.findWithLines(id);
      if (!found) return null;
      const { order, lines } = found;
      return {
        id: order.id,
        paid: isPaid(order.status),
        fulfillmentStatus: order.fulfillmentStatus,
        paidAt: order.paidAt,
        createdAt: order.createdAt,
        customerName: order.customerName,
        phone: order.customerPhone,
        address: addressParts(order),
        // only the prints go to a lab (issue 46)
        lines: printFacts(lines),
      };
    },

    /** An order's lines and payment facts, or null: a plug-in's narrow read (no line details). */
    async linesOf(id: number): Promise<OrderLines | null> {
      const { order, lines } = (await repo.findWithLines(id)) ?? {};
      if (!order || !lines) return null;
      return {
        id: order.id,
        status: order.status,
        paidAt: order.paidAt,
        customerEmail: order.customerEmail,
        netCents: orderMoney(order).netCents,
        lines: printFacts(lines),
        licenceLines: licenceFacts(lines),
        giftCardLines: giftCardFacts(lines),
        licensee:
          order.licenseeName && order.licenseeKind
            ? { name: order.licenseeName, kind: order.licenseeKind }
            : null,
        customerName: order.customerName,
        statusToken: order.statusToken,
      };
    },

    /** The order a buyer's token names (its certificate links), or null. */
    async idByToken(token: string): Promise<number | null> {
      return (await repo.findByToken(token))?.order.id ?? null;
    },

    /** The buyer's order page, by its token; null for any other string. */
    async byToken(token: string): Promise<BuyerOrder | null> {
      const found = await repo.findByToken(token);
      if (!found) return null;
      const [refunds, notice, details, shipments] = await Promise.all([
        deps.refunds.refundsFor([found.order.id]),
        deps.content.activeShippingNotice(),
        deps.lineDetails.read([found.order.id]),
        repo.shipmentsOf(found.order.id),
      ]);
      return toBuyerView(found.order, found.lines, refunds, notice, details.view, shipments);
    },

    /** The month's sales tax per state (CSV): taxable sales, tax collected, refunds' tax reversed. */
    taxReport: (month: string): Promise<string> => deps.taxReport.csv(month),

    /** CSV export of the orders the admin list shows (without its limit). */
    async csv(query: OrderListQuery): Promise<string> {
      const orders = await repo.list({ ...query, limit: 100_000 });
      const now = new Date();
      const [lines, figures] = await Promise.all([
        repo.lineItemsFor(orders.map((o) => o.id)),
        deps.reportFigures.read(now),
      ]);
      return ordersCsv(orders, lines, figures, now);
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
