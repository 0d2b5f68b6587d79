import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { OrdersModule } from '../orders';
import { createNumbersRoutes } from './numbers.routes';
import {
  createNumbersService,
  type LabCosts,
  type OutstandingFigure,
  type RecoveredCarts,
  type VisitCounts,
} from './numbers.service';

export type {
  NumbersService,
  VisitCounts,
  RecoveredCarts,
  OutstandingFigure,
  LabCosts,
} from './numbers.service';
export { numbersEndpoints } from './numbers.routes';

/**
 * The owner's numbers (issue 49): sales from orders (its `salesFigures`), visits and the funnel
 * from the visit counts, recovered carts from the cart reminders, gift cards owed from gift cards'
 * report figure, lab costs from fulfillment's `labCosts`, put together for a range of shop-local days. Owns no table.
 */
export function createNumbersModule(
  ctx: AppContext,
  deps: {
    orders: OrdersModule;
    visits: VisitCounts;
    cartReminders: RecoveredCarts;
    giftCardsOutstanding: OutstandingFigure;
    labCosts: LabCosts;
  },
) {
  const service = createNumbersService({
    timeZone: ctx.config.SHOP_TIME_ZONE,
    sales: deps.orders.salesFigures,
    visits: deps.visits,
    cartReminders: deps.cartReminders,
    giftCardsOutstanding: deps.giftCardsOutstanding,
    labCosts: deps.labCosts,
  });
  const module = { service, endpoints: () => createNumbersRoutes(service) };
  return module satisfies HttpModule;
}
export type NumbersModule = ReturnType<typeof createNumbersModule>;
