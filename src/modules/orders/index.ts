import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { CartModule } from '../cart';
import type { CatalogModule } from '../catalog';
import type { ContentModule } from '../content';
import { createOrdersRepository } from './orders.repository';
import { createCheckoutRoutes, createOrdersAdminRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';

export type { OrderDetail, OrderSummary, OrdersService, PayableOrder } from './orders.service';
export type { FulfillmentStatus, PaymentStatus } from './orders.schemas';
export { rememberOrder, sessionOwnsOrder } from './order-session';
export { escapeHtml } from './order-emails';

export function createOrdersModule(
  ctx: AppContext,
  deps: { cart: CartModule; catalog: CatalogModule; content: ContentModule },
) {
  const service = createOrdersService(ctx, createOrdersRepository(ctx.db), {
    catalog: deps.catalog.service,
    content: deps.content.service,
    cart: deps.cart.service,
  });
  const module = {
    /**
     * checkout, list/detail/csv/setFulfillmentStatus (admin), and for payments: getForPayment,
     * findByPaymentIntent, attachPaymentIntent, markPaid, markFailed, markCanceled,
     * markProcessing, awaitingPayment.
     */
    service,
    publicRoutes: () => createCheckoutRoutes(ctx, service),
    adminRoutes: () => createOrdersAdminRoutes(service),
  };
  return module satisfies HttpModule;
}
export type OrdersModule = ReturnType<typeof createOrdersModule>;
