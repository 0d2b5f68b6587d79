import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

export const paymentsHandlers = (_deps: WorkerDeps): HandlerMap => ({
  queue: 'payments',
  handlers: {
    'reconcile-payment': async () => ({ outcome: 'skipped', detail: 'payments not built yet' }),
    'check-pending-order': async () => ({ outcome: 'skipped', detail: 'payments not built yet' }),
  },
});
