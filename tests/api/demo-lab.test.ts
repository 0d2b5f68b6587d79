import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/redis-server';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { startDemoLabs, type DemoLabs } from '../../src/demo/labs/demo-labs';
import { FAKE_PRODIGI_API_KEY } from '../support/fake-prodigi';
import { labProviders } from '../../src/modules/fulfillment';

// Issue 39, a lab to try: with LAB_DEMO the API runs both labs' doubles in-process on the shop's
// own address, sets the labs up with their keys, and a paid order goes out after the hold and
// comes back shipped with a tracking number, without an account. The start is what `npm start`
// does (bootstrap's prepare calls startDemoLabs); the ship delay is shortened to a second.

let app: TestApp;
let labs: DemoLabs;
let admin: HttpClient;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let publicUrl: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  // the doubles answer on the shop's public address, which the workers call as they would a lab
  publicUrl = `http://127.0.0.1:${await freePort()}`;
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
});
afterAll(async () => {
  await app?.close();
  await labs?.lumaprints.close();
  await labs?.prodigi.close();
  await sink?.close();
});

const orderRow = (orderId: number) => app.ctx.db('orders').where({ id: orderId }).first();
const labRow = (orderId: number) => app.ctx.db('lab_orders').where({ order_id: orderId }).first();
/** Prodigi as the shop connects it: the key the demo set up, the address the config gives. */
const prodigi = () =>
  labProviders.prodigi.connect(
    {
      apiKey: FAKE_PRODIGI_API_KEY,
      apiSecret: '',
      baseUrl: labProviders.prodigi.baseUrl(true, app.ctx.config),
    },
    {},
  );

describe('the demo labs', () => {
  it("answer on the shop's own address, where both labs point", async () => {
    expect(app.ctx.config.LUMAPRINTS_API_BASE).toBe(`${publicUrl}/demo-labs/lumaprints`);
    expect(app.ctx.config.PRODIGI_API_BASE).toBe(`${publicUrl}/demo-labs/prodigi/v4.0`);
    const res = await fetch(`${publicUrl}/demo-labs/prodigi/v4.0/products/GLOBAL-HPR-8X10`, {
      headers: { 'x-api-key': FAKE_PRODIGI_API_KEY },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ product: { sku: 'GLOBAL-HPR-8X10' } });
    expect((await fetch(`${publicUrl}/demo-labs/lumaprints/api/v1/stores`)).status).toBe(401);
  });

  it("set both labs up with the doubles' keys: enabled, sandbox, a 2-minute hold; the owner's own are kept", async () => {
    const view = await admin.json<Record<string, unknown>>(admin.get('/api/admin/lab'));
    expect(view).toMatchObject({
      enabled: true,
      sandbox: true,
      apiKeySet: true,
      apiSecretSet: true,
      storeId: labs.lumaprints.store.storeId,
      holdMinutes: 2,
    });
    const rows = await app.ctx.db('lab_settings').orderBy('provider');
    expect(rows.map((r) => [r.provider, r.enabled, !!r.api_key_encrypted, !!r.api_secret_encrypted])).toEqual(
      [
        ['lumaprints', true, true, true],
        // Prodigi takes a key only
        ['prodigi', true, true, false],
      ],
    );
    expect(JSON.stringify(rows)).not.toContain(FAKE_PRODIGI_API_KEY);
    // the owner changes her hold; a restart sets nothing up again over her settings
    await app.ctx.db('lab_settings').where({ provider: 'lumaprints' }).update({ hold_minutes: 30 });
    const again = await startDemoLabs(app.ctx, app.modules);
    expect(again).toBe(labs);
    expect((await app.ctx.db('lab_settings').where({ provider: 'lumaprints' }).first()).hold_minutes).toBe(
      30,
    );
    await app.ctx.db('lab_settings').where({ provider: 'lumaprints' }).update({ hold_minutes: 2 });
  });

  it("list both labs' products from the doubles", async () => {
    const catalog = await admin.json<{ categories: { name: string; subcategories: { name: string }[] }[] }>(
      admin.get('/api/admin/lab/catalog'),
    );
    expect(catalog.categories.map((c) => c.name)).toEqual(['Canvas', 'Fine Art Paper']);
    expect(catalog.categories[1]!.subcategories.map((s) => s.name)).toContain(
      'Archival Matte Fine Art Paper',
    );
    expect(
      labs.lumaprints.requests.some((r) => r.path === '/api/v1/products/categories' && r.authorized),
    ).toBe(true);
    const fineArt = await prodigi().subcategories(1);
    expect(fineArt.map((s) => s.name)).toEqual(['Hahnemühle Photo Rag', 'Enhanced Matte Art Paper']);
    const cost = await prodigi().productCost({
      ref: { subcategoryId: 1001, optionIds: [] },
      widthIn: 10,
      heightIn: 8,
    });
    expect(cost).toBe(1320); // the double's Photo Rag 8x10: $6 + 80 sq in at $0.09
    expect(labs.prodigi.requests.map((r) => r.path)).toContain('/v4.0/products/GLOBAL-HPR-5X7');
  });
});

describe('an order through the demo lab', () => {
  it('is sent, ships with a tracking number a second later, and the buyer is mailed it', async () => {
    const heron = await insertPhoto(app.ctx.db, {
      title: 'Heron at Dawn',
      pixels: { width: 2400, height: 3000 },
      options: [{ size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 }],
    });
    await admin.json(
      admin.put(`/api/admin/lab/products/${heron.optionIds[0]}`, {
        subcategoryId: 103001,
        widthIn: 8,
        heightIn: 10,
      }),
    );
    const buyer = app.client();
    await fillCart(buyer, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
    const address = {
      line1: '1100 4th Street SW',
      line2: 'Apt 2',
      city: 'Washington',
      state: 'DC',
      zip: '20024',
    };
    const quote = await buyer.json<{ total: number }>(
      buyer.post('/api/checkout/quote', { address: { state: 'DC' } }),
    );
    const { orderId, total } = await buyer.json<{ orderId: number; total: number }>(
      buyer.post('/api/checkout', {
        ...customer,
        customerName: 'Rachel Carson',
        address,
        totalAmount: quote.total,
      }),
      201,
    );
    const { clientSecret } = await buyer.json<{ clientSecret: string }>(
      buyer.post('/api/create-payment-intent', { orderId, amount: total }),
    );
    await buyer.json(buyer.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    // held for the demo's 2 minutes; the owner sends it now
    await eventually(async () => (await labRow(orderId))?.status === 'held');
    await admin.json(admin.post(`/api/admin/orders/${orderId}/lab/send`));
    await eventually(async () => (await labRow(orderId))?.status === 'sent');
    const [sent] = [...labs.lumaprints.orders.values()].filter((o) => o.externalId === String(orderId));
    expect(sent).toBeDefined();
    // the demo lab fetched the file from the shop, as the lab does
    expect(labs.lumaprints.imageFetches.some((f) => f.status === 200)).toBe(true);

    // a second later the double ships it and calls the webhook; the shop reads it back
    await eventually(async () => (await orderRow(orderId)).fulfillment_status === 'shipped');
    const shipped = await orderRow(orderId);
    expect(shipped).toMatchObject({
      shipping_carrier: 'UPS',
      tracking_number: expect.stringMatching(/^1Z999AA1\d{10}$/),
    });
    expect(await labRow(orderId)).toMatchObject({ status: 'shipped', lab_order_number: sent!.orderNumber });
    const mail = await eventually(async () =>
      sink.mails.find((m) => m.subject.includes('has shipped') && m.subject.includes(`#${orderId}`)),
    );
    expect(mail.body).toContain(shipped.tracking_number);
  });

  it('Prodigi takes an order and ships it by itself, calling the shop back', async () => {
    const { orderNumber } = await prodigi().createOrder({
      externalId: 'demo-prodigi-1',
      shippingMethod: 'default',
      productionTime: 'regular',
      recipient: {
        firstName: 'Rachel',
        lastName: 'Carson',
        addressLine1: '1100 4th Street SW',
        addressLine2: null,
        city: 'Washington',
        state: 'DC',
        zipCode: '20024',
        phone: null,
      },
      items: [
        {
          ref: { subcategoryId: 3001, optionIds: [] },
          widthIn: 16,
          heightIn: 20,
          quantity: 1,
          externalItemId: '1',
          imageUrl: `${publicUrl}/api/photos/1/image`,
        },
      ],
    });
    expect((await prodigi().order(orderNumber)).status).toBe('InProgress');
    const state = await eventually(async () => {
      const s = await prodigi().order(orderNumber);
      return s.shipments.length > 0 && s;
    });
    expect(state).toMatchObject({
      status: 'Complete',
      shipments: [{ trackingNumber: expect.stringMatching(/^\d{12}$/) }],
    });
    // the callback went to the shop's Prodigi address (the account's callback the demo set up)
    const callback = await eventually(async () =>
      labs.prodigi.callbacks.find((c) => c.event.subject === orderNumber),
    );
    expect(callback.url).toMatch(new RegExp(`^${publicUrl}/api/webhooks/lab/prodigi/[\\w-]{40,}$`));
    expect(await prodigi().findByExternalId('demo-prodigi-1', new Date(Date.now() - 3_600_000))).toEqual({
      orderNumber,
    });
  });
});
