import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import { issueGiftCard } from '../support/gift-cards';
import { startFakeLumaprints, type FakeLumaprints } from '../support/fake-lumaprints';
import { freePort } from '../support/redis-server';
import type { HttpClient } from '../support/http-client';
import type { NumbersAnswer } from '../../src/contract';

// Issue 49, the owner's numbers: the figures equal the orders to the cent (a code's discount, DC
// tax, shipping, a partial refund, a gift card sold and one spent), days are the shop's (New York),
// the series lists every period. Four orders, placed through checkout and paid with the test card;
// each then given its paid time (and the first its code and tax, as checkout stores them):
//
// A  Nov 10  2 x Heron $95, SPRING20 -$38, shipping $10, DC tax $10.53: $172.53; $50 refunded Nov 20
// B  Nov 10  a $50 gift card: $50
// C  Nov 12  1 x Heron $95 + $10 shipping = $105, $30 of it paid by a gift card: $75 in money
// D  Nov 30, 11:30 pm in New York (Dec 1, 04:30 UTC)  1 x Fox $200 + $15 shipping = $215
//
// Revenue Nov 1-30: 172.53 + 50 + 75 + 215 - 50 = 462.53. Average order (the totals, whatever paid
// them): (172.53 + 50 + 105 + 215) / 4 = 135.6325 -> 135.63.

let app: TestApp;
let sink: SmtpSink;
let lab: FakeLumaprints;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
let fox: { photoId: number; optionIds: number[] };

const orderRow = (id: number) => app.ctx.db('orders').where({ id }).first();

async function pay(c: HttpClient, orderId: number, amount: number) {
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await orderRow(orderId)).status === 'paid');
}
const paidAt = (orderId: number, iso: string) =>
  app.ctx
    .db('orders')
    .where({ id: orderId })
    .update({ paid_at: new Date(iso) });

const numbers = (query: string) => admin.json<NumbersAnswer>(admin.get(`/api/admin/numbers?${query}`));

beforeAll(async () => {
  sink = await startSmtpSink();
  lab = await startFakeLumaprints();
  app = await createTestApp({
    SMTP_URL: sink.url,
    OWNER_EMAIL: 'owner@wildframe.example',
    LUMAPRINTS_API_BASE: lab.url,
    // the print files' address the lab is given
    PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
  });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // 8x10 inch Lustre $95 + $10
  fox = await insertPhoto(app.ctx.db, {
    title: 'Red Fox',
    options: [{ size: '12x16 inch', format: 'Metal', priceCents: 20000, shippingCents: 1500 }],
  });
  await app.ctx.db('gift_card_photos').insert({ photo_id: heron.photoId, position: 0 });

  // A: placed, given its code and tax on the row, paid; $50 refunded on Nov 20
  const a = app.client();
  await fillCart(a, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 2 }]);
  const { orderId: orderA } = await a.json<{ orderId: number }>(
    a.post('/api/checkout', { ...customer, totalAmount: 200 }),
    201,
  );
  await app.ctx.db('orders').where({ id: orderA }).update({
    promotion_code: 'SPRING20',
    promotion_summary: '20% off',
    discount_cents: 3800,
    shipping_cents: 1000,
    tax_cents: 1053,
    taxable_cents: 16200,
    tax_state: 'DC',
    tax_rate: 6.5,
    tax_provider: 'manual',
    total_cents: 17253,
  });
  await pay(a, orderA, 172.53);
  const refund = await admin.json<{ id: number }>(
    admin.post(`/api/admin/orders/${orderA}/refunds`, {
      amount: 50,
      reason: 'requested_by_customer',
      idempotencyKey: `numbers-${orderA}-refund-key`,
    }),
    201,
  );
  await app.ctx
    .db('order_refunds')
    .where({ id: refund.id })
    .update({ succeeded_at: new Date('2026-11-20T15:00:00Z') });
  await paidAt(orderA, '2026-11-10T15:00:00Z');

  // B: a $50 gift card bought
  const b = app.client();
  await b.json(b.delete('/api/cart'));
  await b.json(
    b.post('/api/cart/gift-cards', {
      amount: 50,
      photoId: heron.photoId,
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
      sendAt: null,
    }),
    201,
  );
  const { orderId: orderB } = await b.json<{ orderId: number }>(
    b.post('/api/checkout', { ...customer, totalAmount: 50 }),
    201,
  );
  await pay(b, orderB, 50);
  await paidAt(orderB, '2026-11-10T16:00:00Z');

  // C: $30 of it paid by a card issued by hand
  const card = await issueGiftCard(app, 3000);
  const c = app.client();
  await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
  const { orderId: orderC } = await c.json<{ orderId: number }>(
    c.post('/api/checkout', { ...customer, totalAmount: 105, giftCardCodes: [card.code] }),
    201,
  );
  await pay(c, orderC, 75);
  await paidAt(orderC, '2026-11-12T15:00:00Z');

  // D: paid at 11:30 pm on Nov 30 in New York
  const d = app.client();
  await fillCart(d, [{ photoId: fox.photoId, printOptionId: fox.optionIds[0]!, quantity: 1 }]);
  const { orderId: orderD } = await d.json<{ orderId: number }>(
    d.post('/api/checkout', { ...customer, totalAmount: 215 }),
    201,
  );
  await pay(d, orderD, 215);
  await paidAt(orderD, '2026-12-01T04:30:00Z');

  // the gift card B bought is issued once its order is paid
  await eventually(
    async () => (await app.ctx.db('gift_cards').whereNotNull('order_line_id').first()) ?? null,
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  await sink?.close();
  await lab?.close();
});

describe('the numbers of a range', () => {
  it('equal the orders to the cent: revenue, refunds, tax, shipping, code discounts, gift cards owed', async () => {
    const n = await numbers('from=2026-11-01&to=2026-11-30&grain=day');
    expect(n.sales).toEqual({
      orders: 4,
      revenue: 462.53,
      averageOrder: 135.63,
      refunds: 50,
      tax: 10.53,
      shipping: 35,
      discounts: 38,
      labCost: null,
      margin: null,
      ordersWithLabCost: 0,
      // the $50 card sold is owed; the $30 card was spent
      giftCardsOutstanding: 50,
    });
    expect(n.funnel.paid).toBe(4);
    // prints and licences by their revenue; the gift card line is no photo's sale
    expect(n.topPhotos).toEqual([
      { label: 'Heron at Dawn', revenue: 285, quantity: 3, photoId: heron.photoId },
      { label: 'Red Fox', revenue: 200, quantity: 1, photoId: fox.photoId },
    ]);
    expect(n.topSizes.map((s) => [s.label, s.revenue, s.quantity])).toEqual([
      ['8x10 inch', 285, 3],
      ['12x16 inch', 200, 1],
    ]);
    expect(n.topFormats.map((s) => [s.label, s.revenue])).toEqual([
      ['Lustre Paper', 285],
      ['Metal', 200],
    ]);
  });

  it('counts a day by the shop clock: 11:30 pm in New York is that day, not the next', async () => {
    const nov30 = await numbers('from=2026-11-30&to=2026-11-30');
    expect(nov30.sales).toMatchObject({ orders: 1, revenue: 215 });
    expect(nov30.series).toEqual([{ period: '2026-11-30', revenue: 215, orders: 1 }]);
    const dec1 = await numbers('from=2026-12-01&to=2026-12-01');
    expect(dec1.sales).toMatchObject({ orders: 0, revenue: 0, averageOrder: 0 });
  });

  it('lists every day, zeros included; a refund counts on its own day', async () => {
    const n = await numbers('from=2026-11-01&to=2026-11-30&grain=day');
    expect(n.series).toHaveLength(30);
    const nonZero = n.series.filter((p) => p.revenue !== 0 || p.orders !== 0);
    expect(nonZero).toEqual([
      { period: '2026-11-10', revenue: 222.53, orders: 2 },
      { period: '2026-11-12', revenue: 75, orders: 1 },
      { period: '2026-11-20', revenue: -50, orders: 0 },
      { period: '2026-11-30', revenue: 215, orders: 1 },
    ]);
  });

  it('groups by week (Monday first) and by month, the first period cut by the range', async () => {
    const weeks = await numbers('from=2026-11-01&to=2026-11-30&grain=week');
    expect(weeks.series).toEqual([
      { period: '2026-11-01', revenue: 0, orders: 0 },
      { period: '2026-11-02', revenue: 0, orders: 0 },
      { period: '2026-11-09', revenue: 297.53, orders: 3 },
      { period: '2026-11-16', revenue: -50, orders: 0 },
      { period: '2026-11-23', revenue: 0, orders: 0 },
      { period: '2026-11-30', revenue: 215, orders: 1 },
    ]);
    const months = await numbers('from=2026-10-15&to=2026-12-31&grain=month');
    expect(months.series).toEqual([
      { period: '2026-10-15', revenue: 0, orders: 0 },
      { period: '2026-11-01', revenue: 462.53, orders: 4 },
      { period: '2026-12-01', revenue: 0, orders: 0 },
    ]);
    expect(months.sales.revenue).toBe(462.53);
  });

  it('exports the series and the totals as CSV, named by the range', async () => {
    const res = await admin.get('/api/admin/numbers.csv?from=2026-11-01&to=2026-11-30&grain=month');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="numbers-2026-11-01-to-2026-11-30.csv"',
    );
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.slice(0, 3)).toEqual(['Period,Orders,Revenue', '2026-11-01,4,462.53', ',,']);
    expect(rows).toContain('Total,4,462.53');
    expect(rows).toContain('Refunds,,50.00');
    expect(rows).toContain('Tax collected,,10.53');
    expect(rows).toContain('Code discounts,,38.00');
    expect(rows).toContain('Gift cards outstanding (now),,50.00');
  });
});

// Lab cost and margin: October's two orders of the Snowy Owl, made by Lumaprints (its double) and
// sent as soon as paid. E: 2 x $95 + $10 shipping, its prints quoted at $18.50 each, $20 refunded.
// F: sent when the print's price was not known: no lab cost, so neither in lab cost nor margin.
describe('lab cost and margin', () => {
  let orderE: number;
  let orderF: number;
  const labRow = (orderId: number) => app.ctx.db('lab_orders').where({ order_id: orderId }).first();

  beforeAll(async () => {
    const owl = await insertPhoto(app.ctx.db, {
      title: 'Snowy Owl',
      pixels: { width: 2400, height: 3000 },
      options: [{ size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 }],
    });
    await admin.json(
      admin.put('/api/admin/lab/lumaprints', {
        enabled: true,
        sandbox: true,
        apiKey: lab.credentials.apiKey,
        apiSecret: lab.credentials.apiSecret,
        settings: { storeId: lab.store.storeId },
        shippingMethod: 'default',
        productionTime: 'regular',
        holdMinutes: 0,
        reviewBeforeSending: false,
        minMarginPercent: 30,
      }),
    );
    const optionId = owl.optionIds[0]!;
    await admin.json(
      admin.put(`/api/admin/lab/products/${optionId}`, {
        provider: 'lumaprints',
        productId: '103001',
        widthIn: 8,
        heightIn: 10,
      }),
    );
    // the price she was quoted when she set the product up
    const product = () => app.ctx.db('lab_products').where({ print_option_id: optionId });
    await product().update({ cost_cents: 1850 });

    async function sentOrder(paidOn: string) {
      const c = app.client();
      await fillCart(c, [{ photoId: owl.photoId, printOptionId: optionId, quantity: 2 }]);
      const { orderId } = await c.json<{ orderId: number }>(
        c.post('/api/checkout', {
          customerName: customer.customerName,
          customerEmail: customer.customerEmail,
          // the lab needs the address in its parts (Maryland: no tax)
          address: {
            line1: '4400 Baltimore Avenue',
            line2: null,
            city: 'Bladensburg',
            state: 'MD',
            zip: '20710',
          },
          totalAmount: 200,
        }),
        201,
      );
      await pay(c, orderId, 200);
      await eventually(async () => {
        const row = await labRow(orderId);
        if (row?.status === 'failed') throw new Error(`${row.last_error} ${row.lab_text}`);
        return row?.status === 'sent';
      }, 20_000);
      await paidAt(orderId, paidOn);
      return orderId;
    }
    orderE = await sentOrder('2026-10-15T15:00:00Z');
    const refund = await admin.json<{ id: number }>(
      admin.post(`/api/admin/orders/${orderE}/refunds`, {
        amount: 20,
        reason: 'requested_by_customer',
        idempotencyKey: `numbers-${orderE}-refund-key`,
      }),
      201,
    );
    await app.ctx
      .db('order_refunds')
      .where({ id: refund.id })
      .update({ succeeded_at: new Date('2026-10-20T15:00:00Z') });
    await product().update({ cost_cents: null });
    orderF = await sentOrder('2026-10-16T15:00:00Z');
  }, 60_000);

  it("records the lab's quoted price of the prints when a lab order is sent, null when unknown", async () => {
    const e = await labRow(orderE);
    expect(e.lab_items_cents).toBe(3700);
    expect(e.lab_shipping_cents).toBeGreaterThan(0);
    expect((await labRow(orderF)).lab_items_cents).toBeNull();
  });

  it('counts lab cost and margin of the orders whose lab charge is known, to the cent', async () => {
    const shipping = (await labRow(orderE)).lab_shipping_cents as number;
    const n = await numbers('from=2026-10-01&to=2026-10-31');
    expect(n.sales.orders).toBe(2);
    expect(n.sales.ordersWithLabCost).toBe(1);
    // prints 2 x $18.50 plus the lab's shipping
    expect(n.sales.labCost).toBe((3700 + shipping) / 100);
    // E paid $200 without tax, less its $20 refund, less the lab cost
    expect(n.sales.margin).toBe((20000 - 2000 - 3700 - shipping) / 100);
    const csv = await (await admin.get('/api/admin/numbers.csv?from=2026-10-01&to=2026-10-31')).text();
    expect(csv).toContain(`Margin,,${((20000 - 2000 - 3700 - shipping) / 100).toFixed(2)}`);
    // November's orders were never sent to a lab: none known
    expect((await numbers('from=2026-11-01&to=2026-11-30')).sales).toMatchObject({
      labCost: null,
      margin: null,
      ordersWithLabCost: 0,
    });
  });
});

describe('bad input and the guard', () => {
  it.each([
    ['from=2026-11-30&to=2026-11-01', 'The end date must be on or after the start date.'],
    ['from=1990-01-01&to=2090-01-01', 'Choose a range of at most 1830 days.'],
    ['from=2026-02-30&to=2026-03-01', 'Choose a start date (YYYY-MM-DD).'],
    ['from=2026-11-01&to=tomorrow', 'Choose an end date (YYYY-MM-DD).'],
    ['to=2026-11-01', 'Choose a start date (YYYY-MM-DD).'],
    ['from=2026-11-01&to=2026-11-30&grain=year', 'Group by day, week or month.'],
  ])('%s: 400 with its message', async (query, message) => {
    for (const path of ['/api/admin/numbers', '/api/admin/numbers.csv']) {
      const res = await admin.get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it('answers only the signed-in owner', async () => {
    const visitor = app.client();
    for (const path of ['/api/admin/numbers', '/api/admin/numbers.csv']) {
      const res = await visitor.get(`${path}?from=2026-11-01&to=2026-11-30`);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('462.53');
    }
  });
});
