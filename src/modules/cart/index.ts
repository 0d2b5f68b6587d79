import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { CatalogModule } from '../catalog';

export function createCartModule(_ctx: AppContext, _deps: { catalog: CatalogModule }) {
  return {} satisfies HttpModule;
}
export type CartModule = ReturnType<typeof createCartModule>;
