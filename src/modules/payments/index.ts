import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { OrdersModule } from '../orders';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsRoutes, createWebhookRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { createStripeClient, createStripeProvider } from './stripe.provider';
import { createTestProvider } from './test.provider';

export type { PaymentsService } from './payments.service';
export type { PaymentProvider, ProviderIntent, IntentStatus } from './payment-provider';

export function createPaymentsModule(ctx: AppContext, deps: { orders: OrdersModule }) {
  const repo = createPaymentsRepository(ctx.db);
  const stripe = createStripeClient(ctx.config);
  const provider: PaymentProvider | null =
    ctx.config.paymentsProvider === 'stripe'
      ? createStripeProvider(stripe)
      : ctx.config.paymentsProvider === 'test'
        ? createTestProvider(ctx.config.sessionSecret, repo)
        : null;
  const service = createPaymentsService(ctx, { repo, orders: deps.orders.service, provider });
  const module = {
    /**
     * createPaymentIntent, statusForSecret, confirmTestPayment, recordStripeEvent; for the
     * workers: reconcileEvent (job 'reconcile-payment'), checkPendingOrder ('check-pending-order')
     * and sweep (from the maintenance sweep).
     */
    service,
    publicRoutes: () => createPaymentsRoutes(ctx, service),
    /** mounted at /api/webhooks before any body parser */
    webhookRoutes: () => createWebhookRoutes(ctx, service, stripe),
  };
  return module satisfies HttpModule;
}
export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
