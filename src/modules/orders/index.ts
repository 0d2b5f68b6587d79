import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { CartModule } from '../cart';
import type { CatalogModule } from '../catalog';
import type { ContentModule } from '../content';
import { createOrdersRepository } from './orders.repository';
import { createCheckoutRoutes, createOrdersAdminRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

export type { OrderDetail, OrderSummary, OrdersService } from './orders.service';
export type { FulfillmentStatus, PaymentStatus } from './orders.schemas';
export { rememberOrder, sessionOwnsOrder } from './order-session';
export { escapeHtml } from './order-emails';

export function createOrdersModule(
  ctx: AppContext,
  deps: { cart: CartModule; catalog: CatalogModule; content: ContentModule; events: DomainEventBus },
) {
  const service = createOrdersService(ctx, createOrdersRepository(ctx.db), {
    catalog: deps.catalog.service,
    content: deps.content.service,
    orderPlaced: (trx, orderId) => deps.events.publish(trx, 'order.placed', { orderId }),
  });
  // A paid order gets the customer's confirmation and the owner's notice.
  deps.events.subscribe('order.paid', 'orders.paid-emails', ({ orderId }, { trx, afterCommit }) =>
    service.writePaidEmails(orderId, trx, afterCommit),
  );
  const module = {
    /** checkout, and for the admin list/detail/csv/setFulfillmentStatus. */
    service,
    publicRoutes: () => createCheckoutRoutes(ctx, service),
    adminRoutes: () => createOrdersAdminRoutes(service),
  };
  return module satisfies HttpModule;
}
export type OrdersModule = ReturnType<typeof createOrdersModule>;
