import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, placeOrder, testCard } from '../support/shop-data';

// An order with a promotion code and DC sales tax shows the same discount and tax, to the cent,
// everywhere it is drawn: the admin's detail, the buyer's page (JSON and server-rendered), the CSV,
// the buyer's confirmation and the owner's new-order e-mail (text and HTML). The rendered page
// needs `npm run build` (as `npm test` does). The order is placed
// through checkout, then given its code and tax on the row (as checkout stores them), then paid.
//
// 2 x $95 = $190 subtotal; SPRING20 (20% off) takes $38; shipping $10; DC 6.5% on $152 + $10
// shipping (taxed in DC) = $162 -> $10.53; total $190 - $38 + $10 + $10.53 = $172.53.

const built = existsSync(path.resolve('dist/server/entry-server.js'));
const OWNER = 'owner@wildframe.example';

let app: TestApp;
let sink: SmtpSink;
let heron: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
  await app.startWorkers();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // $95 + $10 shipping
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

const item = () => ({ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 });

/** Places an order, stores the given money on it (as checkout does), pays it with the test card. */
async function paidOrder(
  money: Record<string, string | number | null>,
  totalCents: number,
  address = customer.shippingAddress,
) {
  const c = app.client();
  const { orderId } = await placeOrder(c, [item()], 200, { shippingAddress: address });
  await app.ctx
    .db('orders')
    .where({ id: orderId })
    .update({ ...money, total_cents: totalCents });
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: totalCents / 100 }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await app.ctx.db('orders').where({ id: orderId }).first()).status === 'paid');
  await eventually(async () => sink.mails.filter((m) => m.subject.includes(`#${orderId}`)).length === 2);
  const { status_token: token } = await app.ctx.db('orders').where({ id: orderId }).first();
  return { orderId, token: token as string };
}

const discountedDcOrder = {
  promotion_code: 'SPRING20',
  promotion_summary: '20% off',
  discount_cents: 3800,
  tax_cents: 1053,
  taxable_cents: 16200,
  tax_state: 'DC',
  tax_rate: 6.5,
  tax_provider: 'manual',
};
const noDiscountNoTax = {
  promotion_code: null,
  promotion_summary: null,
  discount_cents: 0,
  tax_cents: 0,
  taxable_cents: 0,
  tax_state: null,
  tax_rate: null,
  tax_provider: null,
};

const mailsOf = (orderId: number) => {
  const mails = sink.mails.filter((m) => m.subject.includes(`#${orderId}`));
  const parts = (to: string) => {
    const mail = mails.find((m) => m.to.includes(to))!;
    const [text, html] = mail.body.replace(/\r\n/g, '\n').split(/Content-Type: text\/html/i);
    return { text, html };
  };
  return { buyer: parts(customer.customerEmail), owner: parts(OWNER) };
};
/** The HTML's words in order, tags and spacing gone. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('an order with a promotion code and sales tax', () => {
  let orderId: number;
  let token: string;
  beforeAll(async () => {
    ({ orderId, token } = await paidOrder(discountedDcOrder, 17253));
  });

  it("shows the discount, the code and the tax line in the admin's order detail", async () => {
    const admin = await app.admin();
    const { order } = await admin.json<{ order: Record<string, unknown> }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(order.money).toEqual({
      subtotal: 190,
      discount: 38,
      shipping: 10,
      tax: 10.53,
      total: 172.53,
      refunded: 0,
      net: 172.53,
    });
    expect(order.totalAmount).toBe(172.53);
    expect(order.promotion).toEqual({ code: 'SPRING20', summary: '20% off' });
    expect(order.taxLine).toEqual({ state: 'DC', rate: '6.5', label: 'Tax (DC 6.5%)' });
  });

  it("shows them on the buyer's order page", async () => {
    const view = await app
      .client()
      .json<Record<string, unknown>>(app.client().get(`/api/orders/by-token/${token}`));
    expect(view).toMatchObject({
      subtotal: 190,
      discount: 38,
      shipping: 10,
      tax: 10.53,
      total: 172.53,
      promotion: { code: 'SPRING20', summary: '20% off' },
      taxLine: { state: 'DC', rate: '6.5', label: 'Tax (DC 6.5%)' },
    });
  });

  it("draws them in the buyer's server-rendered page, between the subtotal and the total", async () => {
    expect(built, 'run npm run build').toBe(true);
    const res = await app.client().get(`/orders/${token}`, { accept: 'text/html' });
    expect(res.status).toBe(200);
    const page = await res.text();
    const root = page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));
    expect(words(root)).toContain(
      'Subtotal $190.00 Discount (SPRING20) \u2212$38.00 Shipping $10.00 Tax (DC 6.5%) $10.53 Total $172.53',
    );
  });

  it('adds the promotion code, discount, tax and tax state at the end of its CSV row', async () => {
    const admin = await app.admin();
    const csv = (await (await admin.get('/api/admin/orders.csv')).text()).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header.endsWith(',State,ZIP,Promotion code,Discount,Tax,Tax state,Licences,Licensee')).toBe(true);
    const row = rows.find((r) => r.startsWith(`${orderId},`))!;
    expect(row).toContain(',190.00,10.00,172.53,paid,');
    expect(row.endsWith(',SPRING20,38.00,10.53,DC,0,')).toBe(true);
  });

  it("puts the discount and the tax line between shipping and total in both e-mails' text", async () => {
    const { buyer, owner } = mailsOf(orderId);
    const totals = [
      'Subtotal: $190.00',
      'Discount (SPRING20): \u2212$38.00',
      'Shipping: $10.00',
      'Tax (DC 6.5%): $10.53',
      'Total: $172.53',
    ].join('\n');
    expect(buyer.text).toContain(totals);
    expect(owner.text).toContain(totals);
    expect(owner.text).toContain(`New order #${orderId}: $172.53`);
  });

  it("and in both e-mails' HTML", async () => {
    const { buyer, owner } = mailsOf(orderId);
    const totals =
      'Subtotal $190.00 Discount (SPRING20) \u2212$38.00 Shipping $10.00 Tax (DC 6.5%) $10.53 Total $172.53';
    expect(words(buyer.html)).toContain(totals);
    expect(words(owner.html)).toContain(totals);
  });
});

describe('an order without a code or tax', () => {
  it('keeps its totals as before: no discount or tax line, empty CSV cells', async () => {
    const { orderId } = await paidOrder(noDiscountNoTax, 20000, '1 Main St\nBaltimore, MD 21201');
    const { buyer } = mailsOf(orderId);
    expect(buyer.text).toContain('Subtotal: $190.00\nShipping: $10.00\nTotal: $200.00');
    expect(words(buyer.html)).toContain('Subtotal $190.00 Shipping $10.00 Total $200.00');
    expect(buyer.text).not.toMatch(/Discount|Tax/);

    const admin = await app.admin();
    const { order } = await admin.json<{ order: Record<string, unknown> }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(order).toMatchObject({
      promotion: null,
      taxLine: null,
      money: { discount: 0, tax: 0, total: 200 },
    });
    const csv = await (await admin.get('/api/admin/orders.csv')).text();
    const row = csv.split('\r\n').find((r) => r.startsWith(`${orderId},`))!;
    expect(row.endsWith(',,0.00,0.00,,0,')).toBe(true);
  });

  it('shows a free-shipping code as a discount with shipping still shown', async () => {
    const { orderId } = await paidOrder(
      {
        ...noDiscountNoTax,
        promotion_code: 'SHIPFREE',
        promotion_summary: 'Free shipping',
        discount_cents: 1000,
      },
      19000,
      '1 Main St\nBaltimore, MD 21201',
    );
    const { buyer } = mailsOf(orderId);
    expect(buyer.text).toContain(
      'Subtotal: $190.00\nDiscount (SHIPFREE): \u2212$10.00\nShipping: $10.00\nTotal: $190.00',
    );
  });
});
