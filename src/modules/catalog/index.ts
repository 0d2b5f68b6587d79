import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { MediaModule } from '../media';

export function createCatalogModule(_ctx: AppContext, _deps: { media: MediaModule }) {
  return {} satisfies HttpModule;
}
export type CatalogModule = ReturnType<typeof createCatalogModule>;
