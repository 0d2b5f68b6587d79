import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startSmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, placeOrder } from '../support/shop-data';

let app: TestApp;
let stripe: FakeStripe;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let photo: { photoId: number; optionIds: number[] };
const OWNER = 'owner@wildframe.example';

beforeAll(async () => {
  stripe = await startFakeStripe();
  sink = await startSmtpSink();
  app = await createTestApp({ ...stripe.env, SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
  await app.startWorkers();
  photo = await insertPhoto(app.ctx.db, {
    title: 'Egret in Flight',
    options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
  await sink?.close();
});

const TOTAL_CENTS = 10500;
const item = () => ({ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 });

async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const res = await fetch(`${app.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
    body: payload,
  });
  expect(res.status).toBe(200);
}
const job = (id: string) => app.ctx.queues.get('payments').getJob(id);
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));

describe('payment reconciliation (real BullMQ jobs)', () => {
  it('processes a webhook that arrives before the order commit, once the order exists', async () => {
    const trx = await app.ctx.db.transaction();
    let committed = false;
    try {
      const [{ id: orderId }] = await trx('orders')
        .insert({
          customer_name: customer.customerName,
          customer_email: customer.customerEmail,
          shipping_address: customer.shippingAddress,
          subtotal_cents: 9500,
          shipping_cents: 1000,
          total_cents: TOTAL_CENTS,
        })
        .returning('id');
      const intent = stripe.createIntent({ amount: TOTAL_CENTS, orderId });
      await trx('orders')
        .where({ id: orderId })
        .update({ payment_provider: 'stripe', payment_intent_id: intent.id });
      await trx('order_line_items').insert({
        order_id: orderId,
        photo_id: photo.photoId,
        print_option_id: photo.optionIds[0],
        quantity: 1,
        price_cents: 9500,
        shipping_cents: 1000,
        title: 'Egret in Flight',
        size: '8x10 inch',
        format: 'Lustre Paper',
      });

      const event = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id));
      await deliver(event);
      // the job ran, found no committed order, and failed: BullMQ will retry it
      const failedOnce = await eventually(async () => {
        const j = await job(event.id);
        return j && j.attemptsMade >= 1 && j;
      });
      expect(failedOnce.failedReason).toMatch(/no committed order/);
      expect(
        (await app.ctx.db('payment_events').where({ event_id: event.id }).first()).processed_at,
      ).toBeNull();

      await trx.commit();
      committed = true;
      await eventually(async () => (await orderRow(orderId))?.status === 'paid');
      const done = await eventually(async () => {
        const j = await job(event.id);
        return j && (await j.isCompleted()) && j;
      });
      expect(done.attemptsMade).toBeGreaterThanOrEqual(1);
      expect(await app.ctx.db('payment_events').where({ event_id: event.id }).first()).toMatchObject({
        order_id: orderId,
        processed_at: expect.any(Date),
      });
      await eventually(async () => mailsFor(orderId).length === 2);
    } finally {
      if (!committed) await trx.rollback();
    }
  });

  it('retries a job whose precondition was missing (intent not yet stored on the order) and then succeeds', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [item()], TOTAL_CENTS / 100);
    // Stripe already has the intent (made with the order's idempotency key) and it succeeded, but
    // our server has not stored it on the order yet when the webhook comes in.
    const intent = stripe.createIntent({
      amount: TOTAL_CENTS,
      orderId,
      idempotencyKey: `order-${orderId}-pi`,
    });
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id));
    await deliver(event);
    await eventually(async () => ((await job(event.id))?.attemptsMade ?? 0) >= 1);
    expect((await orderRow(orderId)).status).toBe('pending');

    // the create-payment-intent call lands: same idempotency key, same intent, now stored
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: TOTAL_CENTS / 100 }),
    );
    expect(clientSecret).toBe(intent.client_secret);
    await eventually(async () => (await orderRow(orderId)).status === 'paid');
    await eventually(async () => (await job(event.id))?.isCompleted());
    await eventually(async () => mailsFor(orderId).length === 2);
  });

  it('sends the confirmation and the owner notice exactly once when reconciliation runs several times', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [item()], TOTAL_CENTS / 100);
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: TOTAL_CENTS / 100 }),
    );
    const intentId = clientSecret.split('_secret_')[0];
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
    // recorded without its job, then reconciled by three runs at once while the worker also runs it
    await app.ctx.db('payment_events').insert({
      provider: 'stripe',
      event_id: event.id,
      type: event.type,
      payment_intent_id: intentId,
      payload: JSON.stringify(event),
    });
    const runs = await Promise.all([
      app.modules.orders.payments.reconcileEvent(event.id),
      app.modules.orders.payments.reconcileEvent(event.id),
      app.modules.orders.payments.reconcileEvent(event.id),
      app.modules.orders.payments.sweep(),
    ]);
    expect(runs.slice(0, 3).filter((r) => 'outcome' in r && r.outcome === 'done')).toHaveLength(1);
    await eventually(async () => mailsFor(orderId).length === 2);
    await new Promise((r) => setTimeout(r, 1000));
    const mails = mailsFor(orderId);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([customer.customerEmail, OWNER].sort());
    expect(
      await app.ctx
        .db('outbound_emails')
        .whereIn('dedupe_key', [`order-confirmation-${orderId}`, `order-owner-notice-${orderId}`]),
    ).toHaveLength(2);
  });

  it('the sweeper queues again an event whose job was lost', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [item()], TOTAL_CENTS / 100);
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: TOTAL_CENTS / 100 }),
    );
    const intentId = clientSecret.split('_secret_')[0];
    const event = stripe.event('payment_intent.payment_failed', stripe.fail(intentId));
    await app.ctx.db('payment_events').insert({
      provider: 'stripe',
      event_id: event.id,
      type: event.type,
      payment_intent_id: intentId,
      payload: JSON.stringify(event),
      received_at: app.ctx.db.raw("now() - interval '2 minutes'"),
    });
    expect((await app.modules.orders.payments.sweep()).events).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await orderRow(orderId)).status === 'failed');
    await eventually(
      async () => (await app.ctx.db('payment_events').where({ event_id: event.id }).first()).processed_at,
    );
  });
});
