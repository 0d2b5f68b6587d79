import type { AppContext } from '../../platform/context';
import { createRouter } from '../../platform/http/async-route';
import type { HttpModule } from '../../platform/module';
import type { OrdersModule } from '../orders';

export function createPaymentsModule(_ctx: AppContext, _deps: { orders: OrdersModule }) {
  return {
    /** mounted at /api/webhooks before any body parser */
    webhookRoutes: () => createRouter(),
  } satisfies HttpModule & { webhookRoutes: () => unknown };
}
export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
