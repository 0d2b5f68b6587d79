import { describe, expect, it } from 'vitest';
import type { LabOrderView } from './lab-orders-api';
import { labOrderMoving, labOrderStatusText, labSaidText } from './lab-order-model';

const labOrder = (patch: Partial<LabOrderView>): LabOrderView => ({
  provider: 'lumaprints',
  name: 'Lumaprints',
  demo: false,
  status: 'held',
  labOrderNumber: null,
  sendAfter: '2026-11-25T15:00:00Z',
  sentAt: null,
  shippedAt: null,
  lastError: null,
  labText: null,
  attempts: 0,
  nextAttemptAt: null,
  labShipping: null,
  carrier: null,
  trackingNumber: null,
  lines: [],
  ...patch,
});

const before = Date.parse('2026-11-25T14:00:00Z');
const after = Date.parse('2026-11-25T15:00:01Z');

describe('labOrderStatusText', () => {
  it('says where the lab order is, with the lab’s order number and message', () => {
    expect(labOrderStatusText(labOrder({ status: 'review' }))).toBe('Waiting for your review');
    expect(labOrderStatusText(labOrder({ status: 'on_hold' }))).toBe('On hold: sent when you approve it');
    expect(labOrderStatusText(labOrder({}), before)).toMatch(/^Waiting to send \(until .+2026.+\)$/);
    expect(labOrderStatusText(labOrder({}), after)).toBe('Sending to the lab');
    expect(labOrderStatusText(labOrder({ status: 'sent', labOrderNumber: 'LP-1001' }))).toBe(
      'At the lab, order LP-1001',
    );
    expect(labOrderStatusText(labOrder({ status: 'shipped', labOrderNumber: 'LP-1001' }))).toBe(
      'Shipped by the lab, order LP-1001',
    );
    expect(
      labOrderStatusText(labOrder({ status: 'failed', lastError: 'The lab refused the address.' })),
    ).toBe('Failed: The lab refused the address.');
  });
  it('tells a retry while the lab is down from a send under way', () => {
    const retrying = labOrder({ status: 'sending', nextAttemptAt: '2026-11-25T16:00:00Z' });
    expect(labOrderStatusText(retrying, before)).toMatch(
      /^Lumaprints could not be reached: trying again .+2026/,
    );
    expect(labOrderMoving(retrying, before)).toBe(false);
    expect(labOrderStatusText(labOrder({ status: 'sending' }), before)).toBe('Sending to the lab');
    expect(labOrderMoving(labOrder({ status: 'sending' }), before)).toBe(true);
  });
});

describe('labSaidText', () => {
  it('quotes the lab beside our words, and nothing when it said nothing', () => {
    expect(labSaidText({ name: 'Prodigi', labText: 'Invalid postcode' })).toBe(
      'Prodigi said: “Invalid postcode”',
    );
    expect(labSaidText({ name: 'Prodigi', labText: null })).toBeNull();
  });
});
