import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsAdminRoutes, createPaymentsRoutes, createWebhookRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { createStripeClient, createStripeProvider } from './stripe.provider';
import { createTestProvider } from './test.provider';

export type { PaymentsService } from './payments.service';
export type { PayableOrder } from './payments.repository';
export type { PaymentProvider, ProviderIntent, IntentStatus, PaymentEvent } from './payment-provider';

/**
 * Payments own the order's payment state: the intent, the status transitions and the events
 * they publish (order.paid, order.payment-canceled). What follows a
 * payment (e-mails, emptying the cart) subscribes to those events in its own module.
 */
export function createPaymentsModule(
  ctx: AppContext,
  deps: { events: DomainEventBus; jobs: AppJobRegistry },
) {
  const repo = createPaymentsRepository(ctx.db);
  const provider: PaymentProvider | null =
    ctx.config.paymentsProvider === 'stripe'
      ? createStripeProvider(createStripeClient(ctx.config), ctx.config.STRIPE_WEBHOOK_SECRET)
      : ctx.config.paymentsProvider === 'test'
        ? createTestProvider(ctx.config.sessionSecret, repo)
        : null;
  const service = createPaymentsService(ctx, {
    repo,
    provider,
    events: {
      async publish(trx, to, order) {
        // nobody reacts to a failed attempt (the buyer may try again) or to "still settling"
        if (to === 'paid')
          await deps.events.publish(trx, 'order.paid', { orderId: order.id, cartId: order.cartId });
        else if (to === 'canceled')
          await deps.events.publish(trx, 'order.payment-canceled', { orderId: order.id });
      },
      refunded: (trx, orderId, refundId) => deps.events.publish(trx, 'order.refunded', { orderId, refundId }),
      disputed: (trx, orderId, disputeId) =>
        deps.events.publish(trx, 'order.disputed', { orderId, disputeId }),
    },
  });
  // Reconciliation: both jobs ask the provider for the truth and move the order to match. A thrown
  // error (e.g. the order's commit has not landed yet) is retried by BullMQ with backoff.
  deps.jobs.handle('payments', 'reconcile-payment', ({ eventId }) => service.reconcileEvent(eventId));
  deps.jobs.handle('payments', 'check-pending-order', ({ orderId }) => service.checkPendingOrder(orderId));
  const module = {
    /**
     * createPaymentIntent, statusForSecret, confirmTestPayment, receiveWebhook; sweep (from the
     * maintenance sweep). Its jobs' handlers are registered above.
     */
    service,
    publicRoutes: () => createPaymentsRoutes(ctx, service),
    adminRoutes: () => createPaymentsAdminRoutes(service),
    /** mounted at /api/webhooks before any body parser */
    webhookRoutes: () => createWebhookRoutes(service),
  };
  return module satisfies HttpModule;
}
export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
