import type { LabOrderView } from '../shared/lab/lab-orders-api';
import { labOrderMoving } from '../shared/lab/lab-order-model';

/** The owner's moves on an order's lab orders; send and hold act on all of them at once. */
export type LabAction = { send: string | null; hold: boolean };

/**
 * The buttons the order's lab orders offer, the most pressing first: approve (one waits for
 * review or is on hold), send now (one waits for its hold, or for a retry while its lab is down),
 * send again (one failed); hold only while one waits for review.
 */
export function orderLabActions(labs: LabOrderView[], now = Date.now()): LabAction {
  const any = (test: (lab: LabOrderView) => boolean) => labs.some(test);
  const hold = any((l) => l.status === 'review');
  if (hold || any((l) => l.status === 'on_hold')) return { send: 'Approve and send', hold };
  const waiting = (l: LabOrderView) =>
    (l.status === 'held' || (l.status === 'sending' && l.nextAttemptAt !== null)) && !labOrderMoving(l, now);
  if (any(waiting)) return { send: 'Send to lab now', hold: false };
  if (any((l) => l.status === 'failed')) return { send: 'Send again', hold: false };
  return { send: null, hold: false };
}
