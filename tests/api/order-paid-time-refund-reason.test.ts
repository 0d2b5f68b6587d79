import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { insertPhoto, placeOrder } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 34, item 14: the admin order list shows when an order was paid (not only when checkout
// began); a refund e-mail's reason is the one the owner chose in the refund dialog.

let app: TestApp;
let stripe: FakeStripe;
let sink: SmtpSink;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  [stripe, sink] = await Promise.all([startFakeStripe(), startSmtpSink()]);
  app = await createTestApp({ ...stripe.env, SMTP_URL: sink.url });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // 8x10 at $95 + $10 shipping
});
afterAll(() => Promise.all([app?.close(), stripe?.close(), sink?.close()]));

const TOTAL = 200; // 2 x 95 + 10 shipping
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));
let n = 0;
const key = () => `reason-${++n}-${Date.now()}`;
type Entry = { id: number; createdAt: string; paidAt: string | null; status: string };
const listEntry = async (orderId: number) =>
  (await admin.json<Entry[]>(admin.get('/api/admin/orders?payment=all'))).find((o) => o.id === orderId);

async function unpaidOrder() {
  const c = app.client();
  const { orderId } = await placeOrder(
    c,
    [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 2 }],
    TOTAL,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
  );
  return { orderId, intentId: clientSecret.split('_secret_')[0]! };
}
async function pay(o: { orderId: number; intentId: string }) {
  const event = stripe.event('payment_intent.succeeded', stripe.succeed(o.intentId));
  expect((await stripe.deliver(app.url, event)).status).toBe(200);
  await eventually(async () => (await orderRow(o.orderId)).status === 'paid');
  await eventually(async () => mailsFor(o.orderId).length === 1); // the confirmation
}

describe('the admin order list', () => {
  it('shows when an order was paid, beside when checkout began', async () => {
    const o = await unpaidOrder();
    // checkout began an hour before the payment
    await app.ctx
      .db('orders')
      .where({ id: o.orderId })
      .update({ created_at: app.ctx.db.raw("now() - interval '1 hour'") });
    expect(await listEntry(o.orderId)).toMatchObject({ status: 'pending', paidAt: null });

    await pay(o);
    const entry = (await listEntry(o.orderId))!;
    const row = await orderRow(o.orderId);
    expect(entry.paidAt).toBe(new Date(row.paid_at).toISOString());
    expect(entry.createdAt).toBe(new Date(row.created_at).toISOString());
    const minutes = (Date.parse(entry.paidAt!) - Date.parse(entry.createdAt)) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThan(61);
    // the detail and the change of fulfillment answer the same time
    const detail = await admin.json<{ order: Entry }>(admin.get(`/api/admin/orders/${o.orderId}`));
    expect(detail.order.paidAt).toBe(entry.paidAt);
    const changed = await admin.json<Entry>(
      admin.patch(`/api/admin/orders/${o.orderId}/fulfillment-status`, { fulfillmentStatus: 'paid' }),
    );
    expect(changed.paidAt).toBe(entry.paidAt);
  });
});

describe('the refund e-mail', () => {
  it('says the reason the owner chose, for each refund, and Stripe is told it too', async () => {
    const o = await unpaidOrder();
    await pay(o);
    const refund = (amount: number, reason: string) =>
      admin.json<{ reason: string }>(
        admin.post(`/api/admin/orders/${o.orderId}/refunds`, { amount, reason, idempotencyKey: key() }),
        201,
      );
    const refundMails = () => mailsFor(o.orderId).filter((m) => m.subject.includes('refunded'));

    expect(await refund(50, 'damaged')).toMatchObject({ reason: 'damaged' });
    const partial = await eventually(async () => refundMails()[0]);
    expect(partial.subject).toContain('Part of your order has been refunded');
    expect(partial.body).toContain('We refunded $50.00');
    expect(partial.body).toContain('Reason: Damaged in shipping');
    expect(partial.body).toContain('<strong>Reason:</strong> Damaged in shipping');

    // Stripe's refund reached the buyer again (its webhook): nothing changes, nothing is sent twice
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === o.intentId);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({
      reason: null,
      metadata: expect.objectContaining({ reason: 'damaged' }),
    });
    expect((await stripe.deliver(app.url, stripe.event('refund.created', atStripe[0]))).status).toBe(200);

    expect(await refund(150, 'duplicate')).toMatchObject({ reason: 'duplicate' });
    await eventually(async () => refundMails().length === 2);
    const full = refundMails()[1]!;
    expect(full.subject).toContain('Your order has been refunded');
    expect(full.body).toContain('Reason: Duplicate order');
    expect(full.body).not.toContain('Damaged');
    const second = [...stripe.refunds.values()].find(
      (r) => r.payment_intent === o.intentId && r.amount === 15000,
    );
    expect(second).toMatchObject({
      reason: 'duplicate',
      metadata: expect.objectContaining({ reason: 'duplicate' }),
    });

    await new Promise((r) => setTimeout(r, 500));
    expect(refundMails()).toHaveLength(2);
    const rows = await app.ctx.db('order_refunds').where({ order_id: o.orderId }).orderBy('id');
    expect(rows.map((r) => [r.amount_cents, r.reason])).toEqual([
      [5000, 'damaged'],
      [15000, 'duplicate'],
    ]);
  });
});
