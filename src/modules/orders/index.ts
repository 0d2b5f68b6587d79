import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { CartModule } from '../cart';
import type { ContentModule } from '../content';
import type { RefundsReader } from './refund-view';
import { createOrderMail } from './order-mail';
import { createOrdersRepository } from './orders.repository';
import { createCheckoutRoutes, createOrderPageRoutes, createOrdersAdminRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

export type { OrdersService } from './orders.service';
export type { RefundsReader } from './refund-view';
export { rememberOrder, sessionOwnsOrder } from './order-session';

export function createOrdersModule(
  ctx: AppContext,
  deps: {
    cart: CartModule;
    content: ContentModule;
    payments: { service: RefundsReader };
    events: DomainEventBus;
  },
) {
  const { events } = deps;
  const repo = createOrdersRepository(ctx.db);
  const service = createOrdersService(ctx, repo, {
    cart: deps.cart.service,
    content: deps.content.service,
    refunds: deps.payments.service,
    orderShipped: (trx, orderId) => events.publish(trx, 'order.shipped', { orderId }),
  });
  // Every order e-mail is a reaction, written to the outbox once in the delivery's transaction.
  const mail = createOrderMail(ctx, repo, { content: deps.content.service, refunds: deps.payments.service });
  events.subscribe('order.paid', 'orders.paid-emails', ({ orderId }, d) => mail.paid(orderId, d));
  events.subscribe('order.shipped', 'orders.shipped-email', ({ orderId }, d) => mail.shipped(orderId, d));
  events.subscribe('order.refunded', 'orders.refund-email', ({ orderId, refundId }, d) =>
    mail.refunded(orderId, refundId, d),
  );
  events.subscribe('order.disputed', 'orders.dispute-email', ({ orderId, disputeId }, d) =>
    mail.disputed(orderId, disputeId, d),
  );
  const module = {
    /** checkout, and for the admin list/detail/csv/setFulfillmentStatus. */
    service,
    publicRoutes: () => createCheckoutRoutes(ctx, service),
    rootRoutes: () => createOrderPageRoutes(),
    adminRoutes: () => createOrdersAdminRoutes(service),
  };
  return module satisfies HttpModule;
}
export type OrdersModule = ReturnType<typeof createOrdersModule>;
