import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

/** Domain event deliveries: one job per event and subscriber (see src/platform/events.ts). */
export const eventsHandlers = ({ modules }: WorkerDeps): HandlerMap => ({
  queue: 'events',
  handlers: {
    deliver: (data) => modules.events.deliver(Number(data.eventId), String(data.subscriber)),
  },
});
