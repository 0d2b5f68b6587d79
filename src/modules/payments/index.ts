import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsAdminRoutes, createPaymentsRoutes, createWebhookRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { createStripeClient, createStripeProvider } from './stripe.provider';
import { createTestProvider } from './test.provider';

export type { PaymentsService } from './payments.service';
export { refundReasons } from './payments.schemas';
export type { PayableOrder } from './payments.repository';
export type { PaymentProvider, ProviderIntent, IntentStatus, PaymentEvent } from './payment-provider';

const eventFor = {
  paid: 'order.paid',
  failed: 'order.payment-failed',
  canceled: 'order.payment-canceled',
} as const;

/**
 * Payments own the order's payment state: the intent, the status transitions and the events
 * they publish (order.paid, order.payment-failed, order.payment-canceled). What follows a
 * payment (e-mails, emptying the cart) subscribes to those events in its own module.
 */
export function createPaymentsModule(ctx: AppContext, deps: { events: DomainEventBus }) {
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
        if (to === 'processing') return; // nobody reacts to "still settling"
        const name = eventFor[to];
        if (name === 'order.paid')
          await deps.events.publish(trx, name, { orderId: order.id, cartId: order.cartId });
        else await deps.events.publish(trx, name, { orderId: order.id });
      },
      refunded: (trx, orderId, refundId) => deps.events.publish(trx, 'order.refunded', { orderId, refundId }),
      disputed: (trx, orderId, disputeId) =>
        deps.events.publish(trx, 'order.disputed', { orderId, disputeId }),
    },
  });
  const module = {
    /**
     * createPaymentIntent, statusForSecret, confirmTestPayment, receiveWebhook; for the
     * workers: reconcileEvent (job 'reconcile-payment'), checkPendingOrder ('check-pending-order')
     * and sweep (from the maintenance sweep).
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
