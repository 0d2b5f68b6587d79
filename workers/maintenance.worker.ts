import { requeueStaleEmails } from '../src/platform/outbox';
import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

export const SWEEP_EVERY_MS = 60_000;

/** The sweeper re-queues what was missed: unsent e-mails, domain events (and, per module, their own work). */
export const maintenanceHandlers = ({ ctx, modules }: WorkerDeps): HandlerMap => ({
  queue: 'maintenance',
  handlers: {
    sweep: async () => {
      // domain events committed but never relayed, and deliveries whose job was lost
      const events = await modules.events.relayPending();
      const emails = await requeueStaleEmails(ctx.db, ctx.queues);
      const images = await modules.media.sweepMissingVariants();
      const payments = await modules.payments.service.sweep();
      const carts = await modules.cart.service.deleteStaleCarts();
      return {
        outcome: 'done',
        detail:
          `requeued ${emails} e-mails, ${images} images without variants, ` +
          `${payments.orders} orders awaiting payment, ${payments.events} payment events; ` +
          `deleted ${carts} stale carts; relayed ${events.relayed} events, ` +
          `re-drove ${events.redriven} event deliveries`,
      };
    },
  },
});
