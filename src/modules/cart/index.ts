import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { CatalogModule } from '../catalog';
import { createCartRepository } from './cart.repository';
import { createCartRoutes } from './cart.routes';

export { cartEndpoints } from './cart.routes';
import { createCartService } from './cart.service';

export type { PricedCart, PricedLine, PrintOptionLookup } from './cart.service';
export { lineSums, orderMoney, refundableCents, type MoneyLine, type OrderMoney } from './order-money';

export function createCartModule(ctx: AppContext, deps: { catalog: CatalogModule; events: DomainEventBus }) {
  const service = createCartService(createCartRepository(ctx.db), deps.catalog.service);
  // The cart a paid order came from is emptied (clearing twice changes nothing).
  deps.events.subscribe('order.paid', 'cart.clear-paid-cart', async ({ cartId }) => {
    if (cartId) await service.clear(cartId);
  });
  const module = {
    /** getCart(cartId), getPricedCart(cartId), clear(cartId), deleteStaleCarts() and the writes. */
    service,
    endpoints: () => createCartRoutes(service),
  };
  return module satisfies HttpModule;
}
export type CartModule = ReturnType<typeof createCartModule>;
