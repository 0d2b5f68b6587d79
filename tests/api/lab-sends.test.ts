import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeLumaprints, type FakeLumaprints } from '../support/fake-lumaprints';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/redis-server';
import { fillCart, insertPhoto, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { startFakeProdigi, type FakeProdigi } from '../support/fake-prodigi';
import type { LabProviderId } from '../../src/contract';

// Issue 39: a lab order per (order, lab) sent exactly once whoever asks (a lease in the row and
// one job id), patiently while the lab is down (retried for 24 hours, the owner told once), and
// refused at once when the lab says no; the look-up before sending bounded by the order's date;
// the print's sides turned to the photo; the buyer's phone for the carrier; the owner's review;
// an order for two labs making a lab order each, each shipment mailed and on the order page.
// The second lab is Prodigi against its double (its own products, SKUs and callbacks);
// tests/api/prodigi-sends.test.ts has its exactly-once, outage and refusal cases.

let app: TestApp;
let lab: FakeLumaprints;
let prodigi: FakeProdigi;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
let owl: { photoId: number; optionIds: number[] };
let dunes: { photoId: number; optionIds: number[] };
const OWNER = 'owner@wildframe.example';

beforeAll(async () => {
  lab = await startFakeLumaprints();
  prodigi = await startFakeProdigi();
  sink = await startSmtpSink();
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  app = await createTestApp({
    LUMAPRINTS_API_BASE: lab.url,
    PRODIGI_API_BASE: prodigi.url,
    SMTP_URL: sink.url,
    OWNER_EMAIL: OWNER,
    PUBLIC_URL: publicUrl,
  });
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    pixels: { width: 2400, height: 3000 },
    options: [{ size: '8x10 inch', format: 'Archival Matte', priceCents: 9500, shippingCents: 1000 }],
  });
  owl = await insertPhoto(app.ctx.db, {
    title: 'Snowy Owl',
    pixels: { width: 1500, height: 2100 },
    options: [{ size: '5x7 inch', format: 'Hot Press', priceCents: 4000, shippingCents: 500 }],
  });
  // a landscape 3:2 photo sold as "8x12"
  dunes = await insertPhoto(app.ctx.db, {
    title: 'Dunes at Noon',
    aspectRatio: '3:2',
    pixels: { width: 3600, height: 2400 },
    options: [{ size: '8x12 inch', format: 'Archival Matte', priceCents: 12000, shippingCents: 1200 }],
  });
  await saveSettings('lumaprints', { holdMinutes: 0 });
  // Prodigi takes a key only: saved and enabled without a secret or a store
  expect(
    await saveSettings('prodigi', { apiKey: prodigi.apiKey, apiSecret: undefined, settings: undefined }),
  ).toMatchObject({ enabled: true, apiKeySet: true, apiSecretSet: false, usesSecret: false, settings: {} });
  await mapProduct(heron.optionIds[0]!, 'lumaprints', 8, 10);
  await mapProduct(dunes.optionIds[0]!, 'lumaprints', 8, 12);
  // Prodigi's Hahnemühle Photo Rag (its SKUs GLOBAL-HPR-{short}X{long})
  await mapProduct(owl.optionIds[0]!, 'prodigi', 5, 7, 1001);
});
afterAll(async () => {
  await app?.close();
  await lab?.close();
  await prodigi?.close();
  await sink?.close();
});

const dc = { line1: '1100 4th Street SW', line2: null, city: 'Washington', state: 'DC', zip: '20024' };
const db = () => app.ctx.db;
const labRow = (orderId: number, provider: LabProviderId = 'lumaprints') =>
  db()('lab_orders').where({ order_id: orderId, provider }).first();
const setRow = (orderId: number, patch: Record<string, unknown>, provider: LabProviderId = 'lumaprints') =>
  db()('lab_orders').where({ order_id: orderId, provider }).update(patch);
const send = (orderId: number, provider: LabProviderId = 'lumaprints') =>
  app.modules.fulfillment.service.send({ orderId, provider });
const madeAt = (double: FakeLumaprints, orderId: number) =>
  [...double.orders.values()].filter((o) => o.externalId === String(orderId) && o.received.recipient);
const mailsTo = (to: string, subject: string | RegExp) =>
  sink.mails.filter(
    (m) =>
      m.to.includes(to) && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
  );
const settle = () => new Promise((r) => setTimeout(r, 600));

function saveSettings(provider: LabProviderId, overrides: Record<string, unknown> = {}) {
  return admin.json(
    admin.put(`/api/admin/lab/${provider}`, {
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
      ...overrides,
    }),
  );
}

function mapProduct(
  printOptionId: number,
  provider: LabProviderId,
  widthIn: number,
  heightIn: number,
  sub = 103001,
) {
  return admin.json(
    admin.put(`/api/admin/lab/products/${printOptionId}`, {
      provider,
      productId: String(sub),
      widthIn,
      heightIn,
    }),
  );
}

type Line = { photo: { photoId: number; optionIds: number[] }; quantity?: number };
/** A buyer checks out (her phone given or not) and pays: the order's id once paid. */
async function paidOrder(
  lines: Line[],
  opts: { phone?: string; beforePaying?: (orderId: number) => void } = {},
) {
  const c = app.client();
  await fillCart(
    c,
    lines.map((l) => ({
      photoId: l.photo.photoId,
      printOptionId: l.photo.optionIds[0]!,
      quantity: l.quantity ?? 1,
    })),
  );
  const quote = await c.json<{ total: number }>(
    c.post('/api/checkout/quote', { address: { state: dc.state } }),
  );
  const { orderId, total } = await c.json<{ orderId: number; total: number }>(
    c.post('/api/checkout', {
      customerName: 'Rachel Carson',
      customerEmail: 'rachel@example.com',
      address: dc,
      ...(opts.phone ? { phone: opts.phone } : {}),
      totalAmount: quote.total,
    }),
    201,
  );
  opts.beforePaying?.(orderId);
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  await eventually(async () => (await db()('orders').where({ id: orderId }).first()).status === 'paid');
  return orderId;
}

describe('exactly once', () => {
  it('six "Send now" presses at once during the hold make one lab order', async () => {
    await saveSettings('lumaprints', { holdMinutes: 600 });
    lab.setCreateDelay(300); // the lab is slow to answer: the presses overlap the send
    try {
      const orderId = await paidOrder([{ photo: heron }]);
      await eventually(async () => (await labRow(orderId))?.status === 'held');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => admin.post(`/api/admin/orders/${orderId}/lab/send`)),
      );
      expect(answers.map((r) => r.status).every((s) => s === 200 || s === 409)).toBe(true);
      await eventually(async () => (await labRow(orderId))?.status === 'sent');
      await settle();
      expect(madeAt(lab, orderId)).toHaveLength(1);
      expect(await labRow(orderId)).toMatchObject({ attempts: 1, claimed_until: null });
      // a press once it is at the lab is refused, and still makes none
      expect((await admin.post(`/api/admin/orders/${orderId}/lab/send`)).status).toBe(409);
      expect(madeAt(lab, orderId)).toHaveLength(1);
    } finally {
      lab.setCreateDelay(0);
      await saveSettings('lumaprints', { holdMinutes: 0 });
    }
  });

  it('the send job run three times at once (three workers) makes one lab order', async () => {
    await saveSettings('lumaprints', { holdMinutes: 600 });
    lab.setCreateDelay(300);
    try {
      const orderId = await paidOrder([{ photo: heron }]);
      await eventually(async () => (await labRow(orderId))?.status === 'held');
      await setRow(orderId, { send_after: new Date(Date.now() - 1000) }); // the hold is over
      const runs = await Promise.all([send(orderId), send(orderId), send(orderId)]);
      expect(runs.filter((r) => r.outcome === 'done')).toHaveLength(1);
      expect(madeAt(lab, orderId)).toHaveLength(1);
      expect(await labRow(orderId)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      lab.setCreateDelay(0);
      await saveSettings('lumaprints', { holdMinutes: 0 });
    }
  });
});

describe('patient with a lab that is down, quick with a refusal', () => {
  it('a 10-minute outage (503): retried with backoff, the owner told once, sent when the lab is back', async () => {
    lab.setDown(true);
    let orderId = 0;
    try {
      orderId = await paidOrder([{ photo: heron }]);
      await eventually(async () => (await labRow(orderId))?.failures === 1);
      const first = await labRow(orderId);
      expect(first).toMatchObject({
        status: 'sending',
        last_error: 'Lumaprints is not answering right now.',
        lab_text: 'Lumaprints is unavailable (HTTP 503).',
      });
      // the next try in 30 s: the same send job (one id per lab order), delayed to then
      const job = () => app.ctx.queues.get('fulfillment').getJob(`lab-send-${orderId}-lumaprints`);
      await eventually(async () => (await (await job())?.getState()) === 'delayed');
      const delayed = (await job())!;
      expect(delayed.timestamp + delayed.delay).toBeGreaterThan(Date.now() + 25_000);
      const wait = (r: { next_attempt_at: Date }) => r.next_attempt_at.getTime() - Date.now();
      expect(wait(first)).toBeGreaterThan(25_000);
      expect(wait(first)).toBeLessThanOrEqual(30_000);
      const view = await admin.json<{ labs: { status: string; nextAttemptAt: string | null }[] }>(
        admin.get(`/api/admin/orders/${orderId}/lab`),
      );
      expect(view.labs[0]).toMatchObject({ status: 'sending', nextAttemptAt: expect.any(String) });

      // time passes (the first failure moved back): each try is due, fails, and waits twice as long
      for (const minutes of [1, 2, 4, 7, 10]) {
        await setRow(orderId, {
          first_failed_at: new Date(Date.now() - minutes * 60_000),
          next_attempt_at: new Date(),
        });
        await send(orderId);
      }
      const after = await labRow(orderId);
      expect(after.failures).toBe(6);
      expect(wait(after)).toBeGreaterThan(15 * 60_000); // 30 s doubled five times: 16 minutes
      expect(after.outage_notified_at).not.toBeNull();
      const told = await eventually(async () => {
        const m = mailsTo(OWNER, `Lumaprints is not answering: order #${orderId} waits`);
        return m.length ? m : null;
      });
      expect(told[0]!.body).toContain('It is sent as soon as Lumaprints answers again');
    } finally {
      lab.setDown(false);
    }
    // the lab is back: the next try sends it
    await setRow(orderId, { next_attempt_at: new Date() });
    await send(orderId);
    expect(await labRow(orderId)).toMatchObject({
      status: 'sent',
      last_error: null,
      lab_text: null,
      failures: 0,
      next_attempt_at: null,
      first_failed_at: null,
    });
    expect(madeAt(lab, orderId)).toHaveLength(1);
    await settle();
    expect(mailsTo(OWNER, /not answering/).filter((m) => m.subject.includes(`#${orderId} `))).toHaveLength(1);
    expect(mailsTo(OWNER, `Order #${orderId} did not reach the print lab`)).toHaveLength(0);
  });

  it('a lab down for 24 hours fails the order and mails the owner once', async () => {
    lab.setThrottled(true); // 429s: not answering, as a 503
    try {
      const orderId = await paidOrder([{ photo: heron }]);
      await eventually(async () => (await labRow(orderId))?.failures === 1);
      await setRow(orderId, {
        first_failed_at: new Date(Date.now() - 24 * 3_600_000 - 1000),
        next_attempt_at: new Date(),
      });
      await send(orderId);
      expect(await labRow(orderId)).toMatchObject({
        status: 'failed',
        last_error: 'Lumaprints did not answer for 24 hours: the order was not sent.',
      });
      for (let i = 0; i < 3; i++) await send(orderId);
      const mails = await eventually(async () => {
        const m = mailsTo(OWNER, `Order #${orderId} did not reach the print lab`);
        return m.length ? m : null;
      });
      await settle();
      expect(mailsTo(OWNER, `Order #${orderId} did not reach the print lab`)).toHaveLength(mails.length);
      expect(mails).toHaveLength(1);
      expect(madeAt(lab, orderId)).toHaveLength(0);
    } finally {
      lab.setThrottled(false);
    }
  });

  it('a refusal (400) fails at once, in words with the lab’s text, the owner mailed once', async () => {
    lab.refuseAddress('20024');
    try {
      const orderId = await paidOrder([{ photo: heron }]);
      await eventually(async () => (await labRow(orderId))?.status === 'failed');
      const row = await labRow(orderId);
      expect(row).toMatchObject({ attempts: 1, failures: 0, next_attempt_at: null });
      const view = await admin.json<{ labs: Record<string, unknown>[] }>(
        admin.get(`/api/admin/orders/${orderId}/lab`),
      );
      expect(view.labs[0]).toMatchObject({
        status: 'failed',
        lastError:
          'Lumaprints found something it cannot take in what was sent (the address, a size or a file).',
        labText:
          'The recipient address could not be validated: ZIP code 20024 is not valid for Washington, DC.',
      });
      for (let i = 0; i < 3; i++) await send(orderId); // not due: nothing again
      await eventually(
        async () => mailsTo(OWNER, `Order #${orderId} did not reach the print lab`).length === 1,
      );
      await settle();
      const mails = mailsTo(OWNER, `Order #${orderId} did not reach the print lab`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain('(Lumaprints said: "The recipient address could not be validated');
      expect(madeAt(lab, orderId)).toHaveLength(0);
    } finally {
      lab.refuseAddress(null);
    }
  });
});

describe('what is sent', () => {
  it('a landscape photo sold as 8x12 goes as 12 wide by 8 high, and the lab takes its file', async () => {
    lab.strictImages(true); // the lab's own rule: the file's ratio within 1 % of the print's
    try {
      const orderId = await paidOrder([{ photo: dunes }]);
      await eventually(async () => (await labRow(orderId))?.status === 'sent');
      const [made] = madeAt(lab, orderId);
      const item = (made!.received.orderItems as { width: number; height: number }[])[0]!;
      expect([item.width, item.height]).toEqual([12, 8]);
      const view = await admin.json<{ labs: { lines: Record<string, unknown>[] }[] }>(
        admin.get(`/api/admin/orders/${orderId}/lab`),
      );
      expect(view.labs[0]!.lines[0]).toMatchObject({ size: '8x12 inch', widthIn: 12, heightIn: 8 });
    } finally {
      lab.strictImages(false);
    }
  });

  it("the buyer's phone reaches the lab with the address (optional, checked)", async () => {
    const orderId = await paidOrder([{ photo: heron }], { phone: '(202) 555-0142' });
    await eventually(async () => (await labRow(orderId))?.status === 'sent');
    const recipient = madeAt(lab, orderId)[0]!.received.recipient as Record<string, string>;
    expect(recipient).toMatchObject({ firstName: 'Rachel', lastName: 'Carson', phone: '(202) 555-0142' });
    const detail = await admin.json<{ order: { phone: string | null } }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.order.phone).toBe('(202) 555-0142');
    // without one, none is sent
    const without = await paidOrder([{ photo: heron }]);
    await eventually(async () => (await labRow(without))?.status === 'sent');
    expect(madeAt(lab, without)[0]!.received.recipient).not.toHaveProperty('phone');
    // a phone that is not one is refused at checkout, in words
    const c = app.client();
    await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0]!, quantity: 1 }]);
    const res = await c.post('/api/checkout', {
      customerName: 'Rachel Carson',
      customerEmail: 'rachel@example.com',
      address: dc,
      phone: 'call me',
      totalAmount: 1,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Please enter a phone number of 7 to 20 digits');
  });

  it('looks for the order at the lab only since it was placed (the date filter), and never takes an older one', async () => {
    let seeded = '';
    const orderId = await paidOrder([{ photo: heron }], {
      // another shop with the same order numbers, a year ago: its order is not ours
      beforePaying: (id) => {
        const aYearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
        seeded = lab.seedOrder({ externalId: String(id), orderDate: aYearAgo });
      },
    });
    await eventually(async () => (await labRow(orderId))?.status === 'sent');
    const row = await labRow(orderId);
    expect(row.lab_order_number).not.toBe(seeded);
    expect(madeAt(lab, orderId)).toHaveLength(1);
    const created = (await db()('orders').where({ id: orderId }).first()).created_at as Date;
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const lookups = lab.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/orders');
    expect(lookups.at(-1)!.query).toEqual({
      storeId: String(lab.store.storeId),
      page: '1',
      orderDateStart: day(created.getTime() - 86_400_000),
      orderDateEnd: day(Date.now() + 86_400_000),
    });
  });
});

describe("the owner's review", () => {
  it('holds a paid order for review; held stays held; approving sends it once', async () => {
    await saveSettings('lumaprints', { reviewBeforeSending: true });
    try {
      const orderId = await paidOrder([{ photo: heron, quantity: 2 }]);
      await eventually(async () => (await labRow(orderId))?.status === 'review');
      const list = await admin.json<{ orders: { orderId: number; labs: Record<string, unknown>[] }[] }>(
        admin.get('/api/admin/lab/review'),
      );
      const mine = list.orders.find((o) => o.orderId === orderId)!;
      expect(mine).toMatchObject({ customerName: 'Rachel Carson', paidAt: expect.any(String) });
      expect(mine.labs).toEqual([
        expect.objectContaining({
          provider: 'lumaprints',
          status: 'review',
          lines: [
            expect.objectContaining({
              photoTitle: 'Heron at Dawn',
              size: '8x10 inch',
              format: 'Archival Matte',
              productName: 'Archival Matte Fine Art Paper',
              quantity: 2,
              printFileUrl: expect.stringMatching(/^\/api\/admin\/orders\/\d+\/lines\/\d+\/print-file$/),
            }),
          ],
        }),
      ]);
      // the owner holds it: it waits, the sweeper sends nothing
      expect(await admin.json(admin.post(`/api/admin/orders/${orderId}/lab/hold`))).toMatchObject({
        labs: [{ status: 'on_hold' }],
      });
      await app.modules.fulfillment.service.sweep();
      await send(orderId);
      await settle();
      expect(await labRow(orderId)).toMatchObject({ status: 'on_hold' });
      expect(madeAt(lab, orderId)).toHaveLength(0);
      const still = await admin.json<{ orders: { orderId: number }[] }>(admin.get('/api/admin/lab/review'));
      expect(still.orders.map((o) => o.orderId)).toContain(orderId);
      // approved (twice at once): sent at once, once
      await Promise.all([
        admin.post(`/api/admin/orders/${orderId}/lab/send`),
        admin.post(`/api/admin/orders/${orderId}/lab/send`),
      ]);
      await eventually(async () => (await labRow(orderId))?.status === 'sent');
      await settle();
      expect(madeAt(lab, orderId)).toHaveLength(1);
      const after = await admin.json<{ orders: { orderId: number }[] }>(admin.get('/api/admin/lab/review'));
      expect(after.orders.map((o) => o.orderId)).not.toContain(orderId);
      expect((await admin.post(`/api/admin/orders/${orderId}/lab/hold`)).status).toBe(409);
    } finally {
      await saveSettings('lumaprints', { reviewBeforeSending: false });
    }
  });
});

describe('two labs', () => {
  it('an order with lines for two labs makes a lab order at each; each shipment is mailed once and on the order page', async () => {
    const orderId = await paidOrder([{ photo: heron }, { photo: owl, quantity: 3 }], {
      phone: '(202) 555-0142',
    });
    await eventually(
      async () =>
        (await labRow(orderId))?.status === 'sent' && (await labRow(orderId, 'prodigi'))?.status === 'sent',
    );
    const atLumaprints = madeAt(lab, orderId);
    const atProdigi = [...prodigi.orders.values()].filter((o) => o.merchantReference === String(orderId));
    expect(atLumaprints).toHaveLength(1);
    expect(atProdigi).toHaveLength(1);
    const items = (atLumaprints[0]!.received.orderItems as { subcategoryId: number; quantity: number }[]).map(
      (i) => [i.subcategoryId, i.quantity],
    );
    expect(items).toEqual([[103001, 1]]);
    // Prodigi's order: its SKU for the 5x7 Photo Rag, three copies of the file the shop serves, the
    // buyer's phone, and the address it calls us back at (with this lab's secret)
    const sentToProdigi = atProdigi[0]!;
    const secret = (await db()('lab_settings').where({ provider: 'prodigi' }).first()).webhook_secret;
    expect(sentToProdigi).toMatchObject({
      shippingMethod: 'Standard',
      callbackUrl: `${app.ctx.config.publicUrl}/api/webhooks/lab/prodigi/${secret}`,
      recipient: {
        name: 'Rachel Carson',
        phoneNumber: '(202) 555-0142',
        address: { line1: '1100 4th Street SW', postalOrZipCode: '20024', townOrCity: 'Washington' },
      },
      items: [{ sku: 'GLOBAL-HPR-5X7', copies: 3, sizing: 'fillPrintArea', attributes: {} }],
    });
    expect(await labRow(orderId, 'prodigi')).toMatchObject({ lab_order_number: sentToProdigi.id });
    // the double fetched the file from the shop, a 5:7 portrait as the owl is
    const fileUrl = sentToProdigi.items[0]!.assets[0]!.url;
    await eventually(async () => prodigi.assetFetches.some((f) => f.url === fileUrl && f.status === 200));
    const { default: sharp } = await import('sharp');
    const meta = await sharp(Buffer.from(await (await fetch(fileUrl)).arrayBuffer())).metadata();
    expect(meta.width / meta.height).toBeCloseTo(5 / 7, 2);
    const view = await admin.json<{ labs: { provider: string; lines: Record<string, unknown>[] }[] }>(
      admin.get(`/api/admin/orders/${orderId}/lab`),
    );
    expect(view.labs.map((l) => [l.provider, l.lines.length])).toEqual([
      ['lumaprints', 1],
      ['prodigi', 1],
    ]);
    expect(view.labs[1]!.lines[0]).toMatchObject({
      productName: 'Hahnemühle Photo Rag',
      quantity: 3,
      widthIn: 5,
      heightIn: 7,
    });

    // each lab ships on its own: Prodigi calls back the address it was given, Lumaprints its webhook
    expect(
      await prodigi.ship(sentToProdigi.id, { carrier: 'USPS', trackingNumber: '9400111899223197428490' }),
    ).toBe(200);
    await eventually(async () => (await labRow(orderId, 'prodigi'))?.status === 'shipped');
    expect(await labRow(orderId, 'prodigi')).toMatchObject({
      carrier: 'USPS',
      tracking_number: '9400111899223197428490',
    });
    expect(await labRow(orderId)).toMatchObject({ status: 'sent' });
    const hook = lab.registeredWebhooks.at(-1)!.url;
    lab.ship(atLumaprints[0]!.orderNumber, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await lab.deliverWebhook(hook, lab.webhookPayload(atLumaprints[0]!.orderNumber));
    await eventually(async () => (await labRow(orderId))?.status === 'shipped');

    const shipped = () =>
      sink.mails.filter(
        (m) =>
          m.to.includes('rachel@example.com') &&
          m.subject.includes('has shipped') &&
          m.subject.includes(`#${orderId}`),
      );
    await eventually(async () => shipped().length === 2);
    await settle();
    expect(shipped()).toHaveLength(2);
    expect(shipped().some((m) => m.body.includes('9400111899223197428490'))).toBe(true);
    expect(shipped().some((m) => m.body.includes('1Z999AA10123456784'))).toBe(true);

    // the buyer sees one order with its two shipments
    const token = (await db()('orders').where({ id: orderId }).first()).status_token as string;
    const page = await app
      .client()
      .json<{ fulfillmentStatus: string; shipments: Record<string, unknown>[] }>(
        app.client().get(`/api/orders/by-token/${token}`),
      );
    expect(page.fulfillmentStatus).toBe('shipped');
    expect(page.shipments).toEqual([
      {
        carrier: 'USPS',
        trackingNumber: '9400111899223197428490',
        trackingUrl: expect.stringContaining('usps.com'),
      },
      {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: expect.stringContaining('ups.com'),
      },
    ]);
    // the same webhook and callback again: nothing new
    await lab.deliverWebhook(hook, lab.webhookPayload(atLumaprints[0]!.orderNumber));
    expect(
      await prodigi.deliverCallback(sentToProdigi.callbackUrl!, prodigi.callbackEvent(sentToProdigi.id)),
    ).toBe(200);
    await settle();
    expect(shipped()).toHaveLength(2);
  });
});

describe('setup', () => {
  it('tests what is typed without saving it; a refusal in words with the lab’s text', async () => {
    const before = await db()('lab_settings').where({ provider: 'lumaprints' }).first();
    const wrong = await admin.post('/api/admin/lab/lumaprints/test-connection', {
      sandbox: false,
      apiKey: 'not-the-key',
      apiSecret: 'not-the-secret',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: 'Lumaprints did not accept the API key and secret. (Lumaprints said: "Unauthorized")',
    });
    // a blank secret is the stored one: with the right key typed, it connects
    expect(
      await admin.json(
        admin.post('/api/admin/lab/lumaprints/test-connection', {
          sandbox: false,
          apiKey: lab.credentials.apiKey,
        }),
      ),
    ).toMatchObject({
      ok: true,
      message: expect.stringContaining('Connected to Lumaprints (live orders)'),
      choices: {
        storeId: [{ id: lab.store.storeId, name: `${lab.store.storeName} (#${lab.store.storeId})` }],
      },
    });
    expect(await db()('lab_settings').where({ provider: 'lumaprints' }).first()).toEqual(before);
    // an unknown lab is not found
    expect((await admin.post('/api/admin/lab/acme/test-connection', { sandbox: true })).status).toBe(404);
    expect((await admin.get('/api/admin/lab/acme/catalog')).status).toBe(404);
  });
});
