import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, placeOrder } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

let app: TestApp;
let stripe: FakeStripe;
let sink: SmtpSink;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
const OWNER = 'owner@wildframe.example';

beforeAll(async () => {
  [stripe, sink] = await Promise.all([startFakeStripe(), startSmtpSink()]);
  app = await createTestApp({ ...stripe.env, SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // 8x10 at $95 + $10 shipping
});
afterAll(() => Promise.all([app?.close(), stripe?.close(), sink?.close()]));

const TOTAL = 200; // 2 x 95 + 10 shipping
const item = () => ({ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 });
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));
const refundRows = (orderId: number) =>
  app.ctx.db('order_refunds').where({ order_id: orderId }).orderBy('id');
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`;

async function deliver(event: object) {
  expect((await stripe.deliver(app.url, event)).status).toBe(200);
}

async function orderWithIntent() {
  const c = app.client();
  const { orderId } = await placeOrder(c, [item()], TOTAL);
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
  );
  return { c, orderId, intentId: clientSecret.split('_secret_')[0] };
}

async function paidOrder() {
  const o = await orderWithIntent();
  await deliver(stripe.event('payment_intent.succeeded', stripe.succeed(o.intentId)));
  await eventually(async () => (await orderRow(o.orderId)).status === 'paid');
  await eventually(async () => mailsFor(o.orderId).length === 2); // confirmation + owner notice
  return o;
}

const refund = (orderId: number, body: Record<string, unknown>, status = 201) =>
  admin.json<Record<string, unknown>>(admin.post(`/api/admin/orders/${orderId}/refunds`, body), status);

describe('refunds (Stripe)', () => {
  it('refunds a paid order in full: provider refund, status, record and the buyer e-mail', async () => {
    const { orderId, intentId } = await paidOrder();
    const made = await refund(orderId, {
      amount: 200,
      reason: 'requested_by_customer',
      idempotencyKey: key(),
    });
    expect(made).toMatchObject({
      orderId,
      amount: 200,
      reason: 'requested_by_customer',
      status: 'succeeded',
    });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'refunded', refunded_cents: 20000 });
    const detail = await admin.json<{ order: Record<string, unknown> }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.order).toMatchObject({ status: 'refunded', refundedAmount: 200 });
    expect(detail.order.refunds).toEqual([
      expect.objectContaining({ amount: 200, reason: 'requested_by_customer' }),
    ]);
    const mail = await eventually(async () => mailsFor(orderId).find((m) => m.subject.includes('refunded')));
    expect(mail.to).toEqual([customer.customerEmail]);
    expect(mail.subject).toContain('Your order has been refunded');
    expect(mail.body).toContain('We refunded $200.00');
    expect(mail.body).toContain('Heron at Dawn (8x10 inch, Lustre Paper) x 2');
    expect(mail.body).toContain('Refuge Light Photography');
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // nothing is left to refund
    expect(await refund(orderId, { amount: 1, reason: 'other', idempotencyKey: key() }, 400)).toEqual({
      message: 'This order has already been refunded in full.',
    });
  });

  it('refunds part of an order, refuses more than what is left (400, nothing stored)', async () => {
    const { orderId } = await paidOrder();
    await refund(orderId, { amount: 50.5, reason: 'damaged', note: 'Corner bent', idempotencyKey: key() });
    expect(await orderRow(orderId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 5050 });
    const before = await refundRows(orderId);
    const res = await refund(orderId, { amount: 149.51, reason: 'other', idempotencyKey: key() }, 400);
    expect(res.message).toBe('The refund is more than what is left to refund ($149.50).');
    expect(await refundRows(orderId)).toEqual(before);
    expect(await refund(orderId, { amount: 0, reason: 'other', idempotencyKey: key() }, 400)).toMatchObject({
      message: 'Invalid refund: Enter an amount of at least $0.01.',
      errors: { amount: 'Enter an amount of at least $0.01.' },
    });
    const mail = await eventually(async () =>
      mailsFor(orderId).find((m) => m.subject.includes('Part of your order has been refunded')),
    );
    expect(mail.body).toContain('We refunded $50.50');
    expect(mail.body).toContain('Damaged in shipping');
    // CSV shows what was refunded
    const csv = await (await admin.get('/api/admin/orders.csv')).text();
    expect(csv).toContain(`partially_refunded,received,,,50.50,`);
  });

  it('makes one refund when the button is double-clicked (same idempotency key)', async () => {
    const { orderId, intentId } = await paidOrder();
    const k = key();
    const [a, b] = await Promise.all([
      refund(orderId, { amount: 20, reason: 'other', idempotencyKey: k }),
      refund(orderId, { amount: 20, reason: 'other', idempotencyKey: k }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect((await orderRow(orderId)).refunded_cents).toBe(2000);
    // Stripe's own webhook for the shop's refund changes nothing
    const made = [...stripe.refunds.values()].find((r) => r.payment_intent === intentId)!;
    const echo = stripe.event('refund.created', made);
    await deliver(echo);
    await eventually(
      async () => (await app.ctx.db('payment_events').where({ event_id: echo.id }).first())?.processed_at,
    );
    expect(await refundRows(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).refunded_cents).toBe(2000);
    await eventually(async () => mailsFor(orderId).some((m) => m.subject.includes('refunded')));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsFor(orderId).filter((m) => m.subject.includes('refunded'))).toHaveLength(1);
  });

  it('reports a refund the provider refuses, and a new attempt can still refund', async () => {
    const { orderId, intentId } = await paidOrder();
    stripe.cancel(intentId); // the double now refuses refunds of this intent
    const k = key();
    const refused = await refund(orderId, { amount: 10, reason: 'other', idempotencyKey: k }, 400);
    expect(refused.message).toBe('This PaymentIntent has not been charged.');
    expect((await refundRows(orderId)).map((r) => r.status)).toEqual(['failed']);
    expect(await refund(orderId, { amount: 10, reason: 'other', idempotencyKey: k }, 409)).toEqual({
      message: 'This refund failed. Close the dialog and start a new refund.',
    });
    stripe.succeed(intentId);
    await refund(orderId, { amount: 200, reason: 'other', idempotencyKey: key() });
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', refunded_cents: 20000 });
  });

  it('never refunds an unpaid order', async () => {
    const { orderId } = await orderWithIntent();
    expect(await refund(orderId, { amount: 10, reason: 'other', idempotencyKey: key() }, 400)).toEqual({
      message: 'Only a paid order can be refunded.',
    });
    expect(await refundRows(orderId)).toEqual([]);
    expect(
      (
        await admin.post('/api/admin/orders/999999/refunds', {
          amount: 1,
          reason: 'other',
          idempotencyKey: key(),
        })
      ).status,
    ).toBe(404);
  });

  it('records a Dashboard refund from the webhook once, even delivered twice and before the payment event', async () => {
    const { orderId, intentId } = await orderWithIntent();
    stripe.succeed(intentId); // paid at Stripe, but its webhook has not come yet
    const r = stripe.refundInDashboard(intentId, 7500);
    const created = stripe.event('refund.created', r);
    await deliver(created);
    await deliver(created); // Stripe retries
    await deliver(stripe.event('charge.refunded', stripe.charge(intentId)));
    await eventually(async () => (await orderRow(orderId)).status === 'partially_refunded');
    await deliver(stripe.event('payment_intent.succeeded', stripe.intents.get(intentId)!));
    await deliver(stripe.event('refund.updated', r));
    await eventually(async () => {
      const rows = await app.ctx
        .db('payment_events')
        .where({ payment_intent_id: intentId })
        .whereNull('processed_at');
      return rows.length === 0;
    });
    const rows = await refundRows(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_cents: 7500, provider_refund_id: r.id, status: 'succeeded' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'partially_refunded', refunded_cents: 7500 });
    await eventually(async () => mailsFor(orderId).some((m) => m.subject.includes('refunded')));
    await new Promise((res) => setTimeout(res, 500));
    expect(mailsFor(orderId).filter((m) => m.subject.includes('refunded'))).toHaveLength(1);
  });
});

describe('disputes', () => {
  it('records a dispute on the order, e-mails the owner once, and filters the list', async () => {
    const { orderId, intentId } = await paidOrder();
    const dispute = stripe.dispute(intentId);
    const created = stripe.event('charge.dispute.created', dispute);
    await deliver(created);
    await deliver(created);
    await eventually(async () => (await orderRow(orderId)).dispute_status === 'needs_response');
    const alert = await eventually(async () =>
      mailsFor(orderId).find((m) => m.subject.includes('Payment disputed')),
    );
    expect(alert.to).toEqual([OWNER]);
    expect(alert.body).toContain('product not received');
    await deliver(stripe.event('charge.dispute.updated', { ...dispute, status: 'under_review' }));
    await eventually(async () => (await orderRow(orderId)).dispute_status === 'under_review');
    await deliver(stripe.event('charge.dispute.closed', { ...dispute, status: 'won' }));
    await eventually(async () => (await orderRow(orderId)).dispute_status === 'won');
    // a late update never reopens it
    await deliver(stripe.event('charge.dispute.updated', { ...dispute, status: 'under_review' }));
    await new Promise((r) => setTimeout(r, 800));
    expect((await orderRow(orderId)).dispute_status).toBe('won');
    expect(mailsFor(orderId).filter((m) => m.subject.includes('Payment disputed'))).toHaveLength(1);

    const disputed = await admin.json<{ id: number; dispute?: { reason: string; dueBy: string } }[]>(
      admin.get('/api/admin/orders?disputed=true'),
    );
    expect(disputed.map((o) => o.id)).toEqual([orderId]);
    expect(disputed[0].dispute).toMatchObject({ reason: 'product_not_received', dueBy: expect.any(String) });
  });
});

describe('shipping', () => {
  it('mails the buyer once per tracking number, with the tracking link for a known carrier', async () => {
    const { orderId } = await paidOrder();
    const ship = (body: Record<string, unknown>) =>
      admin.json(admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, body));
    await ship({
      fulfillmentStatus: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 1000 0000 0000 0000 00',
    });
    const shipped = () => mailsFor(orderId).filter((m) => m.subject.includes('Your order has shipped'));
    const mail = await eventually(async () => shipped()[0]);
    expect(mail.to).toEqual([customer.customerEmail]);
    expect(mail.body).toContain('Carrier: USPS');
    expect(mail.body).toContain('Tracking number: 9400 1000 0000 0000 0000 00');
    expect(mail.body).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000');
    expect(mail.body).toContain('Heron at Dawn (8x10 inch, Lustre Paper) x 2');

    // again, and back and forth: no second e-mail
    await ship({ fulfillmentStatus: 'shipped' });
    await ship({ fulfillmentStatus: 'paid' });
    await ship({
      fulfillmentStatus: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 1000 0000 0000 0000 00',
    });
    await ship({ fulfillmentStatus: 'completed' });
    await ship({ fulfillmentStatus: 'canceled' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(shipped()).toHaveLength(1);
    // a new tracking number is mailed
    await ship({ fulfillmentStatus: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await eventually(async () => shipped().length === 2);
    expect(shipped()[1].body).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    const detail = await admin.json<{ order: { shipment: unknown } }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.order.shipment).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const csv = await (await admin.get('/api/admin/orders.csv')).text();
    expect(csv).toContain(',UPS,1Z999AA10123456784,0.00,');
    expect(
      (
        await admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, {
          fulfillmentStatus: 'shipped',
          carrier: 'Pigeon',
        })
      ).status,
    ).toBe(400);
  });
});

describe("the buyer's order page", () => {
  it('is reached by the link in the confirmation, shows the order, and nothing else', async () => {
    const { orderId } = await paidOrder();
    const confirmation = mailsFor(orderId).find((m) => m.to.includes(customer.customerEmail))!;
    const link = /\/orders\/([A-Za-z0-9_-]{32,64})/.exec(confirmation.body);
    expect(link).not.toBeNull();
    const token = link![1];
    expect(token.length).toBeGreaterThanOrEqual(32); // long and random, not the order id
    await admin.json(
      admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, {
        fulfillmentStatus: 'shipped',
        carrier: 'FedEx',
        trackingNumber: '123456789012',
      }),
    );
    await refund(orderId, { amount: 10, reason: 'other', idempotencyKey: key() });

    const res = await fetch(`${app.url}/api/orders/by-token/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(res.headers.get('set-cookie')).toBeNull();
    const view = await res.json();
    expect(view).toMatchObject({
      orderNumber: `#${orderId}`,
      status: 'partially_refunded',
      fulfillmentStatus: 'shipped',
      items: [{ title: 'Heron at Dawn', size: '8x10 inch', format: 'Lustre Paper', quantity: 2, price: 95 }],
      subtotal: 190,
      shipping: 10,
      total: 200,
      refundedAmount: 10,
      refunds: [{ amount: 10, reason: 'other', createdAt: expect.any(String) }],
      shipment: {
        carrier: 'FedEx',
        trackingNumber: '123456789012',
        trackingUrl: expect.stringContaining('fedex.com'),
      },
    });
    // the admin shows the same money, computed by the server (not added up from the lines)
    const detail = await admin.json<{ order: { money: unknown } }>(admin.get(`/api/admin/orders/${orderId}`));
    expect(detail.order.money).toEqual({
      subtotal: 190,
      discount: 0,
      shipping: 10,
      tax: 0,
      total: 200,
      refunded: 10,
      net: 190,
    });
    expect(view.shippingAddress).not.toContain('Baltimore Avenue');
    expect(view.shippingAddress).toContain('Bladensburg, MD 20710');
    expect(JSON.stringify(view)).not.toContain(customer.customerEmail);
    expect(view).not.toHaveProperty('id');

    for (const bad of [
      'x'.repeat(40),
      String(orderId),
      token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    ]) {
      const wrong = await fetch(`${app.url}/api/orders/by-token/${bad}`);
      expect(wrong.status).toBe(404);
    }
    // the page itself is rendered on the server with the order in it; a wrong token is the 404 page
    const page = await fetch(`${app.url}/orders/${token}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('Heron at Dawn');
    expect(html).toContain('123456789012');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    const wrongPage = await fetch(`${app.url}/orders/${'x'.repeat(40)}`, {
      headers: { accept: 'text/html' },
    });
    expect(wrongPage.status).toBe(404);
  });
});

describe('refunds with the built-in test provider', () => {
  it('refunds a test payment', async () => {
    const testApp = await createTestApp({ SMTP_URL: sink.url });
    try {
      await testApp.startWorkers();
      const p = await insertPhoto(testApp.ctx.db, {
        options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
      });
      const c = testApp.client();
      const { orderId } = await placeOrder(
        c,
        [{ photoId: p.photoId, printOptionId: p.optionIds[0], quantity: 2 }],
        TOTAL,
      );
      const { clientSecret } = await c.json<{ clientSecret: string }>(
        c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
      );
      await c.json(
        c.post('/api/test-payments/confirm', {
          clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
        }),
      );
      const row = () => testApp.ctx.db('orders').where({ id: orderId }).first();
      await eventually(async () => (await row()).status === 'paid');
      const owner = await testApp.admin();
      const made = await owner.json(
        owner.post(`/api/admin/orders/${orderId}/refunds`, {
          amount: 200,
          reason: 'duplicate',
          idempotencyKey: key(),
        }),
        201,
      );
      expect(made).toMatchObject({ amount: 200, status: 'succeeded' });
      expect(await row()).toMatchObject({ status: 'refunded', refunded_cents: 20000 });
      expect(
        (await testApp.ctx.db('order_refunds').where({ order_id: orderId }).first()).provider_refund_id,
      ).toMatch(/^test_re_/);
    } finally {
      await testApp.close();
    }
  });
});
