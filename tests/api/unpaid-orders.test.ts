import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, fillCart, insertPhoto, placeOrder, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Unpaid orders (issue 21, items 3 and 4): no shipping mail to a buyer who has not paid; a retry
// after a declined card is the same order; unpaid attempts are hidden from the admin list by
// default and canceled by the sweeper, with their intent, after UNPAID_ORDER_TTL_HOURS.

type Photo = { photoId: number; optionIds: number[] };
const DECLINED = { ...testCard, cardNumber: '4000 0000 0000 0002' };

const orderRow = (app: TestApp, id: number) => app.ctx.db('orders').where({ id }).first();
const orderCount = async (app: TestApp) => Number((await app.ctx.db('orders').count({ n: '*' }).first())?.n);
/** Makes the order look placed `hours` ago. */
const age = (app: TestApp, id: number, hours: number) =>
  app.ctx
    .db('orders')
    .where({ id })
    .update({ created_at: app.ctx.db.raw('now() - make_interval(hours => ?)', [hours]) });

describe('with the test provider', () => {
  let app: TestApp;
  let sink: SmtpSink;
  let admin: HttpClient;
  let heron: Photo;
  let owl: Photo;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ SMTP_URL: sink.url, UNPAID_ORDER_TTL_HOURS: '24' });
    await app.startWorkers();
    admin = await app.admin();
    heron = await insertPhoto(app.ctx.db, {
      title: 'Heron at Dawn',
      options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
    });
    owl = await insertPhoto(app.ctx.db, {
      title: 'Snowy Owl',
      options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
    });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const heronLine = (quantity = 1) => ({
    photoId: heron.photoId,
    printOptionId: heron.optionIds[0],
    quantity,
  });
  const owlLine = () => ({ photoId: owl.photoId, printOptionId: owl.optionIds[0], quantity: 1 });
  const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));

  async function pay(c: HttpClient, orderId: number, total: number, card = testCard) {
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: total }),
    );
    const res = await c.post('/api/test-payments/confirm', { ...card, clientSecret });
    return { clientSecret, status: res.status, body: (await res.json()) as { message?: string } };
  }
  async function paidOrder(email = customer.customerEmail) {
    const c = app.client();
    const { orderId } = await placeOrder(c, [heronLine()], 105, { customerEmail: email });
    expect((await pay(c, orderId, 105)).status).toBe(200);
    await eventually(async () => (await orderRow(app, orderId)).status === 'paid');
    await eventually(async () => mailsFor(orderId).length === 1); // the confirmation
    return orderId;
  }
  const ship = (orderId: number, trackingNumber = '9400100000000000000000') =>
    admin.json<{ fulfillmentStatus: string }>(
      admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, {
        fulfillmentStatus: 'shipped',
        carrier: 'USPS',
        trackingNumber,
      }),
    );
  const shippedMails = (orderId: number) =>
    mailsFor(orderId).filter((m) => m.subject.includes('Your order has shipped'));

  it('a declined card then a good one, in one session, is one order, paid once', async () => {
    const before = await orderCount(app);
    const c = app.client();
    const first = await placeOrder(c, [heronLine(2)], 200);
    const declined = await pay(c, first.orderId, 200, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    await eventually(async () => (await orderRow(app, first.orderId)).status === 'failed');

    // the buyer goes back to the details step and continues again: the same order and intent
    const again = await c.json<{ orderId: number; total: number }>(
      c.post('/api/checkout', { ...customer, totalAmount: 200 }),
      201,
    );
    expect(again).toMatchObject({ orderId: first.orderId, total: 200 });
    const paid = await pay(c, again.orderId, 200);
    expect(paid.status).toBe(200);
    expect(paid.clientSecret).toBe(declined.clientSecret);

    await eventually(async () => (await orderRow(app, first.orderId)).status === 'paid');
    expect(await orderCount(app)).toBe(before + 1);
    const confirmation = await eventually(async () => mailsFor(first.orderId)[0]);
    expect(confirmation.to).toEqual([customer.customerEmail]);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsFor(first.orderId)).toHaveLength(1);

    // once paid, the next purchase from the same cart is a new order
    await fillCart(c, [heronLine()]);
    const next = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { ...customer, totalAmount: 105 }),
      201,
    );
    expect(next.orderId).not.toBe(first.orderId);
  });

  it('a retry with other details, another cart and new prices updates the same order', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [heronLine()], 105);
    expect((await pay(c, orderId, 105, DECLINED)).status).toBe(402);

    await app.ctx.db('print_options').where({ id: heron.optionIds[0] }).update({ price_cents: 9900 });
    try {
      await fillCart(c, [heronLine(2), owlLine()]);
      const retried = await c.json(
        c.post('/api/checkout', {
          customerName: 'Grace Hopper',
          customerEmail: 'grace@example.com',
          shippingAddress: '1 Navy Yard\nBaltimore, MD 21230',
          totalAmount: 343, // 2 x $99 (the new price) + $120, shipping $10 + $15 (per line)
        }),
        201,
      );
      expect(retried).toEqual({
        orderId,
        subtotal: 318,
        shipping: 25,
        total: 343,
        discount: 0,
        tax: 0,
        promotion: null,
        taxLine: null,
        taxCollected: false,
        giftCards: [],
        amountDue: 343,
        paid: false,
      });
      expect(await orderRow(app, orderId)).toMatchObject({
        customer_name: 'Grace Hopper',
        customer_email: 'grace@example.com',
        shipping_address: '1 Navy Yard\nBaltimore, MD 21230',
        subtotal_cents: 31800,
        shipping_cents: 2500,
        total_cents: 34300,
      });
      const lines = await app.ctx.db('order_line_items').where({ order_id: orderId }).orderBy('id');
      expect(lines.map((l) => [l.title, l.quantity, l.price_cents])).toEqual([
        ['Heron at Dawn', 2, 9900],
        ['Snowy Owl', 1, 12000],
      ]);
      // paid at the new total, with the same intent
      expect((await pay(c, orderId, 343)).status).toBe(200);
      await eventually(async () => (await orderRow(app, orderId)).status === 'paid');
      const mail = await eventually(async () => mailsFor(orderId)[0]);
      expect(mail.to).toEqual(['grace@example.com']);
      expect(mail.body).toContain('Snowy Owl');
    } finally {
      await app.ctx.db('print_options').where({ id: heron.optionIds[0] }).update({ price_cents: 9500 });
    }
  });

  it('another session never reuses the order', async () => {
    const a = app.client();
    const b = app.client();
    const first = await placeOrder(a, [heronLine()], 105);
    const second = await placeOrder(b, [heronLine()], 105);
    expect(second.orderId).not.toBe(first.orderId);
  });

  it('hides unpaid attempts from the admin list unless the filter asks for them', async () => {
    const paidId = await paidOrder('list-paid@example.com');
    const c = app.client();
    const { orderId: unpaidId } = await placeOrder(c, [heronLine()], 105, {
      customerEmail: 'list-unpaid@example.com',
    });
    const ids = async (query: string) =>
      (await admin.json<{ id: number }[]>(admin.get(`/api/admin/orders${query}`))).map((o) => o.id);

    const byDefault = await ids('?q=list-');
    expect(byDefault).toEqual([paidId]);
    expect(await ids('?q=list-&payment=unpaid')).toEqual([unpaidId]);
    expect(await ids('?q=list-&payment=all')).toEqual([unpaidId, paidId]);
    // the spec's columns are unchanged
    const [row] = await admin.json<Record<string, unknown>[]>(
      admin.get('/api/admin/orders?q=list-&payment=unpaid'),
    );
    expect(row).toMatchObject({
      id: unpaidId,
      createdAt: expect.any(String),
      customerName: customer.customerName,
      customerEmail: 'list-unpaid@example.com',
      totalAmount: 105,
      status: 'pending',
      fulfillmentStatus: 'received',
    });
    expect(await admin.json(admin.get('/api/admin/orders?payment=nope'), 400)).toMatchObject({
      errors: { payment: 'Payment filter must be unpaid or all.' },
    });
    // the CSV follows the same filter
    const csv = async (query: string) => (await admin.get(`/api/admin/orders.csv${query}`)).text();
    expect(await csv('?q=list-')).not.toContain('list-unpaid@example.com');
    expect(await csv('?q=list-&payment=unpaid')).toContain('list-unpaid@example.com');
  });

  it('stores "shipped" for an unpaid order but mails its buyer nothing; a paid one is mailed', async () => {
    const c = app.client();
    const { orderId: unpaidId } = await placeOrder(c, [heronLine()], 105, {
      customerEmail: 'unpaid-ship@example.com',
    });
    expect((await pay(c, unpaidId, 105, DECLINED)).status).toBe(402);
    await eventually(async () => (await orderRow(app, unpaidId)).status === 'failed');
    expect(await ship(unpaidId)).toMatchObject({ fulfillmentStatus: 'shipped' });
    expect(await orderRow(app, unpaidId)).toMatchObject({
      fulfillment_status: 'shipped',
      tracking_number: '9400100000000000000000',
      shipped_notified_at: null,
    });

    const paidId = await paidOrder('paid-ship@example.com');
    await ship(paidId);
    // the mail worker ran: the paid buyer's e-mail arrived; nothing for the unpaid one
    const mail = await eventually(async () => shippedMails(paidId)[0]);
    expect(mail.to).toEqual(['paid-ship@example.com']);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.mails.filter((m) => m.to.includes('unpaid-ship@example.com'))).toEqual([]);
    const outbox = await app.ctx.db('outbound_emails').where('to_address', 'like', '%unpaid-ship%');
    expect(outbox).toEqual([]);

    // paid later while already marked shipped: the confirmation only, nothing sent by itself...
    const retry = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { ...customer, customerEmail: 'unpaid-ship@example.com', totalAmount: 105 }),
      201,
    );
    expect(retry.orderId).toBe(unpaidId);
    expect((await pay(c, unpaidId, 105)).status).toBe(200);
    await eventually(async () => mailsFor(unpaidId).length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(shippedMails(unpaidId)).toEqual([]);
    // ...until the owner marks it shipped again
    await ship(unpaidId);
    const late = await eventually(async () => shippedMails(unpaidId)[0]);
    expect(late.to).toEqual(['unpaid-ship@example.com']);
  });

  it('the sweep cancels unpaid orders older than the TTL, with their intent, and leaves the rest', async () => {
    const c = app.client();
    const old = await placeOrder(c, [heronLine()], 105);
    const { clientSecret: oldSecret } = await pay(c, old.orderId, 105, DECLINED);
    await eventually(async () => (await orderRow(app, old.orderId)).status === 'failed');
    const noIntent = await placeOrder(app.client(), [heronLine()], 105);
    const young = await placeOrder(app.client(), [heronLine()], 105);
    const paidOld = await paidOrder('paid-old@example.com');
    await age(app, old.orderId, 25);
    await age(app, noIntent.orderId, 25);
    await age(app, young.orderId, 23);
    await age(app, paidOld, 25);

    await app.modules.orders.payments.sweep();
    await eventually(async () => (await orderRow(app, old.orderId)).status === 'canceled');
    await eventually(async () => (await orderRow(app, noIntent.orderId)).status === 'canceled');
    // the intent is canceled at the provider: a payment with it is refused
    const intentId = oldSecret.split('_secret_')[0];
    const events = await app.ctx.db('payment_events').where({ payment_intent_id: intentId }).pluck('type');
    expect(events).toContain('payment_intent.canceled');
    expect(
      await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret: oldSecret }), 409),
    ).toEqual({ message: 'This payment was canceled. Please check out again.' });
    // and a retry from that session makes a new order
    const fresh = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { ...customer, totalAmount: 105 }),
      201,
    );
    expect(fresh.orderId).not.toBe(old.orderId);

    await new Promise((r) => setTimeout(r, 500));
    expect((await orderRow(app, young.orderId)).status).toBe('pending');
    expect((await orderRow(app, paidOld)).status).toBe('paid');
  });
});

describe('with Stripe', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let photo: Photo;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await createTestApp({ ...stripe.env });
    await app.startWorkers();
    photo = await insertPhoto(app.ctx.db, {
      title: 'Marsh Sunset',
      options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });
  const line = () => ({ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 });

  async function intentFor(c: HttpClient, orderId: number, amount: number) {
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount }),
    );
    return { clientSecret, intentId: clientSecret.split('_secret_')[0] };
  }

  it('a retry re-prices the order and updates the amount of the same intent', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [line()], 135);
    const first = await intentFor(c, orderId, 135);
    const declined = stripe.event('payment_intent.payment_failed', stripe.fail(first.intentId));
    expect((await stripe.deliver(app.url, declined)).status).toBe(200);
    await eventually(async () => (await orderRow(app, orderId)).status === 'failed');

    await app.ctx.db('print_options').where({ id: photo.optionIds[0] }).update({ price_cents: 14000 });
    try {
      const retry = await c.json<{ orderId: number }>(
        c.post('/api/checkout', { ...customer, totalAmount: 155 }),
        201,
      );
      expect(retry.orderId).toBe(orderId);
      const second = await intentFor(c, orderId, 155);
      expect(second.clientSecret).toBe(first.clientSecret);
      expect(stripe.intents.get(first.intentId)?.amount).toBe(15500);
      expect(stripe.intents.size).toBe(1);

      const paid = stripe.event('payment_intent.succeeded', stripe.succeed(first.intentId));
      expect((await stripe.deliver(app.url, paid)).status).toBe(200);
      await eventually(async () => (await orderRow(app, orderId)).status === 'paid');
    } finally {
      await app.ctx.db('print_options').where({ id: photo.optionIds[0] }).update({ price_cents: 12000 });
    }
  });

  it('the sweep cancels the intent of an old unpaid order at Stripe, and not of a younger one', async () => {
    const c = app.client();
    const old = await placeOrder(c, [line()], 135);
    const oldIntent = await intentFor(c, old.orderId, 135);
    const d = app.client();
    const young = await placeOrder(d, [line()], 135);
    const youngIntent = await intentFor(d, young.orderId, 135);
    await age(app, old.orderId, 25);
    await age(app, young.orderId, 1);

    await app.modules.orders.payments.sweep();
    await eventually(async () => (await orderRow(app, old.orderId)).status === 'canceled');
    expect(stripe.intents.get(oldIntent.intentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(stripe.intents.get(youngIntent.intentId)?.status).toBe('requires_payment_method');
    expect((await orderRow(app, young.orderId)).status).toBe('pending');
  });

  it('an old order paid after all is marked paid by the sweep, not canceled', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [line()], 135);
    const { intentId } = await intentFor(c, orderId, 135);
    stripe.succeed(intentId); // its webhook was lost
    await age(app, orderId, 30);
    await app.modules.orders.payments.sweep();
    await eventually(async () => (await orderRow(app, orderId)).status === 'paid');
    expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
  });
});
