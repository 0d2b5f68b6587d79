import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, placeOrder, testCard } from '../support/shop-data';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let photo: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  // no Stripe key: outside production the built-in test provider takes payments
  app = await createTestApp({ SMTP_URL: sink.url });
  await app.startWorkers();
  photo = await insertPhoto(app.ctx.db, {
    title: 'Marsh Sunset',
    options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
  });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

const TOTAL = 135;
async function startPayment() {
  const c = app.client();
  const { orderId } = await placeOrder(
    c,
    [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
    TOTAL,
  );
  const pi = await c.json<{ clientSecret: string; provider: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
  );
  return { c, orderId, ...pi };
}
const orderStatus = async (id: number) => (await app.ctx.db('orders').where({ id }).first()).status;

describe('test payment provider', () => {
  it('gives a test client secret, the same one on a retry', async () => {
    const { c, orderId, clientSecret, provider } = await startPayment();
    expect(provider).toBe('test');
    expect(clientSecret).toMatch(new RegExp(`^test_pi_${orderId}_[0-9a-f]+_secret_[0-9a-f]+$`));
    const again = await c.json(c.post('/api/create-payment-intent', { orderId, amount: TOTAL }));
    expect(again).toEqual({ clientSecret, provider: 'test' });
  });

  it('takes the test card: the order becomes paid and the customer gets one confirmation', async () => {
    const { c, orderId, clientSecret } = await startPayment();
    // the buyer is handed the link to the order page, which shows this order
    const { status_token: token } = await app.ctx.db('orders').where({ id: orderId }).first();
    expect(await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }))).toEqual({
      status: 'succeeded',
      orderPageToken: token,
    });
    expect(await c.json(c.get(`/api/orders/by-token/${token}`))).toMatchObject({
      orderNumber: `#${orderId}`,
    });
    const event = await app.ctx.db('payment_events').where({ order_id: orderId }).first();
    expect(event).toMatchObject({ provider: 'test', type: 'payment_intent.succeeded' });
    expect(event.event_id).toMatch(/^test_evt_/);
    expect(JSON.stringify(event.payload)).not.toContain('4242424242424242');

    await eventually(
      async () =>
        (await c.json(c.get(`/api/orders/${orderId}/status?secret=${clientSecret}`))).status === 'paid',
    );
    await eventually(async () => sink.mails.some((m) => m.subject.includes(`#${orderId}`)));
    const mails = sink.mails.filter((m) => m.subject.includes(`#${orderId}`));
    // no OWNER_EMAIL in this app: the customer's confirmation only
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([customer.customerEmail]);
    expect(mails[0].body).toContain('Marsh Sunset (11x14 inch, Lustre Paper) x 1: $120.00');
    expect(mails[0].body).toContain('Total: $135.00');

    expect(await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }), 409)).toEqual({
      message: 'This order is already paid.',
    });
  });

  it('declines 4000 0000 0000 0002 with a 402; the order is failed until a good card pays it', async () => {
    const { c, orderId, clientSecret } = await startPayment();
    const declined = await c.json(
      c.post('/api/test-payments/confirm', { ...testCard, clientSecret, cardNumber: '4000 0000 0000 0002' }),
      402,
    );
    expect(declined).toEqual({ message: 'Your card was declined.' });
    await eventually(async () => (await orderStatus(orderId)) === 'failed');
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    await eventually(async () => (await orderStatus(orderId)) === 'paid');
  });

  it('answers 400 with a clear message for a bad number, expiry or CVC, and records nothing', async () => {
    const { c, orderId, clientSecret } = await startPayment();
    const attempt = async (over: Record<string, string>) =>
      (
        await c.json<{ message: string }>(
          c.post('/api/test-payments/confirm', { ...testCard, clientSecret, ...over }),
          400,
        )
      ).message;
    expect(await attempt({ cardNumber: '4242 4242 4242 4241' })).toBe('Your card number is invalid.');
    expect(await attempt({ cardNumber: 'abcd' })).toBe('Your card number is invalid.');
    expect(await attempt({ expiry: '13/30' })).toBe("Your card's expiration date is invalid.");
    expect(await attempt({ expiry: '01/20' })).toBe('Your card has expired.');
    expect(await attempt({ cvc: '12' })).toBe("Your card's security code is invalid.");
    expect(await attempt({ cardNumber: '5555 5555 5555 4444' })).toBe(
      'In test mode, use the test card 4242 4242 4242 4242.',
    );
    expect(
      await attempt({ clientSecret: `test_pi_${orderId}_0000000000000000_secret_000000000000000000000000` }),
    ).toBe('This payment session is not valid. Please start checkout again.');
    expect(await app.ctx.db('payment_events').where({ order_id: orderId })).toEqual([]);
    expect(await orderStatus(orderId)).toBe('pending');
  });

  it('has no Stripe webhook while Stripe is not configured', async () => {
    const res = await fetch(`${app.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});

describe('test payments when Stripe is the provider', () => {
  it('the confirm route does not exist', async () => {
    const stripeApp = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
    });
    try {
      const c = stripeApp.client();
      expect((await c.post('/api/test-payments/confirm', { ...testCard, clientSecret: 'x' })).status).toBe(
        404,
      );
    } finally {
      await stripeApp.close();
    }
  });
});
