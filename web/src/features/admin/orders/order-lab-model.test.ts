import { describe, expect, it } from 'vitest';
import type { LabOrderView } from './api';
import { labOrderStatusText, labSendAction } from './order-lab-model';

const lab = (patch: Partial<LabOrderView>): LabOrderView => ({
  status: 'held',
  labOrderNumber: null,
  sendAfter: '2026-11-25T15:00:00Z',
  sentAt: null,
  shippedAt: null,
  lastError: null,
  attempts: 0,
  labLines: 1,
  ...patch,
});

const before = Date.parse('2026-11-25T14:00:00Z');
const after = Date.parse('2026-11-25T15:00:01Z');

describe('labOrderStatusText', () => {
  it('says where the lab order is, with the lab’s order number and message', () => {
    expect(labOrderStatusText(lab({}), before)).toMatch(/^Waiting to send \(until .+2026.+\)$/);
    expect(labOrderStatusText(lab({}), after)).toBe('Sending to the lab');
    expect(labOrderStatusText(lab({ status: 'sent', labOrderNumber: 'LP-1001' }))).toBe(
      'At the lab, order LP-1001',
    );
    expect(labOrderStatusText(lab({ status: 'failed', lastError: 'Invalid zip code' }))).toBe(
      'Failed: Invalid zip code',
    );
  });
  it('offers sending now while held and sending again once failed, nothing else', () => {
    expect(labSendAction(lab({}), before)).toBe('Send to lab now');
    // past its hold: on its way already
    expect(labSendAction(lab({}), after)).toBeNull();
    expect(labSendAction(lab({ status: 'failed' }))).toBe('Send again');
    expect(labSendAction(lab({ status: 'sent' }))).toBeNull();
    expect(labSendAction(lab({ status: 'shipped' }))).toBeNull();
  });
});
