import type { AppContext } from '../../platform/context';
import { toCents } from '../../platform/money';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { CartModule } from '../cart';
import type { ContentModule } from '../content';
import type { PromotionsModule } from '../promotions';
import type { TaxModule } from '../tax';
import { createCheckoutHolds, type CheckoutHold } from './checkout-holds';
import { createCheckoutTenders, type CheckoutTender } from './checkout-tenders';
import { createLineDetails, type LineDetails } from './line-details';
import { createOrderMail } from './order-mail';
import { createOrdersRepository, type Tx } from './orders.repository';
import { createOrdersRoutes } from './orders.routes';
import { createOrdersService, giftCardFacts } from './orders.service';
import { createTaxReport } from './tax-report';
import { createReportFigures, type ReportFigure } from './report-figures';
import { createSalesFiguresRepository } from './sales-figures.repository';
import type { PaymentProvider } from './payments/payment-provider';
import { createPaymentsRepository } from './payments/payments.repository';
import { createPaymentsRoutes, createWebhookRoutes } from './payments/payments.routes';
import { createPaymentsService } from './payments/payments.service';
import { createStripeClient, createStripeProvider } from './payments/stripe.provider';
import { createTestProvider } from './payments/test.provider';

export type {
  OrdersService,
  LabOrderSource,
  OrderLines,
  OrderLicenceLineFacts,
  OrderGiftCardLineFacts,
} from './orders.service';
export type { CheckoutHold, HeldOrder } from './checkout-holds';
export type { CheckoutTender, TenderContext, TenderPart, TenderPartView } from './checkout-tenders';
export type { LineDetails, LineMailNote } from './line-details';
export type { ReportFigure } from './report-figures';
export type { SalesFiguresRepository, PaidDay, RefundDay, RankedLine } from './sales-figures.repository';
export type { PaymentsService } from './payments/payments.service';
export { ordersEndpoints } from './orders.routes';
export { paymentsEndpoints } from './payments/payments.routes';
export { createStripeClient } from './payments/stripe.provider';
export { csvFile } from './orders-csv';

/**
 * Orders: checkout, the order and its payment (one aggregate on one `orders` row: its payment
 * status gates fulfillment and the shipping mail), refunds, provider events, fulfillment and the
 * order e-mails. Writes orders, order_line_items, order_shipments, order_refunds and payment_events. Publishes
 * order.paid, order.payment-canceled, order.refunded, order.disputed and order.shipped; what follows
 * a payment elsewhere (emptying the cart) subscribes to those events in its own module.
 */
export function createOrdersModule(
  ctx: AppContext,
  deps: {
    cart: CartModule;
    content: ContentModule;
    promotions: PromotionsModule;
    tax: TaxModule;
    events: DomainEventBus;
    jobs: AppJobRegistry;
  },
) {
  const { events } = deps;

  // ---- payments (payments/*): the intent, the status transitions, refunds, provider events ----
  const paymentsRepo = createPaymentsRepository(ctx.db);
  const provider: PaymentProvider | null =
    ctx.config.paymentsProvider === 'stripe'
      ? createStripeProvider(createStripeClient(ctx.config), ctx.config.STRIPE_WEBHOOK_SECRET)
      : ctx.config.paymentsProvider === 'test'
        ? createTestProvider(ctx.config.sessionSecret, paymentsRepo)
        : null;
  const payments = createPaymentsService(ctx, {
    repo: paymentsRepo,
    provider,
    events: {
      async publish(trx, to, order) {
        // nobody reacts to a failed attempt (the buyer may try again) or to "still settling"
        if (to === 'paid')
          await events.publish(trx, 'order.paid', { orderId: order.id, cartId: order.cartId });
        else if (to === 'canceled')
          await events.publish(trx, 'order.payment-canceled', { orderId: order.id });
      },
      refunded: (trx, orderId, refundId, revokeLineIds) =>
        events.publish(trx, 'order.refunded', { orderId, refundId, revokeLineIds }),
      disputed: (trx, orderId, disputeId) => events.publish(trx, 'order.disputed', { orderId, disputeId }),
    },
    // a refund's share for the tenders (gift cards) goes back through them (the registry below)
    tenders: {
      refundRooms: (q, orderId) => tenders.refundRooms(q, orderId),
      refund: (trx, orderId, cents, refundId) => tenders.refund(trx, orderId, cents, refundId),
    },
  });
  // Reconciliation: both jobs ask the provider for the truth and move the order to match. A thrown
  // error (e.g. the order's commit has not landed yet) is retried by BullMQ with backoff.
  deps.jobs.handle('payments', 'reconcile-payment', ({ eventId }) => payments.reconcileEvent(eventId));
  deps.jobs.handle('payments', 'check-pending-order', ({ orderId }) => payments.checkPendingOrder(orderId));

  // ---- the order: checkout, the admin's list and fulfillment, the buyer's page ----
  const repo = createOrdersRepository(ctx.db);
  // what an order holds while unpaid: added in src/modules.ts, each released on order.payment-canceled
  const holds = createCheckoutHolds(() =>
    events
      .subscriptions()
      .filter((s) => s.event === 'order.payment-canceled')
      .map((s) => s.subscriber),
  );
  // what pays part of an order besides the card (a gift card): added in src/modules.ts, taken
  // after the holds in the order's transaction, each released on order.payment-canceled
  const tenders = createCheckoutTenders(
    () =>
      events
        .subscriptions()
        .filter((s) => s.event === 'order.payment-canceled')
        .map((s) => s.subscriber),
    repo,
  );
  // facts other modules add to each order line (an edition print's number): added in src/modules.ts
  const lineDetails = createLineDetails();
  // amounts other modules add below the tax report and the orders CSV (gift cards owed): src/modules.ts
  const reportFigures = createReportFigures();
  const service = createOrdersService(ctx, repo, {
    lineDetails,
    takingOrders: () => payments.providerName() !== null,
    cart: deps.cart.service,
    content: deps.content.service,
    promotions: deps.promotions.service,
    tax: deps.tax.service,
    holds,
    tenders,
    settleCovered: (orderId) => payments.settleCoveredOrder(orderId),
    taxReport: createTaxReport(ctx.db, reportFigures),
    reportFigures,
    refunds: payments,
    cancelPayment: (orderId) => payments.cancelUnpaid(orderId),
    orderShipped: (trx, orderId, shipment) => events.publish(trx, 'order.shipped', { orderId, ...shipment }),
  });
  // Every order e-mail is a reaction, written to the outbox once in the delivery's transaction.
  const mail = createOrderMail(ctx, repo, { content: deps.content.service, refunds: payments, lineDetails });
  events.subscribe('order.paid', 'orders.paid-emails', ({ orderId }, d) => mail.paid(orderId, d));
  events.subscribe('order.shipped', 'orders.shipped-email', ({ orderId, ...shipment }, d) =>
    mail.shipped(orderId, shipment, d),
  );
  events.subscribe('order.refunded', 'orders.refund-email', ({ orderId, refundId }, d) =>
    mail.refunded(orderId, refundId, d),
  );
  events.subscribe('order.disputed', 'orders.dispute-email', ({ orderId, disputeId }, d) =>
    mail.disputed(orderId, disputeId, d),
  );

  // Stripe Tax: a paid order's calculation is recorded as a tax transaction; a refund reverses its
  // part. Calls to Stripe, so queued jobs (retried), not in the payment's transaction.
  events.subscribe('order.paid', 'orders.tax-transaction', async ({ orderId }) => {
    const order = await repo.findById(orderId);
    if (order?.taxProvider === 'stripe' && order.taxCalculationId)
      await deps.tax.service.recordPaid(orderId, order.taxCalculationId);
  });
  events.subscribe('order.refunded', 'orders.tax-reversal', async ({ orderId, refundId }) => {
    const order = await repo.findById(orderId);
    if (order?.taxProvider !== 'stripe') return;
    const refund = await payments.findRefund(refundId);
    if (!refund) return;
    await deps.tax.service.reverseForRefund({
      orderId,
      refundId,
      amountCents: toCents(refund.amount),
      // 'full' only for one refund of everything (it refunded the order by itself): the last of
      // several refunds is a partial reversal of exactly what is left (Stripe's full mode is for
      // an untouched transaction)
      full: order.status === 'refunded' && toCents(refund.amount) >= order.refundedCents,
    });
  });

  const module = {
    /** checkout, and for the admin list/detail/csv/setFulfillmentStatus. */
    service,
    /**
     * Extension point (src/modules.ts): something an order holds while it waits to be paid (a
     * promotion code's use; an edition's print), taken in the order's transaction at checkout and
     * released on order.payment-canceled by the subscriber it names (checkout-holds.ts).
     */
    addCheckoutHold: (name: string, hold: CheckoutHold) => holds.add(name, hold),
    /**
     * Extension point (src/modules.ts): something that pays part of an order besides the card (a
     * gift card), taken after the holds in the order's transaction; the amount due that payments
     * charge is the total less the tenders (checkout-tenders.ts).
     */
    addTender: (name: string, tender: CheckoutTender) => tenders.add(name, tender),
    /**
     * Extension point (src/modules.ts): another module's facts on an order's lines (an edition
     * print's number and certificate), kept by its name, shown through its own `view` on every
     * order read and in the paid e-mail (line-details.ts).
     */
    addLineDetails: <D>(name: string, details: LineDetails<D>) => lineDetails.add(name, details),
    /**
     * Extension point (src/modules.ts): an amount another module reports below the tax report and
     * the orders CSV (what she owes on gift cards sold), its label and its value at a date
     * (report-figures.ts).
     */
    addReportFigure: (name: string, figure: ReportFigure) => reportFigures.add(name, figure),
    /**
     * The narrow read for the modules plugged into orders (editions): an order's lines and payment
     * facts, without the line details (`service.detail` asks them: a plug-in reading it would ask
     * itself).
     */
    linesOf: (orderId: number) => service.linesOf(orderId),
    /**
     * Gift cards (issue 47): the recipient's e-mail of an order's gift card line, changed before
     * the card is sent (the line's record of the purchase); rows changed, 0 for no such line.
     */
    setGiftCardRecipient: (orderId: number, lineId: number, email: string) =>
      repo.setGiftCardRecipient(orderId, lineId, email),
    /** The gift card lines of these orders (gift cards' line details: one query for a read). */
    giftCardLinesOf: async (orderIds: number[]) => giftCardFacts(await repo.lineItemsFor(orderIds)),
    /** The owner's sales figures by shop-local day (the Numbers screen, issue 49). */
    salesFigures: createSalesFiguresRepository(ctx.db, ctx.config.SHOP_TIME_ZONE),
    /** The order an order line belongs to (a gift card knows its line), or null. */
    orderIdOfLine: (lineId: number) => repo.orderIdOfLine(lineId),
    /**
     * Catalog's delete guard (src/modules.ts): a photo or print option an order's line names is
     * kept (archived) for the order's history.
     */
    orderLinesGuard: {
      keeps: (entry: { kind: 'photo' | 'print-option'; id: number }, trx: Tx) => repo.linesName(entry, trx),
    },
    /**
     * createPaymentIntent, statusForSecret, confirmTestPayment, receiveWebhook, refund; sweep (from
     * the maintenance sweep). Its jobs' handlers are registered above.
     */
    payments,
    endpoints: () => [...createOrdersRoutes(ctx, service, payments), ...createPaymentsRoutes(ctx, payments)],
    /** mounted at /api/webhooks before any body parser */
    webhookRoutes: () => createWebhookRoutes(payments),
  };
  return module satisfies HttpModule;
}
export type OrdersModule = ReturnType<typeof createOrdersModule>;
