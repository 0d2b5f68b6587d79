import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { CartModule } from '../cart';
import type { CatalogModule } from '../catalog';
import type { ContentModule } from '../content';

export function createOrdersModule(
  _ctx: AppContext,
  _deps: { cart: CartModule; catalog: CatalogModule; content: ContentModule },
) {
  return {} satisfies HttpModule;
}
export type OrdersModule = ReturnType<typeof createOrdersModule>;
