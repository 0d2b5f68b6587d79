import { formatDateTime } from '../relative-time';
import type { LabOrderView } from './lab-orders-api';

/** How soon a retry counts as under way (the screen asks again until the lab has answered). */
const SOON_MS = 15_000;

/**
 * The worker is at it now, the answer moments away: held past its time, or sending with no retry
 * pending (or one due within seconds). A retry hours away is waiting, not moving.
 */
export function labOrderMoving(lab: LabOrderView, now = Date.now()): boolean {
  if (lab.status === 'held') return Date.parse(lab.sendAfter) <= now;
  if (lab.status !== 'sending') return false;
  return lab.nextAttemptAt === null || Date.parse(lab.nextAttemptAt) <= now + SOON_MS;
}

/** Where one lab's order is, in words. */
export function labOrderStatusText(lab: LabOrderView, now = Date.now()): string {
  switch (lab.status) {
    case 'review':
      return 'Waiting for your review';
    case 'on_hold':
      return 'On hold: sent when you approve it';
    case 'held':
      return labOrderMoving(lab, now)
        ? 'Sending to the lab'
        : `Waiting to send (until ${formatDateTime(lab.sendAfter)})`;
    case 'sending':
      return lab.nextAttemptAt && !labOrderMoving(lab, now)
        ? `${lab.name} could not be reached: trying again ${formatDateTime(lab.nextAttemptAt)}`
        : 'Sending to the lab';
    case 'sent':
      return `At the lab, order ${lab.labOrderNumber ?? ''}`.trim();
    case 'shipped':
      return lab.labOrderNumber ? `Shipped by the lab, order ${lab.labOrderNumber}` : 'Shipped by the lab';
    case 'failed':
      return `Failed: ${lab.lastError ?? 'the lab gave no reason'}`;
    case 'canceled':
      return 'Canceled: not sent to the lab';
  }
}

/** The lab's own words beside ours: 'Lumaprints said: “Invalid zip code”'. */
export function labSaidText(lab: Pick<LabOrderView, 'name' | 'labText'>): string | null {
  return lab.labText ? `${lab.name} said: “${lab.labText}”` : null;
}
