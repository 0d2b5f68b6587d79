import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 34, item 3: the owner cancels an unpaid order from the admin, and that gives back what it
// holds: its payment intent is canceled at the provider, then its promotion code's use is
// released (the sweep's path, at once). A paid order is never canceled this way: it is refunded.

type Photo = { photoId: number; optionIds: number[] };
const DECLINED = { ...testCard, cardNumber: '4000 0000 0000 0002' };
// Maryland: no sales tax there, so the totals are the prints, the shipping and the discount
const address = { line1: '4400 Baltimore Avenue', city: 'Bladensburg', state: 'MD', zip: '20710' };
let n = 0;
const uniqueCode = (prefix: string) => `${prefix}${++n}${Date.now().toString(36)}`.toUpperCase();

/** What the owner, the buyer and the database see of one order. */
function helpers(app: () => TestApp, admin: () => HttpClient, photo: () => Photo) {
  const line = () => ({ photoId: photo().photoId, printOptionId: photo().optionIds[0]!, quantity: 1 });
  return {
    orderRow: (id: number) => app().ctx.db('orders').where({ id }).first(),
    uses: (codeId: number) =>
      app()
        .ctx.db('promotion_redemptions')
        .where({ promotion_code_id: codeId })
        .orderBy('order_id')
        .select('order_id', 'status'),
    /** A one-use $5 code. */
    async oneUseCode() {
      const code = uniqueCode('once');
      const { id } = await admin().json<{ id: number }>(
        admin().post('/api/admin/promotions', { code, kind: 'amount', amountOff: 5, maxUses: 1 }),
        201,
      );
      return { code, id };
    },
    /** A buyer with the print in the cart who places an order ($95 + $10 shipping, less the code's $5). */
    async placeOrder(code?: string, email = customer.customerEmail) {
      const c = app().client();
      await fillCart(c, [line()]);
      const body = { ...customer, customerEmail: email, address, totalAmount: code ? 100 : 105 };
      const res = await c.post('/api/checkout', code ? { ...body, promotionCode: code } : body);
      return { c, res };
    },
    cancel: (id: number, status = 200) =>
      admin().json<Record<string, unknown>>(admin().post(`/api/admin/orders/${id}/cancel`), status),
  };
}

describe('with the test provider', () => {
  let app: TestApp;
  let admin: HttpClient;
  let heron: Photo;
  const h = helpers(
    () => app,
    () => admin,
    () => heron,
  );

  beforeAll(async () => {
    app = await createTestApp();
    await app.startWorkers();
    admin = await app.admin();
    heron = await insertPhoto(app.ctx.db, {
      title: 'Heron at Dawn',
      options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
    });
  });
  afterAll(() => app?.close());

  async function intentFor(c: HttpClient, orderId: number, amount: number) {
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount }),
    );
    return { clientSecret, intentId: clientSecret.split('_secret_')[0]! };
  }

  it('cancels an unpaid order: its intent at the provider, then its code use, so the code works again', async () => {
    const { code, id: codeId } = await h.oneUseCode();
    const first = await h.placeOrder(code);
    const { orderId } = await first.c.json<{ orderId: number }>(first.res, 201);
    const { clientSecret, intentId } = await intentFor(first.c, orderId, 100);
    // the only use is held: another buyer is refused the code
    const second = await h.placeOrder(code, 'grace@example.com');
    expect(second.res.status).toBe(400);
    expect(await second.res.json()).toMatchObject({
      errors: { promotionCode: 'This promotion code has been used up.' },
    });

    const canceled = await h.cancel(orderId);
    expect(canceled).toMatchObject({ id: orderId, status: 'canceled', fulfillmentStatus: 'canceled' });
    expect(await h.orderRow(orderId)).toMatchObject({ status: 'canceled', fulfillment_status: 'canceled' });

    // the intent is canceled at the provider: the buyer's card is refused on it
    const events = await app.ctx.db('payment_events').where({ payment_intent_id: intentId }).pluck('type');
    expect(events).toContain('payment_intent.canceled');
    expect(
      await first.c.json(first.c.post('/api/test-payments/confirm', { ...testCard, clientSecret }), 409),
    ).toEqual({ message: 'This payment was canceled. Please check out again.' });

    // its use went back to the code: the other buyer now gets it
    expect(await h.uses(codeId)).toEqual([{ order_id: orderId, status: 'released' }]);
    const again = await second.c.json<{ orderId: number; discount: number }>(
      second.c.post('/api/checkout', {
        ...customer,
        customerEmail: 'grace@example.com',
        address,
        promotionCode: code,
        totalAmount: 100,
      }),
      201,
    );
    expect(again.discount).toBe(5);

    // the admin list shows it canceled among the unpaid attempts
    const unpaid = await admin.json<{ id: number; status: string; fulfillmentStatus: string }[]>(
      admin.get('/api/admin/orders?payment=unpaid'),
    );
    expect(unpaid.find((o) => o.id === orderId)).toMatchObject({
      status: 'canceled',
      fulfillmentStatus: 'canceled',
    });
    // canceling it again changes nothing
    expect(await h.cancel(orderId)).toMatchObject({ id: orderId, status: 'canceled' });
  });

  it('cancels a declined attempt, and one that never reached the payment step', async () => {
    const declined = await h.placeOrder();
    const { orderId: failedId } = await declined.c.json<{ orderId: number }>(declined.res, 201);
    const { clientSecret } = await intentFor(declined.c, failedId, 105);
    const paid = await declined.c.post('/api/test-payments/confirm', { ...DECLINED, clientSecret });
    expect(paid.status).toBe(402);
    await eventually(async () => (await h.orderRow(failedId)).status === 'failed');

    const { code, id: codeId } = await h.oneUseCode();
    const noIntent = await h.placeOrder(code, 'no-intent@example.com');
    const { orderId: noIntentId } = await noIntent.c.json<{ orderId: number }>(noIntent.res, 201);

    expect(await h.cancel(failedId)).toMatchObject({ status: 'canceled', fulfillmentStatus: 'canceled' });
    expect(await h.cancel(noIntentId)).toMatchObject({ status: 'canceled', fulfillmentStatus: 'canceled' });
    expect(await h.uses(codeId)).toEqual([{ order_id: noIntentId, status: 'released' }]);
    // a retry in the buyer's session is a new order, not the canceled one
    const retry = await noIntent.c.json<{ orderId: number }>(
      noIntent.c.post('/api/checkout', { ...customer, address, totalAmount: 105 }),
      201,
    );
    expect(retry.orderId).not.toBe(noIntentId);
  });

  it("setting an unpaid order's fulfillment to canceled takes the same path", async () => {
    const { code, id: codeId } = await h.oneUseCode();
    const buyer = await h.placeOrder(code);
    const { orderId } = await buyer.c.json<{ orderId: number }>(buyer.res, 201);
    const { intentId } = await intentFor(buyer.c, orderId, 100);

    const answer = await admin.json(
      admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, { fulfillmentStatus: 'canceled' }),
    );
    expect(answer).toMatchObject({ status: 'canceled', fulfillmentStatus: 'canceled' });
    expect(await h.uses(codeId)).toEqual([{ order_id: orderId, status: 'released' }]);
    const events = await app.ctx.db('payment_events').where({ payment_intent_id: intentId }).pluck('type');
    expect(events).toContain('payment_intent.canceled');
  });

  it('refuses to cancel a paid order (409, refund it instead) and changes nothing', async () => {
    const { code, id: codeId } = await h.oneUseCode();
    const buyer = await h.placeOrder(code);
    const { orderId } = await buyer.c.json<{ orderId: number }>(buyer.res, 201);
    const { clientSecret } = await intentFor(buyer.c, orderId, 100);
    await buyer.c.json(buyer.c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    await eventually(async () => (await h.orderRow(orderId)).status === 'paid');
    const before = await h.orderRow(orderId);

    expect(await h.cancel(orderId, 409)).toEqual({
      message: 'This order is paid, so it can not be canceled. Refund it instead.',
    });
    expect(await h.orderRow(orderId)).toEqual(before);
    expect(await h.uses(codeId)).toEqual([{ order_id: orderId, status: 'redeemed' }]);
    // the fulfillment dropdown may still mark a paid order canceled: its payment stays as it is
    await admin.json(
      admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, { fulfillmentStatus: 'canceled' }),
    );
    expect(await h.orderRow(orderId)).toMatchObject({ status: 'paid', fulfillment_status: 'canceled' });
    expect(await h.uses(codeId)).toEqual([{ order_id: orderId, status: 'redeemed' }]);
  });

  it('answers 404 for a missing order and 401 when signed out', async () => {
    expect(await h.cancel(999_999, 404)).toEqual({ message: 'Order not found.' });
    const stranger = app.client();
    expect((await stranger.post('/api/admin/orders/1/cancel')).status).toBe(401);
  });
});

describe('with Stripe', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let admin: HttpClient;
  let photo: Photo;
  const h = helpers(
    () => app,
    () => admin,
    () => photo,
  );

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await createTestApp({ ...stripe.env });
    await app.startWorkers();
    admin = await app.admin();
    photo = await insertPhoto(app.ctx.db, {
      title: 'Marsh Sunset',
      options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('cancels the payment intent at Stripe, then releases the code use', async () => {
    const { code, id: codeId } = await h.oneUseCode();
    const buyer = await h.placeOrder(code);
    const { orderId } = await buyer.c.json<{ orderId: number }>(buyer.res, 201);
    const { clientSecret } = await buyer.c.json<{ clientSecret: string }>(
      buyer.c.post('/api/create-payment-intent', { orderId, amount: 100 }),
    );
    const intentId = clientSecret.split('_secret_')[0]!;
    expect(stripe.intents.get(intentId)?.status).toBe('requires_payment_method');

    expect(await h.cancel(orderId)).toMatchObject({ status: 'canceled', fulfillmentStatus: 'canceled' });
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await h.orderRow(orderId)).toMatchObject({ status: 'canceled' });
    expect(await h.uses(codeId)).toEqual([{ order_id: orderId, status: 'released' }]);
  });

  it('an order the buyer paid meanwhile (its webhook not yet in) is not canceled: 409, and it turns paid', async () => {
    const { code, id: codeId } = await h.oneUseCode();
    const buyer = await h.placeOrder(code);
    const { orderId } = await buyer.c.json<{ orderId: number }>(buyer.res, 201);
    const { clientSecret } = await buyer.c.json<{ clientSecret: string }>(
      buyer.c.post('/api/create-payment-intent', { orderId, amount: 100 }),
    );
    const intentId = clientSecret.split('_secret_')[0]!;
    stripe.succeed(intentId); // paid at Stripe; the webhook has not arrived

    expect(await h.cancel(orderId, 409)).toEqual({
      message: 'This order was paid meanwhile, so it was not canceled. Refund it instead.',
    });
    expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
    expect(await h.orderRow(orderId)).toMatchObject({ status: 'paid', fulfillment_status: 'received' });
    await eventually(async () => (await h.uses(codeId))[0]?.status === 'redeemed');
  });

  it('refuses a paid order and leaves its intent alone', async () => {
    const buyer = await h.placeOrder();
    const { orderId } = await buyer.c.json<{ orderId: number }>(buyer.res, 201);
    const { clientSecret } = await buyer.c.json<{ clientSecret: string }>(
      buyer.c.post('/api/create-payment-intent', { orderId, amount: 105 }),
    );
    const intentId = clientSecret.split('_secret_')[0]!;
    const paid = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
    expect((await stripe.deliver(app.url, paid)).status).toBe(200);
    await eventually(async () => (await h.orderRow(orderId)).status === 'paid');
    const before = await h.orderRow(orderId);
    const cancels = () =>
      stripe.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`,
      );

    expect(await h.cancel(orderId, 409)).toEqual({
      message: 'This order is paid, so it can not be canceled. Refund it instead.',
    });
    expect(cancels()).toEqual([]);
    expect(stripe.intents.get(intentId)?.status).toBe('succeeded');
    expect(await h.orderRow(orderId)).toEqual(before);
  });
});
