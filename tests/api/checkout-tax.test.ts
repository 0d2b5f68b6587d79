import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 25, sales tax with our own rates: DC preset (6.5 %, shipping taxed), collected once the
// owner saved it (issue 34), computed on the server on the discounted amount for the shipping
// address; none where the owner does not collect it.

let app: TestApp;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  await app.startWorkers();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '8x10 inch', format: 'Lustre Paper', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(() => app?.close());

const line = (quantity = 1) => ({ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity });
const dc = { line1: '1100 4th Street SW', city: 'Washington', state: 'DC', zip: '20024' };
const md = { line1: '4400 Baltimore Avenue', city: 'Bladensburg', state: 'MD', zip: '20710' };
const { customerName, customerEmail } = customer;

async function buyer(quantity = 1) {
  const c = app.client();
  await fillCart(c, [line(quantity)]);
  return c;
}
const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();
const saveTax = (body: unknown) => admin.put('/api/admin/tax', body);

describe('sales tax (our rates)', () => {
  it('starts with DC preset at 6.5 % with shipping taxed, and says where the official rate is', async () => {
    const settings = await admin.json<{ provider: string; states: Record<string, unknown>[] }>(
      admin.get('/api/admin/tax'),
    );
    expect(settings).toMatchObject({ provider: 'manual', stripeTaxAvailable: false });
    expect(settings.states).toEqual([
      {
        state: 'DC',
        name: 'District of Columbia',
        rate: '6.5',
        shippingTaxed: true,
        rateChangedAt: expect.any(String),
        preset: true,
        sourceName: 'DC Office of Tax and Revenue',
        sourceUrl: 'https://otr.cfo.dc.gov/',
      },
    ]);
  });

  it('taxes a DC order on the discounted prints and the shipping; the intent charges it', async () => {
    // nothing is collected until the owner saves: she saves the preset as it is
    await admin.json(
      saveTax({ provider: 'manual', states: [{ state: 'DC', rate: '6.5', shippingTaxed: true }] }),
    );
    await admin.json(
      admin.post('/api/admin/promotions', { code: 'DCTEN', kind: 'amount', amountOff: 10 }),
      201,
    );
    const c = await buyer(2);
    // 2 x $95.00 - $10.00 = $180.00, + $10.00 shipping = $190.00 taxed at 6.5 % = $12.35
    const quote = await c.json(
      c.post('/api/checkout/quote', { promotionCode: 'dcten', address: { state: 'DC' } }),
    );
    expect(quote).toEqual({
      subtotal: 190,
      discount: 10,
      shipping: 10,
      tax: 12.35,
      total: 202.35,
      promotion: { code: 'DCTEN', summary: '$10.00 off' },
      taxLine: { state: 'DC', rate: '6.5', label: 'Tax (DC 6.5%)' },
      taxCollected: true,
      giftCards: [],
      amountDue: 202.35,
    });
    const placed = await c.json<{ orderId: number; total: number }>(
      c.post('/api/checkout', {
        customerName,
        customerEmail,
        address: dc,
        promotionCode: 'DCTEN',
        totalAmount: 202.35,
      }),
      201,
    );
    expect(placed).toMatchObject({ tax: 12.35, total: 202.35, taxLine: { label: 'Tax (DC 6.5%)' } });
    expect(await orderRow(placed.orderId)).toMatchObject({
      discount_cents: 1000,
      taxable_cents: 19000,
      tax_cents: 1235,
      tax_state: 'DC',
      tax_rate: 6.5,
      tax_provider: 'manual',
      total_cents: 20235,
    });
    // the intent is for the taxed total; paying it pays the order
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId: placed.orderId, amount: 202.35 }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    const event = await app.ctx
      .db('payment_events')
      .where({ order_id: placed.orderId })
      .orderBy('id', 'desc')
      .first();
    expect(JSON.stringify(event)).toContain('20235');
    await eventually(async () => (await orderRow(placed.orderId)).status === 'paid');
  });

  it('collects none in Maryland', async () => {
    const c = await buyer();
    expect(
      await c.json(c.post('/api/checkout/quote', { address: { state: 'MD', zip: '20710' } })),
    ).toMatchObject({
      tax: 0,
      total: 105,
      taxLine: null,
    });
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { customerName, customerEmail, address: md, totalAmount: 105 }),
      201,
    );
    expect(await orderRow(orderId)).toMatchObject({ tax_cents: 0, tax_state: null, total_cents: 10500 });
  });

  it('takes the total before tax from the spec client, and still charges the tax', async () => {
    const c = await buyer();
    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', {
        customerName,
        customerEmail,
        shippingAddress: '1100 4th Street SW\nWashington, DC 20024',
        totalAmount: 105,
      }),
      201,
    );
    // $105.00 x 6.5 % = $6.825 -> $6.83
    expect(await orderRow(orderId)).toMatchObject({ tax_cents: 683, total_cents: 11183 });
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: 105 }),
    );
    expect(clientSecret).toBeTruthy();
  });

  it('follows the owner: shipping untaxed, a new state, a changed rate; bad rates change nothing', async () => {
    const before = await admin.json<{ states: { state: string; rateChangedAt: string }[] }>(
      admin.get('/api/admin/tax'),
    );
    for (const bad of [
      { provider: 'manual', states: [{ state: 'DC', rate: '101', shippingTaxed: true }] },
      { provider: 'manual', states: [{ state: 'DC', rate: '-1', shippingTaxed: true }] },
      { provider: 'manual', states: [{ state: 'DC', rate: '6.12345', shippingTaxed: true }] },
      { provider: 'manual', states: [{ state: 'ZZ', rate: '5', shippingTaxed: true }] },
      { provider: 'manual', states: [{ state: 'DC\u0000', rate: '5', shippingTaxed: true }] },
      { provider: 'stripe', states: [] },
    ]) {
      const res = await saveTax(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect(await admin.json(admin.get('/api/admin/tax'))).toEqual(
      expect.objectContaining({ states: before.states.map((s) => expect.objectContaining(s)) }),
    );

    const saved = await admin.json<{
      states: { state: string; rate: string; preset: boolean; rateChangedAt: string }[];
    }>(
      saveTax({
        provider: 'manual',
        states: [
          { state: 'DC', rate: '6.5', shippingTaxed: false },
          { state: 'va', rate: 5.3, shippingTaxed: true },
        ],
      }),
    );
    expect(saved.states.map((s) => [s.state, s.rate, s.preset])).toEqual([
      ['DC', '6.5', false],
      ['VA', '5.3', false],
    ]);
    // the DC rate did not change, so neither did its date
    expect(saved.states[0]!.rateChangedAt).toBe(before.states[0]!.rateChangedAt);

    const c = await buyer();
    // shipping no longer taxed in DC: $95.00 x 6.5 % = $6.175 -> $6.18
    expect(await c.json(c.post('/api/checkout/quote', { address: { state: 'DC' } }))).toMatchObject({
      tax: 6.18,
      total: 111.18,
    });
    // Virginia: ($95.00 + $10.00) x 5.3 % = $5.565 -> $5.57
    expect(await c.json(c.post('/api/checkout/quote', { address: { state: 'VA' } }))).toMatchObject({
      tax: 5.57,
      taxLine: { label: 'Tax (VA 5.3%)' },
    });
    // DC dropped: no tax there any more
    await admin.json(
      saveTax({ provider: 'manual', states: [{ state: 'VA', rate: '5.3', shippingTaxed: true }] }),
    );
    expect(await c.json(c.post('/api/checkout/quote', { address: { state: 'DC' } }))).toMatchObject({
      tax: 0,
      taxLine: null,
    });
    await admin.json(
      saveTax({ provider: 'manual', states: [{ state: 'DC', rate: '6.5', shippingTaxed: true }] }),
    );
  });

  it('refuses a quote for a bad address or an empty cart', async () => {
    const c = await buyer();
    expect((await c.post('/api/checkout/quote', { address: { state: 'ZZ' } })).status).toBe(400);
    expect((await c.post('/api/checkout/quote', { address: { state: 'DC', zip: '123' } })).status).toBe(400);
    const empty = app.client();
    expect((await empty.post('/api/checkout/quote', {})).status).toBe(400);
  });
});
