import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { MediaModule } from '../media';
import type { CatalogModule } from '../catalog';

export function createContentModule(_ctx: AppContext, _deps: { media: MediaModule; catalog: CatalogModule }) {
  return {} satisfies HttpModule;
}
export type ContentModule = ReturnType<typeof createContentModule>;
