import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeLumaprints, type FakeLumaprints } from '../support/fake-lumaprints';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/redis-server';
import { customer, fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 26: paid orders go to a print lab (Lumaprints, here its local double) once, after the
// owner's hold, with the address in parts and the originals behind signed, expiring addresses;
// shipments come back by the lab's webhook (only a prompt: the order is re-read) or by polling.
// Issue 39: the routes per lab, lab orders per lab with their lines; tests/api/lab-sends.test.ts
// has the exactly-once, outage, review and two-lab cases.

let app: TestApp;
let lab: FakeLumaprints;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
let owl: { photoId: number; optionIds: number[] };
const OWNER = 'owner@wildframe.example';

beforeAll(async () => {
  lab = await startFakeLumaprints();
  sink = await startSmtpSink();
  // the lab fetches originals and posts webhooks to the shop's public address
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  app = await createTestApp({
    LUMAPRINTS_API_BASE: lab.url,
    SMTP_URL: sink.url,
    OWNER_EMAIL: OWNER,
    PUBLIC_URL: publicUrl,
  });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    // 12 x 16 inches at 200 ppi (the canvas's required DPI): every lab size of it is offered
    pixels: { width: 2400, height: 3200 },
    options: [
      { size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 },
      { size: '12x16 inch', format: 'Canvas', priceCents: 18000, shippingCents: 1500 },
    ],
  });
  owl = await insertPhoto(app.ctx.db, {
    title: 'Snowy Owl',
    options: [{ size: '5x7 inch', format: 'Lustre Paper', priceCents: 4000, shippingCents: 500 }],
  });
  await saveSettings({ holdMinutes: 0 });
  await admin.json(
    admin.put(`/api/admin/lab/products/${heron.optionIds[0]}`, {
      provider: 'lumaprints',
      productId: '103001',
      widthIn: 8,
      heightIn: 10,
    }),
  );
  await admin.json(
    admin.put(`/api/admin/lab/products/${heron.optionIds[1]}`, {
      provider: 'lumaprints',
      productId: '101001',
      widthIn: 12,
      heightIn: 16,
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await lab?.close();
  await sink?.close();
});

const dc = { line1: '1100 4th Street SW', line2: 'Apt 2', city: 'Washington', state: 'DC', zip: '20024' };
const labRow = (orderId: number) => app.ctx.db('lab_orders').where({ order_id: orderId }).first();
const orderRow = (orderId: number) => app.ctx.db('orders').where({ id: orderId }).first();
const send = (orderId: number) => app.modules.fulfillment.service.send({ orderId, provider: 'lumaprints' });
const labOrdersFor = (orderId: number) =>
  [...lab.orders.values()].filter((o) => o.externalId === String(orderId));

function saveSettings(overrides: Record<string, unknown> = {}) {
  return admin.json(
    admin.put('/api/admin/lab/lumaprints', {
      enabled: true,
      sandbox: true,
      apiKey: lab.credentials.apiKey,
      apiSecret: lab.credentials.apiSecret,
      settings: { storeId: lab.store.storeId },
      shippingMethod: 'default',
      productionTime: 'regular',
      holdMinutes: 60,
      minMarginPercent: 30,
      ...overrides,
    }),
  );
}

/** A buyer pays an order with both lab prints and one the owner ships herself. */
async function paidMixedOrder(address = dc, name = 'Rachel Carson') {
  const c = app.client();
  await fillCart(c, [
    { photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 2 },
    { photoId: heron.photoId, printOptionId: heron.optionIds[1]!, quantity: 1 },
    { photoId: owl.photoId, printOptionId: owl.optionIds[0]!, quantity: 1 },
  ]);
  const quote = await c.json<{ total: number }>(
    c.post('/api/checkout/quote', { address: { state: address.state } }),
  );
  const { orderId, total } = await c.json<{ orderId: number; total: number }>(
    c.post('/api/checkout', { ...customer, customerName: name, address, totalAmount: quote.total }),
    201,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await orderRow(orderId)).status === 'paid');
  return orderId;
}

describe('settings', () => {
  it('keeps the key and secret encrypted and never answers them', async () => {
    const view = await admin.json<{ demo: boolean; labs: Record<string, unknown>[] }>(
      admin.get('/api/admin/lab'),
    );
    expect(view.demo).toBe(false);
    expect(view.labs.map((l) => l.provider)).toEqual(['lumaprints', 'prodigi']);
    expect(view.labs[0]).toMatchObject({
      provider: 'lumaprints',
      name: 'Lumaprints',
      demo: false,
      enabled: true,
      apiKeySet: true,
      apiSecretSet: true,
      usesSecret: true,
      settings: { storeId: lab.store.storeId },
      settingFields: [expect.objectContaining({ key: 'storeId', label: 'Store' })],
      reviewBeforeSending: false,
    });
    expect(JSON.stringify(view)).not.toContain(lab.credentials.apiKey);
    const row = await app.ctx.db('lab_settings').first();
    expect(JSON.stringify(row)).not.toContain(lab.credentials.apiSecret);
    expect(
      await admin.json(admin.post('/api/admin/lab/lumaprints/test-connection', { sandbox: true })),
    ).toEqual({
      ok: true,
      message: 'Connected to Lumaprints (its sandbox): one store. Choose the store orders go to.',
      choices: {
        storeId: [{ id: lab.store.storeId, name: `${lab.store.storeName} (#${lab.store.storeId})` }],
      },
    });
    // the shipping webhook was registered with the lab
    expect(lab.registeredWebhooks.at(-1)?.url).toMatch(/\/api\/webhooks\/lab\/lumaprints\/[\w-]{40,}$/);
  });

  it('shows the lab cost and margin of a mapped option', async () => {
    const { products } = await admin.json<{ products: Record<string, unknown>[] }>(
      admin.get('/api/admin/lab/products'),
    );
    expect(products).toHaveLength(2);
    expect(products[0]).toMatchObject({
      printOptionId: heron.optionIds[0],
      provider: 'lumaprints',
      productName: 'Archival Matte Fine Art Paper',
    });
    expect(products[0]!.labCost).toEqual(expect.any(Number));
    expect(products[0]!.margin).toEqual(expect.any(Number));
    // the same paper and size as the option's: no warning
    expect(products[0]!.mismatch).toBeNull();
  });

  it('warns when the lab product is another paper or size than the print option (issue 51)', async () => {
    const kite = await insertPhoto(app.ctx.db, {
      title: 'Kite',
      pixels: { width: 3600, height: 2400 },
      options: [{ size: '12x18', format: 'Lustre Paper', priceCents: 8500, shippingCents: 1000 }],
    });
    const id = kite.optionIds[0]!;
    const map = (widthIn: number, heightIn: number) =>
      admin.json<Record<string, unknown>>(
        admin.put(`/api/admin/lab/products/${id}`, {
          provider: 'lumaprints',
          productId: '103001',
          widthIn,
          heightIn,
        }),
      );
    try {
      // Lustre sold, Archival Matte made: the buyer's e-mail would say Lustre
      expect(await map(18, 12)).toMatchObject({
        size: '12x18',
        format: 'Lustre Paper',
        productName: 'Archival Matte Fine Art Paper',
        mismatch:
          'Not the same paper: buyers order 12x18 Lustre Paper, the lab makes Archival Matte Fine Art Paper at 18 x 12 in.',
      });
      expect(await map(12, 16)).toMatchObject({
        mismatch:
          'Not the same size or paper: buyers order 12x18 Lustre Paper, the lab makes Archival Matte Fine Art Paper at 12 x 16 in.',
      });
      const { products } = await admin.json<{ products: Record<string, unknown>[] }>(
        admin.get('/api/admin/lab/products'),
      );
      expect(products.find((p) => p.printOptionId === id)?.mismatch).toMatch(/^Not the same size or paper/);
    } finally {
      await admin.json(admin.delete(`/api/admin/lab/products/${id}`));
    }
  });
});

describe('sending', () => {
  it('sends one lab order with the two lab lines, once, however often the job runs', async () => {
    const orderId = await paidMixedOrder();
    await eventually(async () => (await labRow(orderId))?.status === 'sent');
    expect(labOrdersFor(orderId)).toHaveLength(1);
    const sent = labOrdersFor(orderId)[0]!.received as {
      recipient: Record<string, string>;
      orderItems: { subcategoryId: number; quantity: number; file: { imageUrl: string } }[];
    };
    expect(sent.recipient).toMatchObject({
      firstName: 'Rachel',
      lastName: 'Carson',
      addressLine1: '1100 4th Street SW',
      addressLine2: 'Apt 2',
      city: 'Washington',
      state: 'DC',
      zipCode: '20024',
      country: 'US',
    });
    expect(sent.orderItems.map((i) => [i.subcategoryId, i.quantity])).toEqual([
      [103001, 2],
      [101001, 1],
    ]);
    for (let i = 0; i < 3; i++) await send(orderId);
    expect(labOrdersFor(orderId)).toHaveLength(1);
    const view = await admin.json<{ labs: { lines: unknown[] }[] }>(
      admin.get(`/api/admin/orders/${orderId}/lab`),
    );
    expect(view).toMatchObject({
      labs: [
        {
          provider: 'lumaprints',
          name: 'Lumaprints',
          status: 'sent',
          labOrderNumber: labOrdersFor(orderId)[0]!.orderNumber,
          lastError: null,
          labText: null,
        },
      ],
    });
    // the lab's shipping charge, as quoted at sending
    expect(view.labs[0]).toMatchObject({ labShipping: expect.any(Number) });
    expect(view.labs[0]!.lines).toEqual([
      expect.objectContaining({
        photoTitle: 'Heron at Dawn',
        size: '8x10 inch',
        productName: 'Archival Matte Fine Art Paper',
        quantity: 2,
        widthIn: 8,
        heightIn: 10,
        printFileUrl: expect.stringMatching(
          new RegExp(`^/api/admin/orders/${orderId}/lines/\\d+/print-file$`),
        ),
        thumbnailUrl: `/api/photos/${heron.photoId}/thumbnail`,
      }),
      expect.objectContaining({ size: '12x16 inch', quantity: 1, widthIn: 12, heightIn: 16 }),
    ]);

    // the lab fetched the print files from their signed addresses; the address works and expires
    const url = sent.orderItems[0]!.file.imageUrl;
    expect(url).not.toContain('?');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    const [, photoId, optionId, signature] = /\/lab-files\/p\/(\d+)\/(\d+)\/\d+\/([\w-]+)\/print\.jpg$/.exec(
      url,
    )!;
    expect((await fetch(url.replace(`/${signature}/`, `/AAAA${signature}/`))).status).toBe(404);
    const past = Math.floor(Date.now() / 1000) - 60;
    const { createLabSecrets } = await import('../../src/modules/fulfillment/lab-secrets');
    const expired = createLabSecrets(app.ctx.config.sessionSecret).sign(`p.${photoId}.${optionId}`, past);
    const expiredUrl = `${app.url}/api/lab-files/p/${photoId}/${optionId}/${past}/${expired}/print.jpg`;
    expect((await fetch(expiredUrl)).status).toBe(404);
    // signed the same way with a time to come, it works: only the time failed
    const future = past + 3600;
    const fresh = createLabSecrets(app.ctx.config.sessionSecret).sign(`p.${photoId}.${optionId}`, future);
    expect((await fetch(expiredUrl.replace(`/${past}/${expired}/`, `/${future}/${fresh}/`))).status).toBe(
      200,
    );
  });

  it('after a crash between the lab answer and our write, finds the lab order instead of making another', async () => {
    await saveSettings({ holdMinutes: 600 });
    try {
      const orderId = await paidMixedOrder();
      await eventually(async () => (await labRow(orderId))?.status === 'held');
      // the lab took it, then the worker died before recording the number (its lease ran out)
      const crashed = { status: 'sending', claimed_until: new Date(Date.now() - 1000) };
      await app.ctx
        .db('lab_orders')
        .where({ order_id: orderId })
        .update({ ...crashed, send_after: app.ctx.db.fn.now() });
      const first = await send(orderId);
      expect(first.outcome).toBe('done');
      const number = (await labRow(orderId)).lab_order_number;
      await app.ctx
        .db('lab_orders')
        .where({ order_id: orderId })
        .update({ ...crashed, lab_order_number: null });
      await send(orderId);
      expect(labOrdersFor(orderId)).toHaveLength(1);
      expect(await labRow(orderId)).toMatchObject({ status: 'sent', lab_order_number: number });
    } finally {
      await saveSettings({ holdMinutes: 0 });
    }
  });

  it('keeps a refused address on the order, mails the owner once, and sends after the owner asks again', async () => {
    lab.refuseAddress('99999');
    try {
      const orderId = await paidMixedOrder({ ...dc, zip: '99999' });
      await eventually(async () => (await labRow(orderId))?.status === 'failed');
      // in the owner's words, the lab's own beside
      expect(await labRow(orderId)).toMatchObject({
        last_error:
          'Lumaprints found something it cannot take in what was sent (the address, a size or a file).',
        lab_text: expect.stringMatching(/ZIP code 99999 is not valid/),
      });
      const mails = await eventually(async () => {
        const m = sink.mails.filter((x) => x.subject === `Order #${orderId} did not reach the print lab`);
        return m.length ? m : null;
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toContain(OWNER);
      expect(labOrdersFor(orderId)).toHaveLength(0);
      lab.refuseAddress(null);
      expect(await admin.json(admin.post(`/api/admin/orders/${orderId}/lab/send`))).toMatchObject({
        labs: [{ provider: 'lumaprints', status: expect.any(String) }],
      });
      await eventually(async () => (await labRow(orderId))?.status === 'sent');
      expect(labOrdersFor(orderId)).toHaveLength(1);
      expect((await admin.post(`/api/admin/orders/${orderId}/lab/send`)).status).toBe(409);
    } finally {
      lab.refuseAddress(null);
    }
  });

  it('rides out the lab being down (503) and sends once it is back', async () => {
    lab.setDown(true);
    let orderId = 0;
    try {
      orderId = await paidMixedOrder();
      await eventually(async () => !!(await labRow(orderId))?.last_error);
      expect(await labRow(orderId)).toMatchObject({
        status: 'sending',
        last_error: 'Lumaprints is not answering right now.',
        next_attempt_at: expect.any(Date),
      });
    } finally {
      lab.setDown(false);
    }
    // its next try (30 s on: brought forward here) sends it
    await app.ctx.db('lab_orders').where({ order_id: orderId }).update({ next_attempt_at: new Date() });
    await app.modules.fulfillment.service.sweep();
    await eventually(async () => (await labRow(orderId))?.status === 'sent', 20_000);
    expect(labOrdersFor(orderId)).toHaveLength(1);
  });
});

describe('the resolution guard', () => {
  it('offers a lab-made size only when the original has the pixels for it, and says why in the admin', async () => {
    const small = await insertPhoto(app.ctx.db, {
      title: 'Kingfisher',
      pixels: { width: 1200, height: 1500 },
      options: [
        { size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 },
        { size: '16x20 inch', format: 'Archival Matte', priceCents: 24000, shippingCents: 2000 },
        { size: '20x24 inch', format: 'Lustre Paper', priceCents: 30000, shippingCents: 2000 },
      ],
    });
    const [eight, sixteen, twenty] = small.optionIds as [number, number, number];
    await admin.json(
      admin.put(`/api/admin/lab/products/${eight}`, {
        provider: 'lumaprints',
        productId: '103001',
        widthIn: 8,
        heightIn: 10,
      }),
    );
    await admin.json(
      admin.put(`/api/admin/lab/products/${sixteen}`, {
        provider: 'lumaprints',
        productId: '103001',
        widthIn: 16,
        heightIn: 20,
      }),
    );
    // 1200 x 1500 px: 8 x 10 in reaches 150 ppi; 16 x 20 in only 75
    const offered = await app
      .client()
      .json<{ id: number }[]>(app.client().get(`/api/photos/${small.photoId}/item-options`));
    expect(offered.map((o) => o.id).sort()).toEqual([eight, twenty].sort());
    const detail = await app
      .client()
      .json<{ printOptions: { id: number }[] }>(app.client().get(`/api/photos/${small.photoId}`));
    expect(detail.printOptions.map((o) => o.id)).not.toContain(sixteen);
    // nor can it be put in a cart
    const c = app.client();
    const add = await c.post('/api/cart', { photoId: small.photoId, printOptionId: sixteen, quantity: 1 });
    expect(add.status).toBe(400);

    const sizes = await admin.json<{ sizes: Record<string, unknown>[] }>(
      admin.get(`/api/admin/photos/${small.photoId}/print-sizes`),
    );
    expect(sizes).toMatchObject({ width: 1200, height: 1500, minPpi: 150 });
    expect(sizes.sizes).toEqual([
      {
        printOptionId: eight,
        size: '8x10 inch',
        format: 'Archival Matte',
        madeBy: 'lab',
        offered: true,
        ppi: 150,
        note: null,
      },
      {
        printOptionId: sixteen,
        size: '16x20 inch',
        format: 'Archival Matte',
        madeBy: 'lab',
        offered: false,
        ppi: 75,
        note: 'Hidden from buyers: the lab needs 2400 × 3000 px at 150 ppi; the photo has 1200 × 1500.',
      },
      {
        printOptionId: twenty,
        size: '20x24 inch',
        format: 'Lustre Paper',
        madeBy: 'you',
        offered: true,
        ppi: 60,
        // 20x24 is 5:6: printed from the 1200 x 1440 crop of the 4:5 photo
        note: 'Low resolution: 60 ppi at this size (150 recommended); its crop of the photo has 1200 × 1440.',
      },
    ]);
  });
});

describe('coming back', () => {
  async function sentOrder() {
    const orderId = await paidMixedOrder();
    await eventually(async () => (await labRow(orderId))?.status === 'sent');
    return { orderId, number: (await labRow(orderId)).lab_order_number as string };
  }
  const webhookUrl = () => lab.registeredWebhooks.at(-1)!.url;

  it('a shipment webhook marks the order shipped with its tracking and mails the buyer once', async () => {
    const { orderId, number } = await sentOrder();
    lab.ship(number, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect((await lab.deliverWebhook(webhookUrl(), lab.webhookPayload(number))).status).toBe(200);
    await eventually(async () => (await orderRow(orderId)).fulfillment_status === 'shipped');
    expect(await orderRow(orderId)).toMatchObject({
      shipping_carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    });
    const shippedMails = () =>
      sink.mails.filter((m) => m.subject.includes('has shipped') && m.subject.includes(`#${orderId}`));
    await eventually(async () => shippedMails().length === 1);
    expect(shippedMails()[0]!.body).toContain('1Z999AA10123456784');
    // the same webhook again changes nothing and mails nothing
    await lab.deliverWebhook(webhookUrl(), lab.webhookPayload(number));
    await new Promise((r) => setTimeout(r, 500));
    expect(shippedMails()).toHaveLength(1);
    expect(await labRow(orderId)).toMatchObject({ status: 'shipped' });
  });

  it('believes the lab, not the webhook: no tracking yet, or a payload the lab does not confirm, ships nothing', async () => {
    const { orderId, number } = await sentOrder();
    // a payload claiming a shipment the lab's API does not have
    const forged = {
      orderNumber: number,
      externalId: String(orderId),
      shipments: [{ carrier: 'UPS', trackingNumber: '1ZFAKE' }],
    };
    expect((await lab.deliverWebhook(webhookUrl(), forged)).status).toBe(200);
    // a shipment without tracking
    lab.ship(number, { carrier: 'USPS', trackingNumber: null });
    await lab.deliverWebhook(webhookUrl(), lab.webhookPayload(number));
    await eventually(async () => !!(await labRow(orderId)).checked_at);
    await new Promise((r) => setTimeout(r, 500));
    expect(await orderRow(orderId)).toMatchObject({ fulfillment_status: 'received', tracking_number: null });
    // then polling finds the tracked shipment without any webhook
    lab.ship(number, { carrier: 'USPS', trackingNumber: '9400111899223197428490' });
    await app.ctx.db('lab_orders').where({ order_id: orderId }).update({ checked_at: null });
    await app.modules.fulfillment.service.sweep();
    await eventually(async () => (await orderRow(orderId)).tracking_number === '9400111899223197428490');
  });

  it('ignores a webhook for an order it never sent, and refuses a wrong secret', async () => {
    const unknown = { orderNumber: '999999999', externalId: '424242', shipments: [] };
    expect((await lab.deliverWebhook(webhookUrl(), unknown)).status).toBe(200);
    const wrong = webhookUrl().replace(/[\w-]+$/, 'x'.repeat(43));
    expect((await lab.deliverWebhook(wrong, unknown)).status).toBe(404);
  });

  it('the webhook address names the lab; the one registered before without it still ships the order', async () => {
    const { orderId, number } = await sentOrder();
    const named = webhookUrl();
    const secret = named.split('/').at(-1)!;
    const unnamed = named.replace(/\/lumaprints\/[\w-]+$/, `/${secret}`);
    expect(unnamed).toMatch(/\/api\/webhooks\/lab\/[\w-]{40,}$/);
    // the secret under a lab that is not ours, or another lab's name, is not found
    expect((await lab.deliverWebhook(named.replace('/lumaprints/', '/prodigi/'), {})).status).toBe(404);
    lab.ship(number, { carrier: 'FedEx', trackingNumber: '612999AA10NEW' });
    expect((await lab.deliverWebhook(unnamed, lab.webhookPayload(number))).status).toBe(200);
    await eventually(async () => (await orderRow(orderId)).tracking_number === '612999AA10NEW');
    expect(await orderRow(orderId)).toMatchObject({
      fulfillment_status: 'shipped',
      shipping_carrier: 'FedEx',
    });
  });
});
