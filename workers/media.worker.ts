import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

export const mediaHandlers = (_deps: WorkerDeps): HandlerMap => ({
  queue: 'media',
  handlers: {
    'make-variants': async () => ({ outcome: 'skipped', detail: 'media pipeline not built yet' }),
  },
});
