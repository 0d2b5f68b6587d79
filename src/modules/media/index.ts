import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';

export function createMediaModule(_ctx: AppContext) {
  return {} satisfies HttpModule;
}
export type MediaModule = ReturnType<typeof createMediaModule>;
