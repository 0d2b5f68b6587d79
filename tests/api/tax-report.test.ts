import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { createTestApp, type TestApp } from '../support/test-app';

// The monthly sales tax report (GET /api/admin/orders/tax-report?month=YYYY-MM, CSV): per state,
// the taxed orders paid in the month (calendar month in UTC), their taxable sales and tax, the
// refunds made in the month on taxed orders and the tax they gave back, and the net.
// The orders are written straight into the tables, with the figures checkout stores.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

type OrderFigures = {
  subtotal: number;
  discount?: number;
  shipping: number;
  taxable: number;
  tax: number;
  state: string | null;
  provider?: 'manual' | 'stripe';
  status: string;
  paidAt: string | null;
  refunded?: number;
};

async function insertOrder(o: OrderFigures): Promise<number> {
  const discount = o.discount ?? 0;
  const [{ id }] = await app.ctx
    .db('orders')
    .insert({
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      shipping_address: '1600 Pennsylvania Ave NW\nWashington, DC 20500',
      subtotal_cents: o.subtotal,
      discount_cents: discount,
      shipping_cents: o.shipping,
      taxable_cents: o.taxable,
      tax_cents: o.tax,
      total_cents: o.subtotal - discount + o.shipping + o.tax,
      tax_state: o.state,
      tax_rate: o.state && o.provider !== 'stripe' ? 6.5 : null,
      tax_provider: o.state ? (o.provider ?? 'manual') : null,
      status: o.status,
      fulfillment_status: o.paidAt ? 'paid' : 'received',
      paid_at: o.paidAt,
      refunded_cents: o.refunded ?? 0,
    })
    .returning('id');
  return id;
}

async function insertRefund(orderId: number, amountCents: number, status: string, at: string) {
  await app.ctx.db('order_refunds').insert({
    order_id: orderId,
    amount_cents: amountCents,
    reason: 'requested_by_customer',
    status,
    created_at: at,
    succeeded_at: status === 'succeeded' ? at : null,
  });
}

let signedIn: Promise<HttpClient> | undefined;
async function report(month: string) {
  const admin = await (signedIn ??= app.admin());
  const res = await admin.get(`/api/admin/orders/tax-report?month=${month}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  // the bytes as sent (res.text() would drop the BOM spreadsheets read the encoding from)
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
}

const HEADER =
  'Month,State,Orders,Taxable sales,Tax collected,Refunds,Tax reversed,Net tax,Taxable licence sales';
const csv = (...lines: string[]) => '\uFEFF' + [HEADER, ...lines].join('\r\n') + '\r\n';

describe('the monthly tax report', () => {
  beforeAll(async () => {
    // October 2026. A DC order: $100 + $10 shipping, 6.5% of $110 = $7.15.
    await insertOrder({
      subtotal: 10000,
      shipping: 1000,
      taxable: 11000,
      tax: 715,
      state: 'DC',
      status: 'paid',
      paidAt: '2026-10-05T15:00:00Z',
    });
    // A DC order with a 20% code: $190 - $38 + $10 shipping = $162 taxed, $10.53; total $172.53.
    // $50 refunded in October (tax back: round(5000 x 1053 / 17253) = 305 cents), the rest,
    // $122.53, in November (748 cents): 305 + 748 = 1053, all of its tax.
    const refunded = await insertOrder({
      subtotal: 19000,
      discount: 3800,
      shipping: 1000,
      taxable: 16200,
      tax: 1053,
      state: 'DC',
      status: 'refunded',
      paidAt: '2026-10-20T12:00:00Z',
      refunded: 17253,
    });
    await insertRefund(refunded, 5000, 'succeeded', '2026-10-25T09:00:00Z');
    await insertRefund(refunded, 2000, 'failed', '2026-10-26T09:00:00Z'); // never counts
    await insertRefund(refunded, 12253, 'succeeded', '2026-11-03T09:00:00Z');
    // Stripe Tax in New York: $50, $4.44 tax.
    await insertOrder({
      subtotal: 5000,
      shipping: 0,
      taxable: 5000,
      tax: 444,
      state: 'NY',
      provider: 'stripe',
      status: 'paid',
      paidAt: '2026-10-12T08:00:00Z',
    });
    // Outside October: paid at midnight UTC on November 1 ($25 taxed, $1.63), and on the last
    // second of September.
    await insertOrder({
      subtotal: 2000,
      shipping: 500,
      taxable: 2500,
      tax: 163,
      state: 'DC',
      status: 'paid',
      paidAt: '2026-11-01T00:00:00Z',
    });
    await insertOrder({
      subtotal: 3000,
      shipping: 500,
      taxable: 3500,
      tax: 228,
      state: 'DC',
      status: 'paid',
      paidAt: '2026-09-30T23:59:59Z',
    });
    // Not sales tax sales: an untaxed (Maryland) order, and a DC order never paid.
    await insertOrder({
      subtotal: 8000,
      shipping: 1000,
      taxable: 0,
      tax: 0,
      state: null,
      status: 'paid',
      paidAt: '2026-10-07T10:00:00Z',
    });
    await insertOrder({
      subtotal: 8000,
      shipping: 1000,
      taxable: 9000,
      tax: 585,
      state: 'DC',
      status: 'pending',
      paidAt: null,
    });
  });

  it('gives per state the orders paid in the month, their tax, refunds and tax reversed, then the total', async () => {
    expect(await report('2026-10')).toBe(
      csv(
        '2026-10,DC,2,272.00,17.68,50.00,3.05,14.63,0.00',
        '2026-10,NY,1,50.00,4.44,0.00,0.00,4.44,0.00',
        '2026-10,Total,3,322.00,22.12,50.00,3.05,19.07,0.00',
      ),
    );
  });

  it("counts a refund in the month it was made, even on an earlier month's order (net tax may be negative)", async () => {
    expect(await report('2026-11')).toBe(
      csv(
        '2026-11,DC,1,25.00,1.63,122.53,7.48,-5.85,0.00',
        '2026-11,Total,1,25.00,1.63,122.53,7.48,-5.85,0.00',
      ),
    );
  });

  it('has only the total for a month without taxed sales or refunds', async () => {
    expect(await report('2026-12')).toBe(csv('2026-12,Total,0,0.00,0.00,0.00,0.00,0.00,0.00'));
  });

  it('refuses a month not written YYYY-MM, and is for the signed-in admin only', async () => {
    const admin = await app.admin();
    for (const bad of ['2026-13', '2026-1', 'october', ''])
      expect((await admin.get(`/api/admin/orders/tax-report?month=${bad}`)).status, bad).toBe(400);
    expect((await admin.get('/api/admin/orders/tax-report')).status).toBe(400);
    expect((await app.client().get('/api/admin/orders/tax-report?month=2026-10')).status).toBe(401);
  });
});
