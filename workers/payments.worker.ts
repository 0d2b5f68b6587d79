import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

/**
 * Payment reconciliation: both jobs ask the provider for the truth and move the order to match.
 * A thrown error (e.g. the order's commit has not landed yet) is retried by BullMQ with backoff.
 */
export const paymentsHandlers = ({ modules }: WorkerDeps): HandlerMap => ({
  queue: 'payments',
  handlers: {
    'reconcile-payment': (data) => modules.payments.service.reconcileEvent(String(data.eventId)),
    'check-pending-order': (data) => modules.payments.service.checkPendingOrder(Number(data.orderId)),
  },
});
