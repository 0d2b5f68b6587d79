import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { toDollars } from '../../platform/money';
import type { PricedCart } from '../cart';
import type { ShippingNotice } from './order-emails';
import { toBuyerView, toOrderDetail, toSummary } from './order-views';
import { ordersCsv } from './orders-csv';
import type { NewLineItem, OrdersRepository, Tx } from './orders.repository';
import {
  orderMessages as messages,
  type BuyerOrder,
  type Carrier,
  composeUsAddress,
  type CheckoutInput,
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
  /** The visitor's cart in integer cents at current prices, from the cart module. */
  cart: { getPricedCart(cartId: string | undefined): Promise<PricedCart> };
  content: { activeShippingNotice(): Promise<ShippingNotice> };
  /** Succeeded refunds (payments/refunds.service.ts). */
  refunds: Pick<RefundsService, 'refundsFor'>;
  /** Publishes 'order.shipped' (the buyer is told) in the transaction of the change. */
  orderShipped(trx: Tx, orderId: number): Promise<unknown>;
};

/** The buyer paid (and may have been refunded since): only then is a shipping e-mail sent. */
export const isPaid = (status: PaymentStatus) =>
  status === 'paid' || status === 'partially_refunded' || status === 'refunded';

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

/** The token of the buyer's order page: 192 random bits, not derived from anything. */
const newStatusToken = () => randomBytes(24).toString('base64url');

export function createOrdersService(ctx: AppContext, repo: OrdersRepository, deps: Deps) {
  const { logger } = ctx;

  return {
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
      // the order stores the cart's money as orderMoney computed it (the columns discount and tax
      // will join are 0 until they exist)
      const { subtotalCents, shippingCents, totalCents } = cart.money;
      const totals = { subtotalCents, shippingCents, totalCents };
      if (Math.abs(input.totalAmount * 100 - totalCents) > 0.5) throw conflict(messages.priceChanged);
      const details = {
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        ...address,
        ...totals,
      };
      const retry =
        cartId && (await repo.findRetryable(sessionOrderIds, cartId, ctx.config.UNPAID_ORDER_TTL_HOURS));
      let orderId: number;
      if (retry && (await repo.replaceUnpaid(retry, details, lines))) {
        orderId = retry;
        logger.info({ orderId, totalCents: totals.totalCents }, 'unpaid order reused for a retry');
      } else {
        orderId = await repo.insertOrder({ ...details, cartId, statusToken: newStatusToken() }, lines);
        logger.info({ orderId, totalCents: totals.totalCents }, 'order placed');
      }
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
      const found = await repo.findWithLines(id);
      if (!found) throw notFound(messages.orderNotFound);
      return toOrderDetail(found.order, found.lines, await deps.refunds.refundsFor([id]));
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
      const row = await repo.transaction(async (trx) => {
        const before = await repo.lockById(trx, id);
        if (!before) throw notFound(messages.orderNotFound);
        const carrier = shipping.carrier === undefined ? before.shippingCarrier : shipping.carrier;
        const trackingNumber =
          shipping.trackingNumber === undefined ? before.trackingNumber : shipping.trackingNumber || null;
        const notify =
          status === 'shipped' &&
          isPaid(before.status) &&
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
      const found = await repo.findByToken(token);
      if (!found) return null;
      const [refunds, notice] = await Promise.all([
        deps.refunds.refundsFor([found.order.id]),
        deps.content.activeShippingNotice(),
      ]);
      return toBuyerView(found.order, found.lines, refunds, notice);
    },

    /** CSV export of the orders the admin list shows (without its limit). */
    async csv(query: OrderListQuery): Promise<string> {
      const orders = await repo.list({ ...query, limit: 100_000 });
      return ordersCsv(orders, await repo.lineItemsFor(orders.map((o) => o.id)));
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
