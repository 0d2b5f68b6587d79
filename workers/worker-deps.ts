import type { AppContext } from '../src/platform/context';
import type { Mailer } from '../src/platform/mailer';
import type { Modules } from '../src/modules';

export type WorkerDeps = { ctx: AppContext; modules: Modules; mailer: Mailer };
