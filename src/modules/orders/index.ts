import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { CartModule } from '../cart';
import type { ContentModule } from '../content';
import { createOrdersRepository } from './orders.repository';
import { createCheckoutRoutes, createOrderPageRoutes, createOrdersAdminRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';
import type { RefundsReader } from './refund-view';

export type { OrdersService } from './orders.service';
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
  const service = createOrdersService(ctx, createOrdersRepository(ctx.db), {
    cart: deps.cart.service,
    content: deps.content.service,
    refunds: deps.payments.service,
    orderPlaced: (trx, orderId) => events.publish(trx, 'order.placed', { orderId }),
    orderShipped: (trx, orderId) => events.publish(trx, 'order.shipped', { orderId }),
  });
  // Every order e-mail is a reaction, written to the outbox once in the delivery's transaction.
  events.subscribe('order.paid', 'orders.paid-emails', ({ orderId }, { trx, afterCommit }) =>
    service.writePaidEmails(orderId, trx, afterCommit),
  );
  events.subscribe('order.shipped', 'orders.shipped-email', ({ orderId }, { trx, afterCommit }) =>
    service.writeShippedEmail(orderId, trx, afterCommit),
  );
  events.subscribe('order.refunded', 'orders.refund-email', ({ orderId, refundId }, { trx, afterCommit }) =>
    service.writeRefundEmail(orderId, refundId, trx, afterCommit),
  );
  events.subscribe('order.disputed', 'orders.dispute-email', ({ orderId, disputeId }, { trx, afterCommit }) =>
    service.writeDisputeEmail(orderId, disputeId, trx, afterCommit),
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
