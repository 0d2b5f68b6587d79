import { describe, expect, it } from 'vitest';
import type { LabOrderView } from '../shared/lab/lab-orders-api';
import {
  DEMO_SHIPMENT_POLL_MS,
  SENDING_POLL_MS,
  labPollMs,
  msToHoldEnd,
  orderLabActions,
} from './order-lab-model';

const lab = (patch: Partial<LabOrderView>): LabOrderView => ({
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

describe('orderLabActions', () => {
  it('offers approving and holding while a lab order waits for review, approving once it is on hold', () => {
    expect(orderLabActions([lab({ status: 'review' })])).toEqual({ send: 'Approve and send', hold: true });
    expect(orderLabActions([lab({ status: 'on_hold' })])).toEqual({ send: 'Approve and send', hold: false });
    // one lab's order already at the lab, the other's waiting: approving comes first
    expect(
      orderLabActions([lab({ status: 'sent' }), lab({ provider: 'prodigi', status: 'review' })]),
    ).toEqual({
      send: 'Approve and send',
      hold: true,
    });
  });
  it('offers sending now during the hold or a retry, sending again once failed, nothing else', () => {
    expect(orderLabActions([lab({})], before).send).toBe('Send to lab now');
    // past its hold: on its way already
    expect(orderLabActions([lab({})], after).send).toBeNull();
    expect(
      orderLabActions([lab({ status: 'sending', nextAttemptAt: '2026-11-25T16:00:00Z' })], before).send,
    ).toBe('Send to lab now');
    expect(orderLabActions([lab({ status: 'sending' })], before).send).toBeNull();
    expect(orderLabActions([lab({ status: 'failed' })]).send).toBe('Send again');
    expect(orderLabActions([lab({ status: 'sent' })])).toEqual({ send: null, hold: false });
    expect(orderLabActions([lab({ status: 'shipped' })])).toEqual({ send: null, hold: false });
  });
});

describe('labPollMs', () => {
  it('asks often while a lab order is being sent, not while it waits for its hold, a retry hours away or the owner', () => {
    expect(labPollMs([lab({})], after)).toBe(SENDING_POLL_MS);
    expect(labPollMs([lab({ status: 'sending' })], before)).toBe(SENDING_POLL_MS);
    expect(labPollMs([lab({})], before)).toBe(0);
    expect(labPollMs([lab({ status: 'sending', nextAttemptAt: '2026-11-25T16:00:00Z' })], before)).toBe(0);
    expect(labPollMs([lab({ status: 'review' }), lab({ status: 'on_hold' })], before)).toBe(0);
  });
  it('asks now and then while a demo lab has the order, until it ships; a real lab ships in days', () => {
    expect(labPollMs([lab({ status: 'sent', demo: true })], before)).toBe(DEMO_SHIPMENT_POLL_MS);
    expect(labPollMs([lab({ status: 'shipped', demo: true })], before)).toBe(0);
    expect(labPollMs([lab({ status: 'sent' })], before)).toBe(0);
    // one lab still sending: the quicker pace wins
    expect(
      labPollMs(
        [lab({ status: 'sent', demo: true }), lab({ provider: 'prodigi', status: 'sending' })],
        before,
      ),
    ).toBe(SENDING_POLL_MS);
  });
});

describe('msToHoldEnd', () => {
  it('answers when the first running hold ends, null when no hold is running', () => {
    expect(msToHoldEnd([lab({})], before)).toBe(3_600_000);
    expect(
      msToHoldEnd([lab({}), lab({ provider: 'prodigi', sendAfter: '2026-11-25T14:30:00Z' })], before),
    ).toBe(1_800_000);
    expect(msToHoldEnd([lab({})], after)).toBeNull();
    expect(msToHoldEnd([lab({ status: 'sent' })], before)).toBeNull();
  });
});
