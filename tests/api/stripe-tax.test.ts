import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { customer, fillCart, insertPhoto } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 25, item 7: with Stripe configured the owner switches to Stripe Tax: checkout asks Stripe
// for a tax calculation, a paid order records a tax transaction, refunds reverse it in part or in
// full. Against the local Stripe double, whose DC rate (6 %) differs from our preset (6.5 %).

let app: TestApp;
let stripe: FakeStripe;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp(stripe.env);
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '8x10 inch', format: 'Lustre Paper', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const dc = { line1: '1100 4th Street SW', city: 'Washington', state: 'DC', zip: '20024' };
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now()}`;
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();

async function useStripeTax() {
  const settings = await admin.json<{ stripeTaxAvailable: boolean }>(admin.get('/api/admin/tax'));
  expect(settings.stripeTaxAvailable).toBe(true);
  await admin.json(
    admin.put('/api/admin/tax', {
      provider: 'stripe',
      states: [{ state: 'DC', rate: '6.5', shippingTaxed: true }],
    }),
  );
}

async function paidDcOrder(code?: string) {
  const c = app.client();
  await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 2 }]);
  const quote = await c.json<{ total: number; tax: number }>(
    c.post('/api/checkout/quote', { promotionCode: code, address: { state: 'DC', zip: '20024' } }),
  );
  const placed = await c.json<{ orderId: number; total: number; tax: number }>(
    c.post('/api/checkout', { ...customer, address: dc, promotionCode: code, totalAmount: quote.total }),
    201,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId: placed.orderId, amount: placed.total }),
  );
  const intentId = clientSecret.split('_secret_')[0]!;
  expect(
    (await stripe.deliver(app.url, stripe.event('payment_intent.succeeded', stripe.succeed(intentId))))
      .status,
  ).toBe(200);
  await eventually(async () => (await orderRow(placed.orderId)).status === 'paid');
  return { ...placed, quote, intentId };
}

describe('Stripe Tax', () => {
  it('taxes with a Stripe calculation, charges it, and records a tax transaction once paid', async () => {
    await useStripeTax();
    await admin.json(
      admin.post('/api/admin/promotions', { code: 'STRIPE10', kind: 'percent', percentOff: 10 }),
      201,
    );
    // 2 x $95.00 = $190.00 - 10 % = $171.00, + $10.00 shipping = $181.00 at the double's DC 6 % = $10.86
    const order = await paidDcOrder('STRIPE10');
    expect(order.quote).toMatchObject({ tax: 10.86, total: 191.86 });
    expect(order).toMatchObject({
      tax: 10.86,
      total: 191.86,
      taxLine: { state: 'DC', rate: null, label: 'Tax' },
    });
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({
      tax_provider: 'stripe',
      tax_cents: 1086,
      discount_cents: 1900,
      total_cents: 19186,
    });
    const calculation = stripe.taxCalculations.get(row.tax_calculation_id);
    expect(calculation).toMatchObject({
      tax_amount_exclusive: 1086,
      customer_details: { address: { state: 'DC', postal_code: '20024' } },
    });
    // the discounted line went to Stripe, not the list price
    expect(calculation!.line_items.data.map((l) => l.amount)).toEqual([17100]);
    expect(stripe.intents.get(order.intentId)).toMatchObject({ amount: 19186 });

    const recorded = await eventually(async () =>
      app.ctx.db('tax_transactions').where({ order_id: order.orderId }).first(),
    );
    expect(recorded.calculation_id).toBe(row.tax_calculation_id);
    expect(stripe.taxTransactions.get(recorded.transaction_id)).toMatchObject({
      reference: `order-${order.orderId}`,
    });
  });

  it('reverses the tax transaction in part on a partial refund, and the rest on the final one', async () => {
    const order = await paidDcOrder();
    const transaction = await eventually(async () =>
      app.ctx.db('tax_transactions').where({ order_id: order.orderId }).first(),
    );
    await admin.json(
      admin.post(`/api/admin/orders/${order.orderId}/refunds`, {
        amount: 50,
        reason: 'damaged',
        idempotencyKey: key(),
      }),
      201,
    );
    await eventually(async () => stripe.taxReversalsOf(transaction.transaction_id).length === 1);
    expect(stripe.taxReversalsOf(transaction.transaction_id)[0]).toMatchObject({ type: 'reversal' });
    const rest = (order.total * 100 - 5000) / 100;
    await admin.json(
      admin.post(`/api/admin/orders/${order.orderId}/refunds`, {
        amount: rest,
        reason: 'other',
        idempotencyKey: key(),
      }),
      201,
    );
    await eventually(async () => stripe.taxReversalsOf(transaction.transaction_id).length === 2);
    expect(stripe.taxRemaining(transaction.transaction_id)).toEqual({ totalCents: 0, taxCents: 0 });
    const reversals = await app.ctx
      .db('tax_reversals')
      .where({ order_id: order.orderId })
      .orderBy('refund_id');
    expect(reversals.map((r) => r.amount_cents)).toEqual([5000, Math.round(rest * 100)]);
  });

  it('a Stripe outage is a 503 with a clear message, and nothing is stored', async () => {
    const c = app.client();
    await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
    const orders = Number((await app.ctx.db('orders').count({ n: '*' }).first())!.n);
    await stripe.close();
    try {
      const res = await c.post('/api/checkout', { ...customer, address: dc, totalAmount: 105 });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        message: 'Tax could not be calculated right now. Please try again in a moment.',
      });
      expect(Number((await app.ctx.db('orders').count({ n: '*' }).first())!.n)).toBe(orders);
    } finally {
      await admin.json(admin.put('/api/admin/tax', { provider: 'manual', states: [] }));
    }
  });
});
