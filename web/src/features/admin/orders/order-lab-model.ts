import { formatDateTime } from '../shared/relative-time';
import type { LabOrderView } from './api';

/** Held past its time (or sending): the worker is sending it now, the answer is moments away. */
export function labOrderMoving(lab: LabOrderView, now = Date.now()): boolean {
  return lab.status === 'sending' || (lab.status === 'held' && Date.parse(lab.sendAfter) <= now);
}

/** Where the order's lab order is, in words. */
export function labOrderStatusText(lab: LabOrderView, now = Date.now()): string {
  switch (lab.status) {
    case 'held':
      return labOrderMoving(lab, now)
        ? 'Sending to the lab'
        : `Waiting to send (until ${formatDateTime(lab.sendAfter)})`;
    case 'sending':
      return 'Sending to the lab';
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

/** The button the lab order offers: send a held order now, or a failed one again. */
export function labSendAction(lab: LabOrderView, now = Date.now()): string | null {
  if (lab.status === 'held') return labOrderMoving(lab, now) ? null : 'Send to lab now';
  if (lab.status === 'failed') return 'Send again';
  return null;
}
