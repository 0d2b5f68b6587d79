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

/** How often Order Details asks again while the worker is sending, the answer moments away. */
export const SENDING_POLL_MS = 2000;
/** ... and while a demo lab has the order: it ships within a minute or so (LAB_DEMO_SHIP_SECONDS). */
export const DEMO_SHIPMENT_POLL_MS = 5000;

/**
 * How often Order Details reads the order's lab orders again, 0 for not at all: often while one
 * is being sent, now and then while a demo lab has one it is about to ship, so the owner trying
 * the demo sees the shipment come back without reopening the order.
 */
export function labPollMs(labs: LabOrderView[], now = Date.now()): number {
  if (labs.some((l) => labOrderMoving(l, now))) return SENDING_POLL_MS;
  if (labs.some((l) => l.demo && l.status === 'sent')) return DEMO_SHIPMENT_POLL_MS;
  return 0;
}

/** In how many ms the first hold still running ends (the screen starts asking then); null: none. */
export function msToHoldEnd(labs: LabOrderView[], now = Date.now()): number | null {
  const ends = labs
    .filter((l) => l.status === 'held')
    .map((l) => Date.parse(l.sendAfter) - now)
    .filter((ms) => ms > 0);
  return ends.length ? Math.min(...ends) : null;
}
