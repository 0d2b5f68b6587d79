import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import { createCodeHold } from './code-hold';
import { createPromotionsRepository } from './promotions.repository';
import { createPromotionsRoutes } from './promotions.routes';
import { createPromotionsService } from './promotions.service';

export type { PromotionsService, AppliedCode, Buyer } from './promotions.service';
export type { Discount, RuleLine } from './promotion-rules';
export { promotionsEndpoints } from './promotions.routes';

/**
 * Promotion codes: the owner's codes, a buyer's code checked and priced, and one use held per
 * order (in the order's transaction: `codeHold`, a checkout hold of orders), final once paid and
 * given back when the order is canceled unpaid. Writes promotion_codes and promotion_redemptions.
 */
export function createPromotionsModule(ctx: AppContext, deps: { events: DomainEventBus }) {
  const service = createPromotionsService(createPromotionsRepository(ctx.db), ctx.db);
  // In the publisher's transaction: the use changes with the payment, never apart from it.
  deps.events.subscribe(
    'order.payment-canceled',
    'promotions.release',
    async ({ orderId }, { trx }) => void (await service.release(trx, orderId)),
    { inTransaction: true },
  );
  deps.events.subscribe(
    'order.paid',
    'promotions.redeem',
    async ({ orderId }, { trx }) => void (await service.redeem(trx, orderId)),
    {
      inTransaction: true,
    },
  );
  const module = {
    service,
    /** The code's use at checkout: orders' first checkout hold (added in src/modules.ts). */
    codeHold: createCodeHold(service),
    endpoints: () => createPromotionsRoutes(service),
  };
  return module satisfies HttpModule;
}
export type PromotionsModule = ReturnType<typeof createPromotionsModule>;
