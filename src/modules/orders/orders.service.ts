import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toDollars } from '../../platform/money';
import type { PricedCart } from '../cart';
import type { TaxAddress } from '../tax';
import { appliedLines } from './applied-lines';
import type { CheckoutHolds } from './checkout-holds';
import type { LineDetailsRegistry } from './line-details';
import { priceOrder, type PricedOrder, type PricingDeps } from './order-pricing';
import type { ShippingNotice } from './order-emails';
import { addressParts, toBuyerView, toOrderDetail, toSummary } from './order-views';
import { ordersCsv } from './orders-csv';
import type { NewLineItem, OrdersRepository, Tx, WrittenLine } from './orders.repository';
import {
  cancelMessages,
  orderMessages as messages,
  type BuyerOrder,
  type Carrier,
  composeUsAddress,
  type CheckoutInput,
  type CheckoutQuote,
  type CheckoutQuoteInput,
  type CheckoutResult,
  type FulfillmentStatus,
  type OrderDetail,
  type OrderListQuery,
  type OrderSummary,
  type PaymentStatus,
} from '../../contract';
import type { RefundsService } from './payments/refunds.service';
import { namesAnotherCountry, parseUsAddress } from './us-address';

type Deps = {
  /** Whether a payment provider is configured: without one no order is taken. */
  takingOrders(): boolean;
  /** The visitor's cart in integer cents at current prices, from the cart module. */
  cart: { getPricedCart(cartId: string | undefined): Promise<PricedCart> };
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  /** Promotion codes: checked and priced for a quote and at checkout. */
  promotions: PricingDeps['promotions'];
  tax: PricingDeps['tax'];
  /** What an order takes while it waits to be paid (a code's use), in its transaction. */
  holds: Pick<CheckoutHolds, 'takeAll'>;
  /** Other modules' facts on each line (an edition print's number), asked by every order read. */
  lineDetails: Pick<LineDetailsRegistry, 'fields'>;
  taxReport: { csv(month: string): Promise<string> };
  /** Succeeded refunds (payments/refunds.service.ts). */
  refunds: Pick<RefundsService, 'refundsFor'>;
  /** Cancels an unpaid order's payment, its intent at the provider first (payments.service.ts). */
  cancelPayment(orderId: number): Promise<void>;
  /** Publishes 'order.shipped' (the buyer is told of this shipment) in the transaction of the change. */
  orderShipped(
    trx: Tx,
    orderId: number,
    shipment: { carrier: string | null; trackingNumber: string | null },
  ): Promise<unknown>;
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
  lines: {
    id: number;
    photoId: number;
    printOptionId: number;
    quantity: number;
    title: string;
    size: string;
    format: string;
  }[];
};

/** The buyer paid (and may have been refunded since): only then is a shipping e-mail sent. */
export const isPaid = (status: PaymentStatus) =>
  status === 'paid' || status === 'partially_refunded' || status === 'refunded';

/** Nobody has paid (yet), and nothing is settling: the owner may cancel it (its payment too). */
const isUnpaid = (status: PaymentStatus) => status === 'pending' || status === 'failed';

/**
 * The order's address columns: from the parts (the text composed from them), or from the spec's
 * one text, kept as given, with its parts when it reads as a US address and else flagged for the
 * owner to check.
 */
function orderAddress(input: CheckoutInput) {
  const text = input.shippingAddress;
  if (!input.address && text !== undefined && namesAnotherCountry(text))
    throw badRequest(messages.usOnly, { shippingAddress: messages.usOnly });
  const parts = input.address ?? parseUsAddress(text ?? '');
  return {
    shippingAddress: input.address ? composeUsAddress(input.address) : (text ?? ''),
    addressLine1: parts?.line1 ?? null,
    addressLine2: parts?.line2 ?? null,
    addressCity: parts?.city ?? null,
    addressState: parts?.state ?? null,
    addressZip: parts?.zip ?? null,
    addressNeedsReview: !parts,
  };
}

/** The order's columns of its price: the code as applied, the discount, the tax and how it was taxed. */
function priceColumns(p: PricedOrder) {
  const { subtotalCents, shippingCents, discountCents, taxCents, totalCents } = p.money;
  return {
    subtotalCents,
    shippingCents,
    discountCents,
    taxCents,
    totalCents,
    promotionCode: p.applied?.code ?? null,
    promotionSummary: p.applied?.summary ?? null,
    taxableCents: p.tax?.taxableCents ?? 0,
    taxState: p.tax?.state ?? null,
    taxRate: p.tax?.rate ?? null,
    taxProvider: p.tax?.provider ?? null,
    taxCalculationId: p.tax?.calculationId ?? null,
  };
}

/** The money of a quote or a placed order as the buyer is shown it (dollars), with its lines' labels. */
function moneyAnswer(p: PricedOrder): CheckoutQuote {
  const { promotion, taxLine } = appliedLines(priceColumns(p));
  return {
    subtotal: toDollars(p.money.subtotalCents),
    discount: toDollars(p.money.discountCents),
    shipping: toDollars(p.money.shippingCents),
    tax: toDollars(p.money.taxCents),
    total: toDollars(p.money.totalCents),
    promotion,
    taxLine,
    taxCollected: p.taxCollected,
  };
}

/** The address tax is computed for: known when it came in parts or could be read. */
const taxAddressOf = (a: ReturnType<typeof orderAddress>): TaxAddress | null =>
  a.addressState
    ? {
        line1: a.addressLine1,
        line2: a.addressLine2,
        city: a.addressCity,
        state: a.addressState,
        zip: a.addressZip,
      }
    : null;

/** The token of the buyer's order page: 192 random bits, not derived from anything. */
const newStatusToken = () => randomBytes(24).toString('base64url');

export function createOrdersService(ctx: AppContext, repo: OrdersRepository, deps: Deps) {
  const { logger } = ctx;

  /**
   * A shop that cannot take payment takes no order: refused (503) before anything is read or
   * written, so no order row is left behind for a payment that can never come.
   */
  const assertTakingOrders = (): void => {
    if (!deps.takingOrders()) throw new AppError('unavailable', messages.notTakingOrders);
  };

  return {
    assertTakingOrders,

    /**
     * Places an order from the visitor's cart as the server holds it, at the catalogue's current
     * prices. The total the buyer was shown (totalAmount) is only checked (half a cent of rounding
     * allowed), never used; lines a client may still send are not read.
     *
     * A retry (a declined card, the details edited, the page reloaded) is the same purchase: when
     * this session already placed an order from this cart that nobody has paid, that order is
     * reused, with the details as now entered and the cart's lines (changed or not) at today's
     * prices; its payment intent follows at create-payment-intent. So the owner sees one row per
     * purchase. One older than UNPAID_ORDER_TTL_HOURS is left to the sweeper and a new one made.
     */
    async checkout(
      input: CheckoutInput,
      cartId: string | null,
      sessionOrderIds: number[] = [],
    ): Promise<CheckoutResult> {
      assertTakingOrders();
      const address = orderAddress(input);
      const cart = await deps.cart.getPricedCart(cartId ?? undefined);
      // the lines no longer offered are gone from the cart now: the buyer reviews what is left
      if (cart.unavailable) throw conflict(messages.noLongerAvailable);
      if (!cart.lines.length) throw badRequest(messages.emptyCart, { items: messages.emptyCart });
      const lines: NewLineItem[] = cart.lines.map((line) => ({
        photoId: line.photoId,
        printOptionId: line.printOptionId,
        quantity: line.quantity,
        priceCents: line.priceCents,
        shippingCents: line.shippingCents,
        title: line.photo.title,
        size: line.printOption.size,
        format: line.printOption.format,
      }));
      const retry =
        cartId && (await repo.findRetryable(sessionOrderIds, cartId, ctx.config.UNPAID_ORDER_TTL_HOURS));
      // this session's unpaid attempts: a code's use one of them holds is the buyer's (as in the quote)
      const ownOrderIds = await repo.unpaidAmong(sessionOrderIds);
      const code = input.promotionCode ?? null;
      const priced = await priceOrder(
        cart,
        { code: code ?? undefined, email: input.customerEmail, address: taxAddressOf(address), ownOrderIds },
        deps,
      );
      const { totalCents, taxCents } = priced.money;
      // the buyer saw the total with its tax, or (the spec's client) the cart's total before tax
      const shown = Math.round(input.totalAmount * 100);
      if (Math.abs(shown - totalCents) > 0.5 && Math.abs(shown - (totalCents - taxCents)) > 0.5)
        throw conflict(messages.priceChanged);
      const details = {
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.phone ?? null,
        ...address,
        ...priceColumns(priced),
      };
      // The checkout holds (a promotion code's use: checkout-holds.ts, added in src/modules.ts)
      // run in the order's transaction: one that refuses (the code's last use taken meanwhile)
      // leaves this order unwritten.
      const committed: (() => Promise<unknown>)[] = [];
      const takeHolds = async (trx: Tx, orderId: number, written: WrittenLine[]) =>
        deps.holds.takeAll(trx, {
          afterCommit: (fn) => void committed.push(fn),
          orderId,
          lines: written,
          email: input.customerEmail,
          promotionCode: code,
          // read again, locked: an attempt being paid meanwhile keeps what it holds
          ownOrderIds: await repo.lockUnpaidAmong(trx, sessionOrderIds),
          priced,
        });
      let orderId: number;
      if (retry && (await repo.replaceUnpaid(retry, details, lines, takeHolds))) {
        orderId = retry;
        logger.info({ orderId, totalCents }, 'unpaid order reused for a retry');
      } else {
        orderId = await repo.insertOrder(
          { ...details, cartId, statusToken: newStatusToken() },
          lines,
          takeHolds,
        );
        logger.info({ orderId, totalCents, promotionCode: code, taxCents }, 'order placed');
      }
      for (const fn of committed)
        await fn().catch((err: unknown) => logger.warn({ err, orderId }, 'after a checkout hold failed'));
      return { orderId, ...moneyAnswer(priced) };
    },

    /**
     * The cart's money with a code and for an address, before the order is placed: nothing is
     * held. A use of the code held by this session's unpaid order is the buyer's, as at checkout.
     */
    async quote(
      input: CheckoutQuoteInput,
      cartId: string | null,
      sessionOrderIds: number[] = [],
    ): Promise<CheckoutQuote> {
      const cart = await deps.cart.getPricedCart(cartId ?? undefined);
      if (!cart.lines.length) throw badRequest(messages.emptyCart, { items: messages.emptyCart });
      const priced = await priceOrder(
        cart,
        {
          code: input.promotionCode,
          email: input.customerEmail,
          address: input.address ? { ...input.address, zip: input.address.zip ?? null } : null,
          ownOrderIds: input.promotionCode ? await repo.unpaidAmong(sessionOrderIds) : [],
        },
        deps,
      );
      return moneyAnswer(priced);
    },

    // ---- admin ----

    async list(query: OrderListQuery): Promise<OrderSummary[]> {
      return (await repo.list(query)).map(toSummary);
    },

    async detail(id: number): Promise<OrderDetail> {
      const found = await repo.findWithLines(id);
      if (!found) throw notFound(messages.orderNotFound);
      const [refunds, details, shipments] = await Promise.all([
        deps.refunds.refundsFor([id]),
        deps.lineDetails.fields([id]),
        repo.shipmentsOf(id),
      ]);
      return toOrderDetail(found.order, found.lines, refunds, details.of, shipments);
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
        lines: lines.map((l) => ({
          id: l.id,
          photoId: l.photoId,
          printOptionId: l.printOptionId,
          quantity: l.quantity,
          title: l.title,
          size: l.size,
          format: l.format,
        })),
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
        deps.lineDetails.fields([found.order.id]),
        repo.shipmentsOf(found.order.id),
      ]);
      return toBuyerView(found.order, found.lines, refunds, notice, details.of, shipments);
    },

    /** The month's sales tax per state (CSV): taxable sales, tax collected, refunds' tax reversed. */
    taxReport: (month: string): Promise<string> => deps.taxReport.csv(month),

    /** CSV export of the orders the admin list shows (without its limit). */
    async csv(query: OrderListQuery): Promise<string> {
      const orders = await repo.list({ ...query, limit: 100_000 });
      return ordersCsv(orders, await repo.lineItemsFor(orders.map((o) => o.id)));
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
