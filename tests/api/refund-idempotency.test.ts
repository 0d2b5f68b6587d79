import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { insertPhoto, placeOrder } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// One idempotency key, one refund: sent again with the same amount, reason and note it answers the
// refund as stored; with anything else it is a 409 (Stripe's rule for its own keys) and no money
// moves. Before, a changed amount answered 201 with the old refund and dropped the new amount,
// and concurrent repeats answered 'pending' for a refund that had succeeded.
let app: TestApp;
let stripe: FakeStripe;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
const TOTAL = 200; // 2 x $95 + $10 shipping
const KEY_CHANGED =
  'This refund request was already sent with another amount, reason or note. Close the dialog and start a new refund.';

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp(stripe.env);
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' });
});
afterAll(() => Promise.all([app?.close(), stripe?.close()]));

let keys = 0;
const key = () => `refund-key-${++keys}-${Date.now()}`;
const refundRows = (orderId: number) =>
  app.ctx.db('order_refunds').where({ order_id: orderId }).orderBy('id');
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
/** The refunds the provider made for the intent. */
const providerRefunds = (intentId: string) =>
  [...stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
const refund = (orderId: number, body: Record<string, unknown>) =>
  admin.post(`/api/admin/orders/${orderId}/refunds`, body);

async function paidOrder() {
  const c = app.client();
  const { orderId } = await placeOrder(
    c,
    [{ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 }],
    TOTAL,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
  );
  const intentId = clientSecret.split('_secret_')[0];
  const paid = await stripe.deliver(
    app.url,
    stripe.event('payment_intent.succeeded', stripe.succeed(intentId)),
  );
  expect(paid.status).toBe(200);
  await eventually(async () => (await orderRow(orderId)).status === 'paid');
  return { orderId, intentId };
}

/** The refund as the admin's order detail shows it (what is stored). */
async function storedRefunds(orderId: number) {
  const detail = await admin.json<{ order: { refunds: unknown[] } }>(
    admin.get(`/api/admin/orders/${orderId}`),
  );
  return detail.order.refunds;
}

describe('a refund sent again with the same idempotency key', () => {
  it('with the same amount, reason and note answers the refund made the first time', async () => {
    const { orderId, intentId } = await paidOrder();
    const body = { amount: 25.5, reason: 'damaged', note: 'Corner bent', idempotencyKey: key() };
    const first = await admin.json(refund(orderId, body), 201);
    expect(first).toMatchObject({
      orderId,
      amount: 25.5,
      reason: 'damaged',
      note: 'Corner bent',
      status: 'succeeded',
    });
    // the same parameters as a form may send them: the amount as a string, the note with spaces
    expect(
      await admin.json(refund(orderId, { ...body, amount: '25.50', note: ' Corner bent ' }), 201),
    ).toEqual(first);
    expect(await admin.json(refund(orderId, body), 201)).toEqual(first);
    expect(providerRefunds(intentId)).toHaveLength(1);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ refunded_cents: 2550 });
  });

  it('with another amount, reason or note is a 409 and nothing is refunded again', async () => {
    const { orderId, intentId } = await paidOrder();
    const body = {
      amount: 20,
      reason: 'requested_by_customer',
      note: 'Changed her mind',
      idempotencyKey: key(),
    };
    const first = await admin.json(refund(orderId, body), 201);
    const rows = await refundRows(orderId);
    const changes: [string, Record<string, unknown>][] = [
      ['amount', { amount: 30 }],
      ['amount by a cent', { amount: 20.01 }],
      ['reason', { reason: 'damaged' }],
      ['note', { note: 'Frame was cracked' }],
      ['note left out', { note: undefined }],
    ];
    for (const [what, change] of changes) {
      const res = await refund(orderId, { ...body, ...change });
      expect(res.status, what).toBe(409);
      expect(await res.json(), what).toEqual({ message: KEY_CHANGED });
    }
    expect(providerRefunds(intentId)).toHaveLength(1);
    expect(providerRefunds(intentId)[0].amount).toBe(2000);
    expect(await refundRows(orderId)).toEqual(rows);
    expect(await orderRow(orderId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 2000 });
    expect(await storedRefunds(orderId)).toEqual([first]);
  });

  it('a note left out the first time does not match a note sent the second time', async () => {
    const { orderId, intentId } = await paidOrder();
    const body = { amount: 15, reason: 'other', idempotencyKey: key() };
    await admin.json(refund(orderId, body), 201);
    const res = await refund(orderId, { ...body, note: 'Now with a note' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: KEY_CHANGED });
    // a blank note is no note: the same refund
    expect(await admin.json(refund(orderId, { ...body, note: '  ' }), 201)).toMatchObject({
      amount: 15,
      note: null,
    });
    expect(providerRefunds(intentId)).toHaveLength(1);
  });

  it('five times at once makes one refund at the provider, and every answer is the refund as stored', async () => {
    const { orderId, intentId } = await paidOrder();
    stripe.setRefundDelay(300); // the repeats arrive while the first is at the provider
    const refundCalls = () =>
      stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
    const callsBefore = refundCalls();
    try {
      const body = { amount: 42, reason: 'duplicate', note: 'Ordered twice', idempotencyKey: key() };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => admin.json<{ status: string }>(refund(orderId, body), 201)),
      );
      const [stored] = (await storedRefunds(orderId)) as { status: string }[];
      expect(stored).toMatchObject({ amount: 42, status: 'succeeded' });
      for (const answer of answers) expect(answer).toEqual(stored);
      expect(providerRefunds(intentId)).toHaveLength(1);
      expect(refundCalls() - callsBefore).toBe(1);
      expect(await refundRows(orderId)).toHaveLength(1);
      expect(await orderRow(orderId)).toMatchObject({ refunded_cents: 4200 });
    } finally {
      stripe.setRefundDelay(0);
    }
  });
});
