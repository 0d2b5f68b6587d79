import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/redis-server';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { startDemoLabs, type DemoLabs } from '../../src/demo/labs/demo-labs';
import { FAKE_PRODIGI_API_KEY } from '../support/fake-prodigi';

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
    const setup = await admin.json<{ demo: boolean; labs: Record<string, unknown>[] }>(
      admin.get('/api/admin/lab'),
    );
    expect(setup.demo).toBe(true);
    expect(setup.labs).toEqual([
      expect.objectContaining({
        provider: 'lumaprints',
        demo: true,
        enabled: true,
        sandbox: true,
        apiKeySet: true,
        apiSecretSet: true,
        settings: { storeId: labs.lumaprints.store.storeId },
        holdMinutes: 2,
      }),
      expect.objectContaining({
        provider: 'prodigi',
        demo: true,
        enabled: true,
        sandbox: true,
        apiKeySet: true,
        apiSecretSet: false,
        usesSecret: false,
        settings: {},
        holdMinutes: 2,
      }),
    ]);
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
    const catalog = await admin.json<{ groups: { name: string; products: { name: string }[] }[] }>(
      admin.get('/api/admin/lab/lumaprints/catalog'),
    );
    expect(catalog.groups.map((c) => c.name)).toEqual(['Canvas', 'Fine Art Paper']);
    expect(catalog.groups[1]!.products.map((s) => s.name)).toContain('Archival Matte Fine Art Paper');
    expect(
      labs.lumaprints.requests.some((r) => r.path === '/api/v1/products/categories' && r.authorized),
    ).toBe(true);
    const prodigiCatalog = await admin.json<{
      groups: { name: string; products: { name: string }[] }[];
    }>(admin.get('/api/admin/lab/prodigi/catalog'));
    expect(prodigiCatalog.groups.map((c) => c.name)).toEqual(['Fine Art Paper', 'Photo Paper', 'Canvas']);
    expect(prodigiCatalog.groups[0]!.products.map((s) => s.name)).toEqual([
      'Hahnemühle Photo Rag',
      'Enhanced Matte Art Paper',
    ]);
    expect(labs.prodigi.requests.map((r) => r.path)).toContain('/v4.0/products/GLOBAL-HPR-5X7');
  });
});

/** A buyer buys one print of the photo and pays: the order's id. */
async function buy(photo: { photoId: number; optionIds: number[] }) {
  const buyer = app.client();
  await fillCart(buyer, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
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
  return orderId;
}

describe('an order through the demo lab', () => {
  it('is sent, ships with a tracking number a second later, and the buyer is mailed it', async () => {
    const heron = await insertPhoto(app.ctx.db, {
      title: 'Heron at Dawn',
      pixels: { width: 2400, height: 3000 },
      options: [{ size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 }],
    });
    await admin.json(
      admin.put(`/api/admin/lab/products/${heron.optionIds[0]}`, {
        provider: 'lumaprints',
        productId: '103001',
        widthIn: 8,
        heightIn: 10,
      }),
    );
    const orderId = await buy(heron);
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
    // the shop order is marked shipped just before its lab order: wait for the latter
    await eventually(async () => (await labRow(orderId))?.status === 'shipped');
    expect(await labRow(orderId)).toMatchObject({ status: 'shipped', lab_order_number: sent!.orderNumber });
    const mail = await eventually(async () =>
      sink.mails.find((m) => m.subject.includes('has shipped') && m.subject.includes(`#${orderId}`)),
    );
    expect(mail.body).toContain(shipped.tracking_number);
  });

  it('Prodigi makes a print option: sent when the owner says, shipped by itself, the shop called back', async () => {
    const owl = await insertPhoto(app.ctx.db, {
      title: 'Snowy Owl',
      pixels: { width: 2400, height: 3000 },
      options: [{ size: '8x10 inch', format: 'Photo Rag', priceCents: 9000, shippingCents: 1000 }],
    });
    expect(
      await admin.json(
        admin.put(`/api/admin/lab/products/${owl.optionIds[0]}`, {
          provider: 'prodigi',
          productId: '1001',
          widthIn: 8,
          heightIn: 10,
        }),
      ),
    ).toMatchObject({
      provider: 'prodigi',
      productName: 'Hahnemühle Photo Rag',
      labCost: 13.2, // the double's Photo Rag 8x10: $6 + 80 sq in at $0.09
      labShipping: 5.95, // its cheapest method (Budget) for one print
    });
    const orderId = await buy(owl);
    await eventually(async () => (await labRow(orderId))?.status === 'held');
    expect((await labRow(orderId)).provider).toBe('prodigi');
    await admin.json(admin.post(`/api/admin/orders/${orderId}/lab/send`));
    const sent = await eventually(async () =>
      [...labs.prodigi.orders.values()].find((o) => o.merchantReference === String(orderId)),
    );
    expect(sent.items.map((i) => [i.sku, i.copies])).toEqual([['GLOBAL-HPR-8X10', 1]]);
    expect(sent.callbackUrl).toMatch(new RegExp(`^${publicUrl}/api/webhooks/lab/prodigi/[\\w-]{40,}$`));

    // a second later the double ships it and calls the shop back; the shop reads it back
    await eventually(async () => (await orderRow(orderId)).fulfillment_status === 'shipped');
    const callback = labs.prodigi.callbacks.find((c) => c.event.subject === sent.id);
    expect(callback).toMatchObject({ url: sent.callbackUrl, status: 200 });
    const shipped = await orderRow(orderId);
    const tracking = labs.prodigi.orders.get(sent.id)!.shipments[0]!.tracking!.number;
    expect(shipped).toMatchObject({ shipping_carrier: 'FedEx', tracking_number: tracking });
    await eventually(async () => (await labRow(orderId))?.status === 'shipped');
    expect(await labRow(orderId)).toMatchObject({ status: 'shipped', lab_order_number: sent.id });
    const mail = await eventually(async () =>
      sink.mails.find((m) => m.subject.includes('has shipped') && m.subject.includes(`#${orderId}`)),
    );
    expect(mail.body).toContain(tracking);
  });
});
