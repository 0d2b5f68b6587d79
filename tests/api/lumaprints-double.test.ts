import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_FIRST_ORDER_NUMBER,
  FAKE_LUMAPRINTS_CREDENTIALS,
  fakeLabShippingMethods,
  startFakeLumaprints,
  type FakeLumaprints,
} from '../support/fake-lumaprints';
import { makeJpeg } from '../support/images';
import { createLumaprintsClient, LabError, type LumaprintsClient } from '../../src/modules/fulfillment';

// The Lumaprints client against the local double of Lumaprints' API, over HTTP. A small "shop"
// server stands in for ours: it serves originals behind a token (as our signed URLs do) and
// receives the lab's webhook calls.

let lab: FakeLumaprints;
let client: LumaprintsClient;
let shop: http.Server;
let shopUrl: string;
const webhookCalls: { body: unknown; authorization?: string }[] = [];
const GOOD = 'sig-good';
type NewLabOrder = Parameters<LumaprintsClient['createOrder']>[0];

beforeAll(async () => {
  const portrait = await makeJpeg(2400, 3000); // 8x10 at 300 ppi
  const landscape = await makeJpeg(1200, 800); // 3:2, small
  shop = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/webhooks/lab/secret-path') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        webhookCalls.push({
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
          authorization: req.headers.authorization,
        });
        res.writeHead(200).end('ok');
      });
      return;
    }
    const image = url.pathname === '/originals/portrait.jpg' ? portrait : landscape;
    if (url.pathname.startsWith('/originals/') && url.searchParams.get('sig') === GOOD) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
    } else if (url.pathname === '/originals/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image');
    } else res.writeHead(403).end('expired');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  lab = await startFakeLumaprints();
  client = createLumaprintsClient({ ...FAKE_LUMAPRINTS_CREDENTIALS, baseUrl: lab.url });
});
afterAll(async () => {
  await lab?.close();
  await new Promise<void>((resolve) => {
    shop?.close(() => resolve());
    shop?.closeAllConnections();
  });
});
afterEach(() => {
  lab.setDown(false);
  lab.setThrottled(false);
  lab.refuseImages(false);
  lab.strictImages(false);
  lab.refuseAddress(null);
  lab.setCreateDelay(0);
});

const STORE = 82222;
const original = (name = 'portrait.jpg', sig = GOOD) => `${shopUrl}/originals/${name}?sig=${sig}`;
const recipient = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '1600 Pennsylvania Ave NW',
  addressLine2: null,
  city: 'Washington',
  state: 'DC',
  zipCode: '20500',
  phone: null,
};
const paper8x10 = { subcategoryId: 103001, widthIn: 8, heightIn: 10, optionIds: [39] };
const canvas16x20 = { subcategoryId: 101001, widthIn: 16, heightIn: 20, optionIds: [1, 4] };
let nextId = 500;
const newOrder = (over: Partial<NewLabOrder> = {}): NewLabOrder => ({
  externalId: String(++nextId),
  storeId: STORE,
  shippingMethod: 'default',
  productionTime: 'regular',
  recipient,
  items: [
    { ...paper8x10, externalItemId: '11', quantity: 1, imageUrl: original() },
    { ...canvas16x20, externalItemId: '12', quantity: 2, imageUrl: original() },
  ],
  ...over,
});
/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
const lastRequest = (path: string) => [...lab.requests].reverse().find((r) => r.path === path)!;
const labError = async (p: Promise<unknown>): Promise<LabError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LabError);
  return err as LabError;
};

describe('catalogue and prices', () => {
  it('lists the stores with the Basic credentials', async () => {
    expect(await client.stores()).toEqual([{ storeId: STORE, storeName: 'Wildframe Prints' }]);
    expect(lastRequest('/api/v1/stores')).toMatchObject({ authorized: true, status: 200 });
  });

  it('reads categories, subcategories (sizes as strings too) and option groups', async () => {
    expect(await client.categories()).toEqual([
      { id: 101, name: 'Canvas' },
      { id: 103, name: 'Fine Art Paper' },
    ]);
    const paper = await client.subcategories(103);
    expect(paper[0]).toEqual({
      subcategoryId: 103001,
      name: 'Archival Matte Fine Art Paper',
      minWidth: 4,
      maxWidth: 60,
      minHeight: 4,
      maxHeight: 44,
      requiredDpi: 150,
    });
    expect((await client.subcategories(101))[0]).toMatchObject({
      subcategoryId: 101001,
      name: '0.75in Stretched Canvas',
      requiredDpi: 200,
    });
    expect(await client.options(101001)).toEqual([
      {
        group: 'Canvas Wrap',
        options: [
          { optionId: 1, name: 'Image Wrap' },
          { optionId: 2, name: 'Mirror Wrap' },
          { optionId: 3, name: 'Solid Color Wrap' },
        ],
      },
      {
        group: 'Hanging Hardware',
        options: [
          { optionId: 4, name: 'Sawtooth Hanger installed' },
          { optionId: 9, name: 'None' },
        ],
      },
    ]);
    const err = await labError(client.subcategories(999));
    expect(err).toMatchObject({ kind: 'refused', status: 404, message: 'Category not found' });
  });

  it("prices one print with its options, in cents, and passes on the lab's refusal", async () => {
    // $2.50 + 80 sq in x $0.04
    expect(await client.productCost(paper8x10)).toBe(570);
    expect(lastRequest('/api/v1/pricing/product').body).toEqual({
      subcategoryId: 103001,
      size: { width: 8, height: 10 },
      options: [39],
    });
    // $12 + 320 sq in x $0.07 + the sawtooth hanger's $1.50
    expect(await client.productCost(canvas16x20)).toBe(3590);
    const err = await labError(client.productCost({ ...paper8x10, widthIn: 70 }));
    expect(err).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'Width must be between 4 and 60 inches for subcategory 103001',
    });
  });

  it('quotes the cheapest shipping method, sizes in whole inches', async () => {
    const cost = await client.shippingCost(
      [
        { ...paper8x10, widthIn: 8.5, heightIn: 11, quantity: 1 },
        { ...canvas16x20, quantity: 2 },
      ],
      recipient,
    );
    const methods = fakeLabShippingMethods([
      { subcategoryId: 103001, quantity: 1 },
      { subcategoryId: 101001, quantity: 2 },
    ]);
    expect(cost).toBe(Math.round(Math.min(...methods.map((m) => m.cost)) * 100));
    expect(methods[0].cost).toBeGreaterThan(Math.min(...methods.map((m) => m.cost)));
    expect(lastRequest('/api/v1/pricing/shipping').body).toEqual({
      recipient: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        addressLine1: '1600 Pennsylvania Ave NW',
        city: 'Washington',
        state: 'DC',
        zipCode: '20500',
        country: 'US',
      },
      orderItems: [
        { subcategoryId: 103001, quantity: 1, width: 9, height: 11, orderItemOptions: [39] },
        { subcategoryId: 101001, quantity: 2, width: 16, height: 20, orderItemOptions: [1, 4] },
      ],
    });
  });

  it('a refused address gets no shipping quote', async () => {
    lab.refuseAddress('20500');
    const err = await labError(client.shippingCost([{ ...paper8x10, quantity: 1 }], recipient));
    expect(err).toMatchObject({
      kind: 'refused',
      status: 406,
      message: 'No shipping method is available for the recipient address.',
    });
  });
});

describe('image check', () => {
  it('takes an image it can fetch through the signed URL', async () => {
    const url = original();
    const answer = await client.checkImage(paper8x10, url);
    expect(answer).toEqual({
      ok: true,
      message:
        'The aspect ratio of the image is the same as the ordered size. We allow a maximum of 1% difference between the aspect ratio of the image and the ordered size.',
    });
    expect(lastRequest('/api/v1/images/checkImageConfig').body).toEqual({
      subcategoryId: 103001,
      printWidth: 8,
      printHeight: 10,
      imageUrl: url,
      orderItemOptions: [39],
    });
    expect(lab.imageFetches.at(-1)).toEqual({ url, status: 200 });
  });

  it('answers no with the lab message for a refused image, an expired URL, a file that is not an image', async () => {
    lab.refuseImages(true);
    expect(await client.checkImage(paper8x10, original())).toEqual({
      ok: false,
      message:
        'The aspect ratio of the image is not same as the ordered size. We only allow a maximum of 1% difference between the aspect ratio of the image and the ordered size.',
    });
    lab.refuseImages(false);
    const expired = original('portrait.jpg', 'sig-expired');
    expect(await client.checkImage(paper8x10, expired)).toEqual({
      ok: false,
      message: 'The image URL is invalid or not accessible.',
    });
    expect(lab.imageFetches.at(-1)).toEqual({ url: expired, status: 403 });
    expect(await client.checkImage(paper8x10, `${shopUrl}/originals/notes.txt`)).toEqual({
      ok: false,
      message: 'The image file is not a valid file type. Allowed file types are JPG, JPEG and PNG.',
    });
    // nothing listens there
    const nowhere = `http://127.0.0.1:${await closedPort()}/originals/x.jpg`;
    expect(await client.checkImage(paper8x10, nowhere)).toMatchObject({
      ok: false,
      message: 'The image URL is invalid or not accessible.',
    });
  });

  it("with the lab's own rules: aspect ratio within 1 % and the required DPI", async () => {
    lab.strictImages(true);
    expect((await client.checkImage(paper8x10, original())).ok).toBe(true);
    const wrongShape = await client.checkImage(paper8x10, original('landscape.jpg'));
    expect(wrongShape.ok).toBe(false);
    expect(wrongShape.message).toMatch(/^The aspect ratio of the image is not same/);
    // 1200x800 is 3:2; 12x8 at 150 DPI wants 1800x1200
    const tooSmall = await client.checkImage(
      { ...paper8x10, widthIn: 12, heightIn: 8 },
      original('landscape.jpg'),
    );
    expect(tooSmall).toEqual({
      ok: false,
      message:
        'The image resolution is too low for the ordered size. The minimum required resolution is 150 DPI (1800x1200 pixels).',
    });
  });
});

describe('orders', () => {
  it('creates an order (201, the number as a string) with the exact body, and finds it by externalId', async () => {
    const order = newOrder();
    const { orderNumber } = await client.createOrder(order);
    expect(orderNumber).toMatch(/^\d+$/);
    expect(Number(orderNumber)).toBeGreaterThanOrEqual(FAKE_FIRST_ORDER_NUMBER);
    expect(lastRequest('/api/v1/orders')).toMatchObject({ method: 'POST', status: 201 });
    expect(lab.orders.get(orderNumber)!.received).toEqual({
      externalId: order.externalId,
      storeId: STORE,
      shippingMethod: 'default',
      productionTime: 'regular',
      recipient: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        addressLine1: '1600 Pennsylvania Ave NW',
        city: 'Washington',
        state: 'DC',
        zipCode: '20500',
        country: 'US',
      },
      orderItems: [
        {
          externalItemId: '11',
          subcategoryId: 103001,
          quantity: 1,
          width: 8,
          height: 10,
          file: { imageUrl: original() },
          orderItemOptions: [39],
        },
        {
          externalItemId: '12',
          subcategoryId: 101001,
          quantity: 2,
          width: 16,
          height: 20,
          file: { imageUrl: original() },
          orderItemOptions: [1, 4],
        },
      ],
    });
    expect(await client.findByExternalId(STORE, order.externalId, new Date())).toEqual({ orderNumber });
    expect(await client.findByExternalId(STORE, 'no-such-order', new Date())).toBeNull();
  });

  it("lists only the orders of the docs' date filters (orderDateStart, orderDateEnd: days, both included)", async () => {
    const old = lab.seedOrder({ externalId: 'dated-1', orderDate: '2024-03-10T23:30:00.000Z' });
    const list = async (query: string) => {
      const res = await fetch(`${lab.url}/api/v1/orders?storeId=${STORE}&${query}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${FAKE_LUMAPRINTS_CREDENTIALS.apiKey}:${FAKE_LUMAPRINTS_CREDENTIALS.apiSecret}`).toString('base64')}`,
        },
      });
      return { status: res.status, body: (await res.json()) as { orders?: { orderNumber: string }[] } };
    };
    const numbers = async (query: string) => (await list(query)).body.orders!.map((o) => o.orderNumber);
    expect(await numbers('orderDateStart=2024-03-10&orderDateEnd=2024-03-10')).toEqual([old]);
    expect(await numbers('orderDateStart=2024-03-11')).not.toContain(old);
    expect(await numbers('orderDateEnd=2024-03-09')).not.toContain(old);
    expect((await list('orderDateStart=yesterday')).status).toBe(400);
    // the client's look-up asks from the day before our order: an order of long before is not ours
    expect(await client.findByExternalId(STORE, 'dated-1', new Date('2025-01-01'))).toBeNull();
    expect(await client.findByExternalId(STORE, 'dated-1', new Date('2024-03-10T12:00:00Z'))).toEqual({
      orderNumber: old,
    });
  });

  it('finds an order on a later page, and the lab makes a second order for the same externalId', async () => {
    const first = newOrder({ items: [newOrder().items[0]] });
    const { orderNumber } = await client.createOrder(first);
    for (let i = 0; i < 12; i++) await client.createOrder(newOrder({ items: [newOrder().items[0]] }));
    const before = lab.requests.length;
    expect(await client.findByExternalId(STORE, first.externalId, new Date())).toEqual({ orderNumber });
    const pages = lab.requests.slice(before).map((r) => r.query.page);
    expect(pages).toEqual(['1', '2']);
    // no idempotency at the lab: looking first is ours to do
    const again = await client.createOrder(first);
    expect(again.orderNumber).not.toBe(orderNumber);
  });

  it('reads an order with no shipment, then with its shipments', async () => {
    const order = newOrder();
    const { orderNumber } = await client.createOrder(order);
    expect(await client.order(orderNumber)).toEqual({
      orderNumber,
      externalId: order.externalId,
      status: 'Awaiting Fulfillment',
      shipments: [],
      // the lab's shipping charge on the order (its cheapest method, as the double prices it)
      shippingCents: expect.any(Number),
    });
    lab.ship(orderNumber, { carrier: 'FedEx', trackingNumber: '392964503590', shipmentDate: '2026-11-27' });
    lab.ship(orderNumber, { carrier: 'USPS', trackingNumber: null, shipmentDate: '2026-11-28' });
    expect(await client.order(orderNumber)).toEqual({
      orderNumber,
      externalId: order.externalId,
      status: 'Shipped',
      shipments: [
        { carrier: 'FedEx', trackingNumber: '392964503590', shippedAt: '2026-11-27' },
        { carrier: 'USPS', trackingNumber: null, shippedAt: '2026-11-28' },
      ],
      shippingCents: expect.any(Number),
    });
    const err = await labError(client.order('99999999999'));
    expect(err).toMatchObject({ kind: 'refused', status: 404, message: 'Order not found' });
  });

  it("refuses an address with the lab's message, and an image it cannot fetch", async () => {
    lab.refuseAddress((r) => r.zipCode === '20500');
    const count = lab.orders.size;
    const err = await labError(client.createOrder(newOrder()));
    expect(err).toMatchObject({
      kind: 'refused',
      status: 400,
      message:
        'The recipient address could not be validated: ZIP code 20500 is not valid for Washington, DC.',
    });
    lab.refuseAddress(null);
    const expired = newOrder();
    expired.items[1].imageUrl = original('portrait.jpg', 'sig-expired');
    expect(await labError(client.createOrder(expired))).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'The image URL is invalid or not accessible.',
    });
    lab.refuseImages(true);
    expect(await labError(client.createOrder(newOrder()))).toMatchObject({ kind: 'refused', status: 406 });
    expect(lab.orders.size).toBe(count);
  });

  it("passes on the lab's validation messages", async () => {
    const err = await labError(client.createOrder(newOrder({ shippingMethod: 'usps_priority' })));
    expect(err.kind).toBe('refused');
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^shippingMethod must be one of the following values: default, pickup/);
  });

  it('a submit that times out may still have made the order: it is found by externalId', async () => {
    const slow = createLumaprintsClient({ ...FAKE_LUMAPRINTS_CREDENTIALS, baseUrl: lab.url, timeoutMs: 150 });
    lab.setCreateDelay(1000);
    const order = newOrder();
    const err = await labError(slow.createOrder(order));
    expect(err).toMatchObject({ kind: 'unavailable', status: null });
    expect(err.message).toBe('Lumaprints did not answer within 300 ms.');
    const found = await client.findByExternalId(STORE, order.externalId, new Date());
    expect(found).not.toBeNull();
    expect(lab.orders.get(found!.orderNumber)!.externalId).toBe(order.externalId);
  });
});

describe('webhook', () => {
  it('registers the shipping webhook once (the lab checks the URL first; a second time is fine)', async () => {
    const url = `${shopUrl}/webhooks/lab/secret-path`;
    await client.registerWebhook(STORE, url);
    expect(lastRequest('/api/v1/webhook').body).toEqual({ event: 'shipping', storeId: STORE, url });
    expect(webhookCalls.at(-1)!.body).toEqual({}); // the lab's check of the URL
    await client.registerWebhook(STORE, url); // 400 Duplicate Webhook URL: already there
    expect(lastRequest('/api/v1/webhook').status).toBe(400);
    expect(lab.registeredWebhooks.map((w) => w.url)).toEqual([url]);

    const err = await labError(client.registerWebhook(STORE, `${shopUrl}/webhooks/nowhere`));
    expect(err).toMatchObject({ kind: 'refused', status: 400, message: 'URL Not accessible' });
  });

  it('posts the shipping payload Lumaprints sends', async () => {
    const { orderNumber } = await client.createOrder(newOrder());
    lab.ship(orderNumber, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shipmentDate: '2026-12-01',
    });
    const payload = lab.webhookPayload(orderNumber);
    expect(payload).toEqual({
      orderNumber,
      externalId: lab.orders.get(orderNumber)!.externalId,
      shipments: [
        {
          carrier: 'UPS',
          shippingMethod: 'UPS Ground',
          trackingNumber: '1Z999AA10123456784',
          shipmentDate: '2026-12-01',
          shipmentItems: [
            { externalItemId: '11', product: '8x10 Archival Matte Fine Art Paper', quantity: 1 },
            { externalItemId: '12', product: '16x20 0.75in Stretched Canvas', quantity: 2 },
          ],
        },
      ],
    });
    const res = await lab.deliverWebhook(`${shopUrl}/webhooks/lab/secret-path`, payload);
    expect(res.status).toBe(200);
    expect(webhookCalls.at(-1)).toEqual({ body: payload, authorization: undefined });
  });
});

describe("the lab's bad days", () => {
  it('wrong credentials are refused (401), and the secret is in no message', async () => {
    const wrong = createLumaprintsClient({
      apiKey: 'lp_wrong_key',
      apiSecret: 'lp_wrong_secret',
      baseUrl: lab.url,
    });
    const err = await labError(wrong.stores());
    expect(err).toMatchObject({ kind: 'refused', status: 401, message: 'Unauthorized' });
    expect(lastRequest('/api/v1/stores')).toMatchObject({ authorized: false, status: 401 });
    expect(err.message).not.toContain('lp_wrong');
  });

  it('down (503 from its proxy) is unavailable, then up again', async () => {
    lab.setDown(true);
    const err = await labError(client.createOrder(newOrder()));
    expect(err).toMatchObject({
      kind: 'unavailable',
      status: 503,
      message: 'Lumaprints is unavailable (HTTP 503).',
    });
    expect(await labError(client.stores())).toMatchObject({ kind: 'unavailable', status: 503 });
    lab.setDown(false);
    expect(await client.stores()).toHaveLength(1);
  });

  it('throttled (429) is unavailable', async () => {
    lab.setThrottled(true);
    expect(await labError(client.order(String(FAKE_FIRST_ORDER_NUMBER)))).toMatchObject({
      kind: 'unavailable',
      status: 429,
      message: 'ThrottlerException: Too Many Requests',
    });
  });

  it('unreachable is unavailable', async () => {
    const gone = createLumaprintsClient({
      ...FAKE_LUMAPRINTS_CREDENTIALS,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    const err = await labError(gone.stores());
    expect(err.kind).toBe('unavailable');
    expect(err.status).toBeNull();
    expect(err.message).toMatch(/^Lumaprints could not be reached \(ECONNREFUSED\)\.$/);
  });
});
