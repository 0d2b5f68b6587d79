import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startSmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, placeOrder, setShippingNotice } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

let app: TestApp;
let stripe: FakeStripe;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let heron: { photoId: number; optionIds: number[] };
const OWNER = 'owner@wildframe.example';

beforeAll(async () => {
  stripe = await startFakeStripe();
  sink = await startSmtpSink();
  app = await createTestApp({ ...stripe.env, SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
  await app.startWorkers();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron <at> Dawn',
    options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
  await sink?.close();
});

const item = () => ({ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 });
const TOTAL = 200; // 2 x 95 + 10 shipping (once per line)

async function orderWithIntent(c: HttpClient = app.client(), overrides = {}) {
  await c.json(c.post('/api/cart', item()), 201);
  const { orderId } = await placeOrder(c, [item()], TOTAL, overrides);
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
  );
  const intentId = clientSecret.split('_secret_')[0];
  return { c, orderId, clientSecret, intentId };
}

async function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return fetch(`${app.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== '' ? { 'stripe-signature': signature ?? stripe.sign(payload) } : {}),
    },
    body: payload,
  });
}

const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));

describe('create-payment-intent (Stripe)', () => {
  it('creates one intent for the order amount, with the order id in metadata, and stores it', async () => {
    const { orderId, clientSecret, intentId } = await orderWithIntent();
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const intent = stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({ amount: 20000, currency: 'usd', metadata: { orderId: String(orderId) } });
    expect(
      stripe.requests.find((r) => r.method === 'POST' && r.idempotencyKey === `order-${orderId}-pi`),
    ).toBeTruthy();
    expect(await orderRow(orderId)).toMatchObject({
      payment_intent_id: intentId,
      payment_provider: 'stripe',
    });
  });

  it('creates a single intent when the pay button is double-clicked', async () => {
    const c = app.client();
    await c.json(c.post('/api/cart', item()), 201);
    const { orderId } = await placeOrder(c, [item()], TOTAL);
    stripe.setCreateDelay(300);
    try {
      const [a, b] = await Promise.all([
        c.json<{ clientSecret: string; provider: string }>(
          c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
        ),
        c.json<{ clientSecret: string; provider: string }>(
          c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
        ),
      ]);
      expect(a).toEqual(b);
      expect(a.provider).toBe('stripe');
    } finally {
      stripe.setCreateDelay(0);
    }
    const forOrder = [...stripe.intents.values()].filter((i) => i.metadata.orderId === String(orderId));
    expect(forOrder).toHaveLength(1);
    // a later retry reuses it too
    const again = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
    );
    expect(again.clientSecret).toBe(forOrder[0].client_secret);
  });

  it('takes the amount from the order: a different body amount is a 409', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [item()], TOTAL);
    const res = await c.json(c.post('/api/create-payment-intent', { orderId, amount: 1 }), 409);
    expect(res).toEqual({ message: 'The amount does not match the order total. Please review your cart.' });
    expect((await orderRow(orderId)).payment_intent_id).toBeNull();
  });

  it('only lets the session that placed the order pay for it', async () => {
    const { orderId } = await placeOrder(app.client(), [item()], TOTAL);
    const stranger = app.client();
    expect((await stranger.post('/api/create-payment-intent', { orderId, amount: TOTAL })).status).toBe(404);
  });
});

describe('Stripe webhook', () => {
  it('refuses a bad or missing signature with 400 and stores nothing', async () => {
    const { intentId } = await orderWithIntent();
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
    const payload = JSON.stringify(event);
    expect((await deliver(event, '')).status).toBe(400);
    expect((await deliver(event, 't=1,v1=deadbeef')).status).toBe(400);
    const wrongSecret = await deliver(event, stripe.sign(payload, 'whsec_other'));
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ message: 'Invalid Stripe signature.' });
    // a body altered after signing
    expect((await deliver({ ...event, id: 'evt_forged' }, stripe.sign(payload))).status).toBe(400);
    expect(await app.ctx.db('payment_events').whereIn('event_id', [event.id, 'evt_forged'])).toEqual([]);
  });

  it('marks the order paid once, sends the confirmation and the owner notice once each, and empties the cart', async () => {
    await setShippingNotice(app.ctx.db, {
      isActive: true,
      line1: 'Orders placed after June 20 ship in July.',
      line2: 'Thank you for your patience & understanding!',
    });
    const { c, orderId, intentId, clientSecret } = await orderWithIntent(app.client(), {
      customerName: 'Ada <script>Lovelace</script>',
    });
    const { status_token: token } = await app.ctx.db('orders').where({ id: orderId }).first();
    expect(await c.json(c.get(`/api/orders/${orderId}/status?secret=${clientSecret}`))).toEqual({
      status: 'pending',
      orderPageToken: token,
    });
    expect((await c.get(`/api/orders/${orderId}/status?secret=pi_wrong_secret_x`)).status).toBe(404);

    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    // the same event delivered again (Stripe retries) is recorded once
    expect((await deliver(event)).status).toBe(200);

    await eventually(async () => (await orderRow(orderId)).status === 'paid');
    await eventually(async () => mailsFor(orderId).length === 2);
    const stored = await app.ctx.db('payment_events').where({ event_id: event.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].payload.data.object).toMatchObject({ id: intentId, client_secret: null });
    expect(JSON.stringify(stored[0].payload)).not.toContain(clientSecret);
    await eventually(
      async () => (await app.ctx.db('payment_events').where({ event_id: event.id }).first()).processed_at,
    );
    expect((await app.ctx.db('payment_events').where({ event_id: event.id }).first()).order_id).toBe(orderId);

    // reconciliation running again (twice, at once) changes nothing and sends nothing
    await Promise.all([
      app.modules.orders.payments.reconcileEvent(event.id),
      app.modules.orders.payments.reconcileEvent(event.id),
    ]);
    await new Promise((r) => setTimeout(r, 1000));
    const mails = mailsFor(orderId);
    expect(mails).toHaveLength(2);

    const confirmation = mails.find((m) => m.to.includes(customer.customerEmail))!;
    expect(confirmation.subject).toBe(`Your Refuge Light Photography order #${orderId}`);
    for (const text of [
      `Order number: #${orderId}`,
      'Heron <at> Dawn (8x10 inch, Lustre Paper) x 2: $190.00 ($95.00 each)',
      'Subtotal: $190.00',
      'Shipping: $10.00',
      'Total: $200.00',
      '4400 Baltimore Avenue',
      'Bladensburg, MD 20710',
      'Orders placed after June 20 ship in July.',
      'Thank you for your patience & understanding!',
    ])
      expect(confirmation.body).toContain(text);
    // the HTML part escapes everything the customer or the owner typed
    const html = confirmation.body.split(/Content-Type: text\/html/i)[1];
    expect(html).toContain('Ada &lt;script&gt;Lovelace&lt;/script&gt;');
    expect(html).toContain('Heron &lt;at&gt; Dawn');
    expect(html).toContain('Thank you for your patience &amp; understanding!');
    expect(html).not.toContain('<script>');
    expect(confirmation.body).toMatch(/Content-Type: text\/html/i);
    expect(confirmation.body).toMatch(/Content-Type: text\/plain/i);

    const notice = mails.find((m) => m.to.includes(OWNER))!;
    expect(notice.subject).toContain(`New order #${orderId}`);
    expect(notice.body).toContain('Total: $200.00');
    expect(notice.body).toMatch(new RegExp(`Reply-To: ${customer.customerEmail}`, 'i'));

    expect(await c.json(c.get(`/api/orders/${orderId}/status?secret=${clientSecret}`))).toEqual({
      status: 'paid',
      orderPageToken: token,
    });
    expect(await c.json(c.get('/api/cart'))).toMatchObject({ count: 0, total: 0 });
    expect(await c.json(c.post('/api/create-payment-intent', { orderId, amount: TOTAL }), 409)).toEqual({
      message: 'This order is already paid.',
    });
    await setShippingNotice(app.ctx.db, { isActive: false, line1: 'off' });
  });

  it('a failed payment marks the order failed; a later success still marks it paid', async () => {
    const { orderId, intentId } = await orderWithIntent();
    expect((await deliver(stripe.event('payment_intent.payment_failed', stripe.fail(intentId)))).status).toBe(
      200,
    );
    await eventually(async () => (await orderRow(orderId)).status === 'failed');
    expect(mailsFor(orderId)).toHaveLength(0);
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(intentId)));
    await eventually(async () => (await orderRow(orderId)).status === 'paid');
  });

  it('never downgrades a paid order when a failure event arrives after the success', async () => {
    const { orderId, intentId } = await orderWithIntent();
    const failedEarlier = stripe.event('payment_intent.payment_failed', stripe.fail(intentId));
    const succeeded = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
    await deliver(succeeded);
    await eventually(async () => (await orderRow(orderId)).status === 'paid');
    // the older failure is delivered last, and even a provider answering "failed" now changes nothing
    stripe.fail(intentId);
    await deliver(failedEarlier);
    await eventually(
      async () =>
        (await app.ctx.db('payment_events').where({ event_id: failedEarlier.id }).first())?.processed_at,
    );
    expect(await app.modules.orders.payments.checkPendingOrder(orderId)).toMatchObject({
      outcome: 'skipped',
    });
    const row = await orderRow(orderId);
    expect(row.status).toBe('paid');
    expect(row.paid_at).not.toBeNull();
  });

  it('a canceled intent cancels the pending order', async () => {
    const { orderId, intentId } = await orderWithIntent();
    await deliver(stripe.event('payment_intent.canceled', stripe.cancel(intentId)));
    await eventually(async () => (await orderRow(orderId)).status === 'canceled');
  });

  it('acknowledges event types it does not handle without storing them', async () => {
    const event = {
      id: 'evt_other_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    };
    expect((await deliver(event)).status).toBe(200);
    expect(await app.ctx.db('payment_events').where({ event_id: 'evt_other_1' }).first()).toBeUndefined();
  });
});

describe('the sweeper', () => {
  it('finds a paid order whose webhook was lost, once it has waited 10 minutes', async () => {
    const { orderId, intentId } = await orderWithIntent();
    stripe.succeed(intentId); // paid at Stripe; the webhook never arrives
    expect(await app.modules.orders.payments.sweep()).toMatchObject({ orders: 0 });
    await app.ctx
      .db('orders')
      .where({ id: orderId })
      .update({ created_at: app.ctx.db.raw("now() - interval '11 minutes'") });
    expect((await app.modules.orders.payments.sweep()).orders).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await orderRow(orderId)).status === 'paid');
    await eventually(async () => mailsFor(orderId).length === 2);
  });
});
