import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/redis-server';
import { customer, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { startDemoLabs, type DemoLabs } from '../../src/demo/labs/demo-labs';
import type { Cart, OrderDetail } from '../../src/contract';

// Issue 46, the buying path of licences: the cart holds prints and licences together; an order of
// licences only asks no address and charges no shipping, names the licensee, and is taxed only on
// its taxable licences for the state the buyer gives; a mixed order sends only its prints to the
// lab (here the demo lab, paid with the test payments).

let app: TestApp;
let labs: DemoLabs;
let admin: HttpClient;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let heron: { photoId: number; optionIds: number[] };
const ids = { personal: 0, editorial: 0, commercial: 0, web: 0, full: 0 };

beforeAll(async () => {
  sink = await startSmtpSink();
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  app = await createTestApp({
    LAB_DEMO: 'true',
    LAB_DEMO_SHIP_SECONDS: '1',
    PUBLIC_URL: publicUrl,
    SMTP_URL: sink.url,
    OWNER_EMAIL: 'owner@wildframe.example',
  });
  labs = await startDemoLabs(app.ctx, app.modules);
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    pixels: { width: 2400, height: 3000 },
    options: [{ size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 }],
  });
  const db = app.ctx.db;
  for (const slug of ['personal', 'editorial', 'commercial'] as const)
    ids[slug] = (await db('licences').where({ slug }).first('id')).id;
  ids.web = (await db('download_sizes').where({ label: 'Web, 2048 px' }).first('id')).id;
  ids.full = (await db('download_sizes').where({ label: 'Full resolution' }).first('id')).id;
  // DC collects 6.5 %; Personal is not taxable here (the owner's choice for digital goods)
  await admin.json(
    admin.put('/api/admin/tax', {
      provider: 'manual',
      states: [{ state: 'DC', rate: '6.5', shippingTaxed: true }],
    }),
  );
  await db('licences').where({ id: ids.personal }).update({ taxable: false });
});
afterAll(async () => {
  await app?.close();
  await labs?.lumaprints.close();
  await labs?.prodigi.close();
  await sink?.close();
});

const addLicence = (c: HttpClient, licenceId: number, sizeId: number, photoId = heron.photoId) =>
  c.post('/api/cart/licences', { photoId, licenceId, sizeId });
const counts = async () => ({
  orders: Number((await app.ctx.db('orders').count({ n: '*' }).first())!.n),
  lines: Number((await app.ctx.db('order_line_items').count({ n: '*' }).first())!.n),
});
const dc = { line1: '1100 4th Street SW', city: 'Washington', state: 'DC', zip: '20024' };

async function pay(c: HttpClient, orderId: number, amount: number) {
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
}

describe('licences in the cart', () => {
  it('adds a licence line once, sums it without shipping, refuses its quantity, removes it', async () => {
    const c = app.client();
    const first = await c.json<Cart>(addLicence(c, ids.editorial, ids.web), 201);
    const again = await c.json<Cart>(addLicence(c, ids.editorial, ids.web), 201);
    expect(again.licences).toHaveLength(1);
    expect(again.licences[0]).toMatchObject({
      id: first.licences[0]!.id,
      photoId: heron.photoId,
      photo: { id: heron.photoId, title: 'Heron at Dawn' },
      licence: { id: ids.editorial, slug: 'editorial', name: 'Editorial' },
      size: { id: ids.web, label: 'Web, 2048 px' },
      price: 75,
    });
    const withPrint = await c.json<Cart>(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 }),
      201,
    );
    expect(withPrint).toMatchObject({ count: 2, subtotal: 75 + 190, shipping: 10, total: 275 });
    expect(withPrint.items).toHaveLength(1);

    const lineId = first.licences[0]!.id;
    const refused = await c.json<{ message: string }>(c.put(`/api/cart/${lineId}`, { quantity: 3 }), 400);
    expect(refused.message).toBe('A licence is bought once.');
    expect((await app.ctx.db('cart_items').where({ id: lineId }).first()).quantity).toBe(1);

    const removed = await c.json<Cart>(c.delete(`/api/cart/${lineId}`));
    expect(removed).toMatchObject({ count: 1, licences: [], subtotal: 190 });
  });

  it('refuses an ask-me licence (409), a pair not sold and bad input (400), storing nothing', async () => {
    const c = app.client();
    const askMe = await c.json<{ message: string }>(addLicence(c, ids.commercial, ids.web), 409);
    expect(askMe.message).toBe('This licence is sold on request: write to me through the contact page.');
    await app.ctx
      .db('licence_prices')
      .where({ licence_id: ids.personal, download_size_id: ids.full })
      .delete();
    const notSold = await c.json<{ message: string }>(addLicence(c, ids.personal, ids.full), 400);
    expect(notSold.message).toBe('That licence is not offered for this photo in that size.');
    expect((await addLicence(c, ids.personal, ids.web, 999_999)).status).toBe(400);
    const long = await c.post('/api/cart/licences', {
      photoId: '1'.repeat(2000),
      licenceId: ids.personal,
      sizeId: ids.web,
    });
    expect(long.status).toBe(400);
    expect((await c.post('/api/cart/licences', { photoId: heron.photoId, licenceId: 'x' })).status).toBe(400);
    expect((await c.json<Cart>(c.get('/api/cart'))).count).toBe(0);
  });

  it('drops a licence no longer sold, as an unavailable print option', async () => {
    const c = app.client();
    await c.json(addLicence(c, ids.editorial, ids.full), 201);
    await app.ctx.db('photo_licence_prices').insert({
      photo_id: heron.photoId,
      licence_id: ids.editorial,
      download_size_id: ids.full,
      price_cents: null,
    });
    expect((await c.json<Cart>(c.get('/api/cart'))).licences).toEqual([]);
    await app.ctx.db('photo_licence_prices').where({ photo_id: heron.photoId }).delete();
  });
});

describe('an order of licences only', () => {
  it('asks no address, charges no shipping, stores the licensee and taxes only the taxable licence', async () => {
    const c = app.client();
    await c.json(addLicence(c, ids.editorial, ids.web), 201); // $75, taxable
    await c.json(addLicence(c, ids.personal, ids.web), 201); // $15, not taxable
    const quote = await c.json<{ total: number; tax: number; shipping: number; taxCollected: boolean }>(
      c.post('/api/checkout/quote', { address: { state: 'DC', zip: '20024' } }),
    );
    // 6.5 % of $75 = $4.88 (4.875 rounded); the $15 Personal licence is not taxed
    expect(quote).toMatchObject({ shipping: 0, tax: 4.88, total: 94.88, taxCollected: true });

    const before = await counts();
    const base = { customerName: 'Rachel Carson', customerEmail: 'rachel@example.com', totalAmount: 94.88 };
    // no licensee: refused, nothing stored
    const noLicensee = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', { ...base, taxLocation: { state: 'DC', zip: '20024' } }),
      400,
    );
    // neither an address nor a licensee: the spec's address message (no order can be placed)
    expect(noLicensee.errors).toEqual({ shippingAddress: 'Please enter your complete shipping address' });
    const emptyName = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', {
        ...base,
        licensee: { kind: 'person', name: ' ' },
        taxLocation: { state: 'DC', zip: '20024' },
      }),
      400,
    );
    expect(emptyName.errors['licensee.name']).toBe(
      'Enter who the licence is for: your name or your organisation',
    );
    // the shop collects tax: the buyer's state is needed
    const noPlace = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', { ...base, licensee: { kind: 'person', name: 'Rachel Carson' } }),
      400,
    );
    expect(noPlace.errors).toEqual({ 'taxLocation.state': 'Please choose a US state or territory' });
    expect(await counts()).toEqual(before);

    const placed = await c.json<{ orderId: number; total: number; shipping: number; tax: number }>(
      c.post('/api/checkout', {
        ...base,
        licensee: { kind: 'organisation', name: 'Friends of the Refuge' },
        taxLocation: { state: 'DC', zip: '20024' },
      }),
      201,
    );
    expect(placed).toMatchObject({ total: 94.88, shipping: 0, tax: 4.88 });
    const order = await app.ctx.db('orders').where({ id: placed.orderId }).first();
    expect(order).toMatchObject({
      shipping_address: '',
      address_line1: null,
      address_state: 'DC',
      address_zip: '20024',
      shipping_cents: 0,
      subtotal_cents: 9000,
      tax_cents: 488,
      taxable_cents: 7500,
      licensee_name: 'Friends of the Refuge',
      licensee_kind: 'organisation',
    });
    const lines = await app.ctx.db('order_line_items').where({ order_id: placed.orderId }).orderBy('id');
    expect(lines).toMatchObject([
      {
        kind: 'licence',
        print_option_id: null,
        licence_id: ids.editorial,
        download_size_id: ids.web,
        quantity: 1,
        price_cents: 7500,
        shipping_cents: 0,
        taxable: true,
        size: 'Web, 2048 px',
        format: 'Editorial',
      },
      { kind: 'licence', licence_id: ids.personal, price_cents: 1500, taxable: false, format: 'Personal' },
    ]);

    await pay(c, placed.orderId, placed.total);
    // paid: nothing to ship, so it reads fulfilled; no lab order
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: placed.orderId }).first()).status === 'paid',
    );
    const paid = await app.ctx.db('orders').where({ id: placed.orderId }).first();
    expect(paid.fulfillment_status).toBe('completed');
    expect(await app.ctx.db('lab_orders').where({ order_id: placed.orderId }).first()).toBeUndefined();

    const detail = await admin.json<OrderDetail>(admin.get(`/api/admin/orders/${placed.orderId}`));
    expect(detail.order.licensee).toEqual({ kind: 'organisation', name: 'Friends of the Refuge' });
    expect(detail.lineItems.map((l) => [l.kind, l.itemOption?.format, l.shippingAtPurchase])).toEqual([
      ['licence', 'Editorial', 0],
      ['licence', 'Personal', 0],
    ]);
    const mail = await eventually(async () =>
      sink.mails.find((m) => m.to.includes('rachel@example.com') && m.subject.includes(`#${placed.orderId}`)),
    );
    expect(mail.body).toContain('Editorial licence \u00b7 Web, 2048 px');
    expect(mail.body).not.toContain('Shipping address');
    expect(mail.body).toContain('Licence for: Friends of the Refuge');

    const csv = await (await admin.get('/api/admin/orders.csv')).text();
    const row = csv.split('\r\n').find((r) => r.startsWith(`${placed.orderId},`))!;
    expect(row).toContain('1 x Heron at Dawn (Editorial licence, Web, 2048 px)');
    expect(row.endsWith(',2,Friends of the Refuge (organisation)')).toBe(true);
  });
});

describe('an order of prints and licences', () => {
  it('needs the address, sends only the print to the demo lab, and the licence stays out of editions', async () => {
    await admin.json(
      admin.put(`/api/admin/lab/products/${heron.optionIds[0]}`, {
        provider: 'lumaprints',
        productId: '103001',
        widthIn: 8,
        heightIn: 10,
      }),
    );
    // the photo's prints are a limited edition: its numbers go to prints only
    await app.ctx.db('editions').insert({ photo_id: heron.photoId, size: 10 });
    const c = app.client();
    await c.json(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    await c.json(addLicence(c, ids.editorial, ids.web), 201);
    const licensee = { kind: 'person', name: 'Rachel Carson' };
    const before = await counts();
    // a mixed order still needs the address
    const noAddress = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', { ...customer, shippingAddress: undefined, licensee, totalAmount: 180 }),
      400,
    );
    expect(noAddress.errors).toEqual({ shippingAddress: 'Please enter your complete shipping address' });
    // and the licensee
    const noLicensee = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', { ...customer, address: dc, totalAmount: 180 }),
      400,
    );
    expect(noLicensee.errors).toEqual({
      'licensee.name': 'Enter who the licence is for: your name or your organisation',
    });
    expect(await counts()).toEqual(before);

    const quote = await c.json<{ total: number; tax: number; shipping: number }>(
      c.post('/api/checkout/quote', { address: { state: 'DC' } }),
    );
    // $95 + $75, $10 shipping; 6.5 % of 180 = 11.70
    expect(quote).toMatchObject({ shipping: 10, tax: 11.7, total: 191.7 });
    const placed = await c.json<{ orderId: number; total: number }>(
      c.post('/api/checkout', { ...customer, address: dc, licensee, totalAmount: quote.total }),
      201,
    );
    await pay(c, placed.orderId, placed.total);
    await eventually(
      async () =>
        (await app.ctx.db('lab_orders').where({ order_id: placed.orderId }).first())?.status === 'held',
    );
    await admin.json(admin.post(`/api/admin/orders/${placed.orderId}/lab/send`));
    await eventually(
      async () =>
        (await app.ctx.db('lab_orders').where({ order_id: placed.orderId }).first())?.status === 'sent',
    );
    const [sent] = [...labs.lumaprints.orders.values()].filter(
      (o) => o.externalId === String(placed.orderId),
    );
    expect((sent!.received.orderItems as unknown[]).length).toBe(1);
    // the order is not fulfilled by its payment: the print is still to ship
    expect((await app.ctx.db('orders').where({ id: placed.orderId }).first()).fulfillment_status).not.toBe(
      'completed',
    );
    const printLine = await app.ctx
      .db('order_line_items')
      .where({ order_id: placed.orderId, kind: 'print' })
      .first();
    const numbers = await app.ctx.db('edition_numbers').where({ order_id: placed.orderId });
    expect(numbers.map((n) => [n.order_line_id, n.number])).toEqual([[printLine.id, 1]]);
  });
});
