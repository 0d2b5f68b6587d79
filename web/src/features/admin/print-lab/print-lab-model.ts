import { formatDateTime } from '../orders/relative-time';
import type { LabOrderView } from './api';
import { parseInches } from '@shared/print-sizes';

/** The lab the shop sends to (the contract's only provider so far), as the owner reads it. */
export const LAB_NAME = 'Lumaprints';

/**
 * The width and height in inches a print option's size names ('8x10', '8 x 10 inch', '12×16 in',
 * '8.5x11'), as the dialog's fields start; null when the size does not read as inches.
 */
export function sizeInches(size: string): { width: string; height: string } | null {
  const inches = parseInches(size);
  return inches && { width: String(inches.widthIn), height: String(inches.heightIn) };
}

/** 45 -> '45%', 12.345 -> '12.3%'. */
export function percentText(percent: number): string {
  return `${Math.round(percent * 10) / 10}%`;
}

/** An inch figure as the owner reads it: 8 -> '8', 8.5 -> '8.5'. */
export const inchesText = (n: number) => String(Math.round(n * 100) / 100);

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

/**
 * A 400 answer's messages split into the form's own fields (first one the server refused first,
 * in the form's order) and the rest, shown above the button.
 */
export function splitServerErrors<F extends string>(
  errors: Record<string, string> | undefined,
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; first: F | undefined; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    // 'optionIds.2' belongs to 'optionIds'
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field) byField[field] ??= message;
    else if (!other.includes(message)) other.push(message);
  }
  return { byField, first: fields.find((f) => byField[f]), other };
}
