import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';

export function createContactModule(_ctx: AppContext) {
  return {} satisfies HttpModule;
}
export type ContactModule = ReturnType<typeof createContactModule>;
