import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/test-app';
import { startFakeProdigi, type FakeProdigi } from '../support/fake-prodigi';

// The Prodigi double behaves as Prodigi's API v4 docs say, over HTTP: what the client, the demo
// lab and the tests rely on (src/demo/labs/prodigi-double.ts).

let lab: FakeProdigi;
let receiver: http.Server;
let receiverUrl: string;
/** What our stand-in shop received: callbacks and asset fetches. */
const received: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  lab = await startFakeProdigi();
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#345' } })
    .jpeg()
    .toBuffer();
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', body: text ? JSON.parse(text) : null });
      if (req.url?.startsWith('/files/heron.jpg'))
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      if (req.url?.startsWith('/files/')) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await lab?.close();
  await new Promise((r) => receiver?.close(r));
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${lab.url}${path}`, {
    method,
    headers: {
      'x-api-key': lab.apiKey,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* an HTML page */
  }
  return { status: res.status, body: json as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const newOrder = (over: Record<string, unknown> = {}) => ({
  merchantReference: 'wf-1',
  idempotencyKey: 'wf-1',
  shippingMethod: 'Standard',
  recipient: {
    name: 'Rachel Carson',
    phoneNumber: '+1 202 555 0143',
    address: {
      line1: '1100 4th Street SW',
      postalOrZipCode: '20024',
      countryCode: 'US',
      townOrCity: 'Washington',
      stateOrCounty: 'DC',
    },
  },
  items: [
    {
      merchantReference: '71',
      sku: 'GLOBAL-HPR-8X10',
      copies: 1,
      sizing: 'fillPrintArea',
      attributes: {},
      assets: [{ printArea: 'default', url: `${receiverUrl}/files/heron.jpg?sig=1` }],
    },
  ],
  ...over,
});

describe('authentication and transport', () => {
  it('answers 401 NotAuthenticated without the key, 415 for a body that is not JSON', async () => {
    const res = await fetch(`${lab.url}/orders`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ outcome: 'NotAuthenticated', traceParent: expect.any(String) });
    expect((await call('POST', '/quotes', 'x=1', { 'content-type': 'text/plain' })).body).toMatchObject({
      outcome: 'InvalidContentType',
    });
  });

  it('takes paths in any case, as /Orders in the docs', async () => {
    expect((await call('GET', '/Orders?top=1')).status).toBe(200);
  });
});

describe('products and quotes', () => {
  it('describes a SKU with its attributes and recommended pixels; one it does not make is EntityNotFound', async () => {
    const { status, body } = await call('GET', '/products/global-can-10x10');
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      sku: 'GLOBAL-CAN-10X10',
      productDimensions: { width: 10, height: 10, units: 'in' },
      attributes: { wrap: ['Black', 'ImageWrap', 'MirrorWrap', 'White'] },
      printAreas: { default: { required: true } },
    });
    expect(body.product.variants[0].printAreaSizes.default).toEqual({
      horizontalResolution: 3000,
      verticalResolution: 3000,
    });
    expect(await call('GET', '/products/GLOBAL-HPR-9X13')).toMatchObject({
      status: 404,
      body: { outcome: 'EntityNotFound' },
    });
  });

  it('quotes all four methods when none is asked, the cheapest not first, in dollars as strings', async () => {
    const { body } = await call('POST', '/quotes', {
      destinationCountryCode: 'US',
      currencyCode: 'USD',
      items: [{ sku: 'GLOBAL-FAP-16X20', copies: 2, attributes: {}, assets: [{ printArea: 'default' }] }],
    });
    expect(body.quotes.map((q: { shipmentMethod: string }) => q.shipmentMethod)).toEqual([
      'Standard',
      'Budget',
      'Express',
      'Overnight',
    ]);
    expect(body.quotes[1].costSummary.shipping).toEqual({ amount: '6.95', currency: 'USD' });
    expect(body.quotes[0].items[0].unitCost).toEqual({ amount: '23.20', currency: 'USD' });
    const one = await call('POST', '/quotes', {
      shippingMethod: 'express',
      destinationCountryCode: 'US',
      items: [{ sku: 'GLOBAL-FAP-16X20', copies: 1, assets: [{ printArea: 'default' }] }],
    });
    expect(one.body.quotes).toHaveLength(1);
  });

  it('refuses what it cannot quote in its ValidationFailed shape, field by field', async () => {
    const { status, body } = await call('POST', '/quotes', {
      items: [{ sku: 'GLOBAL-NOPE-1X1', copies: 0, assets: [{ printArea: 'default' }] }],
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      outcome: 'ValidationFailed',
      failures: {
        destinationCountryCode: [{ code: 'Required', providedValue: null }],
        'items[0].sku': [{ code: 'SkuNotFound', providedValue: 'GLOBAL-NOPE-1X1' }],
        'items[0].copies': [{ code: 'MustBeGreaterThanZero', providedValue: 0 }],
      },
    });
  });
});

describe('orders', () => {
  it('makes an order once per idempotency key: the same key again is AlreadyExists with the first', async () => {
    const first = await call(
      'POST',
      '/orders',
      newOrder({ merchantReference: 'idem-1', idempotencyKey: 'idem-1' }),
    );
    expect(first).toMatchObject({
      status: 200,
      body: {
        outcome: 'Created',
        order: { id: expect.stringMatching(/^ord_\d+$/), status: { stage: 'InProgress' } },
      },
    });
    const again = await call(
      'POST',
      '/orders',
      newOrder({ merchantReference: 'idem-1', idempotencyKey: 'idem-1' }),
    );
    expect(again).toMatchObject({
      status: 200,
      body: { outcome: 'AlreadyExists', order: { id: first.body.order.id } },
    });
    // without a key Prodigi makes what it is sent (reprints share a merchantReference)
    await call('POST', '/orders', newOrder({ merchantReference: 'idem-2', idempotencyKey: undefined }));
    await call('POST', '/orders', newOrder({ merchantReference: 'idem-2', idempotencyKey: undefined }));
    const made = (ref: string) => [...lab.orders.values()].filter((o) => o.merchantReference === ref).length;
    expect([made('idem-1'), made('idem-2')]).toEqual([1, 2]);
  });

  it('validates an order as its docs list the fields, and a US ZIP code', async () => {
    const { status, body } = await call(
      'POST',
      '/orders',
      newOrder({
        shippingMethod: 'Teleport',
        recipient: { name: '', address: { line1: '1 Main St', postalOrZipCode: '2002', countryCode: 'US' } },
      }),
    );
    expect(status).toBe(400);
    expect(body.failures).toEqual({
      shippingMethod: [{ code: 'InvalidValue', providedValue: 'Teleport' }],
      'recipient.name': [{ code: 'Required', providedValue: '' }],
      'recipient.address.townOrCity': [{ code: 'Required', providedValue: null }],
      'recipient.address.postalOrZipCode': [{ code: 'MustBeAValidUSZipCodeFormat', providedValue: '2002' }],
    });
  });

  it('fetches the assets after taking the order; one it cannot fetch is an issue on the order', async () => {
    const good = await call(
      'POST',
      '/orders',
      newOrder({ merchantReference: 'asset-1', idempotencyKey: 'asset-1' }),
    );
    const bad = await call(
      'POST',
      '/orders',
      newOrder({
        merchantReference: 'asset-2',
        idempotencyKey: 'asset-2',
        items: [
          {
            ...newOrder().items[0],
            assets: [{ printArea: 'default', url: `${receiverUrl}/files/gone.jpg` }],
          },
        ],
      }),
    );
    const okOrder = await eventually(async () => {
      const o = (await call('GET', `/orders/${good.body.order.id}`)).body.order;
      return o.status.details.downloadAssets === 'Complete' && o;
    });
    expect(okOrder.items[0]).toMatchObject({ status: 'Ok', assets: [{ status: 'Complete' }] });
    const badOrder = await eventually(async () => {
      const o = (await call('GET', `/orders/${bad.body.order.id}`)).body.order;
      return o.status.details.downloadAssets === 'Error' && o;
    });
    expect(badOrder.status.issues).toEqual([
      expect.objectContaining({ errorCode: 'order.items.assets.FailedToDownloaded' }),
    ]);
    expect(lab.assetFetches).toContainEqual({ url: `${receiverUrl}/files/gone.jpg`, status: 404 });
  });

  it('lists by reference and creation time, newest first, in pages with hasMore', async () => {
    for (const n of [1, 2, 3])
      await call('POST', '/orders', newOrder({ merchantReference: 'page', idempotencyKey: `page-${n}` }));
    const p1 = await call('GET', '/orders?merchantReferences=page&top=2');
    expect(p1.body).toMatchObject({ outcome: 'Ok', hasMore: true });
    const ids = p1.body.orders.map((o: { id: string }) => Number(o.id.slice(4)));
    expect(ids[0]).toBeGreaterThan(ids[1]);
    const p2 = await call('GET', '/orders?merchantReferences=page&top=2&skip=2');
    expect(p2.body).toMatchObject({ hasMore: false, orders: [expect.anything()] });
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await call('GET', `/orders?merchantReferences=page&createdFrom=${future}`)).body.orders).toEqual(
      [],
    );
    expect((await call('GET', '/orders?top=0')).body).toMatchObject({
      outcome: 'ValidationFailed',
      failures: { top: [{ code: 'MustBeBetween1And100' }] },
    });
    expect((await call('GET', '/orders/ord_1')).status).toBe(404);
    expect((await call('GET', '/orders/12')).status).toBe(400);
  });
});

describe('shipments and callbacks', () => {
  it("ships with tracking, marks the order Complete and POSTs a CloudEvent to the order's callbackUrl", async () => {
    const { body } = await call(
      'POST',
      '/orders',
      newOrder({
        merchantReference: 'ship-1',
        idempotencyKey: 'ship-1',
        callbackUrl: `${receiverUrl}/hook/order`,
      }),
    );
    const id = body.order.id as string;
    expect(await lab.ship(id, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).toBe(200);
    const order = (await call('GET', `/orders/${id}`)).body.order;
    expect(order.status.stage).toBe('Complete');
    expect(order.shipments).toEqual([
      expect.objectContaining({
        status: 'Shipped',
        carrier: { name: 'UPS', service: 'UPS Ground' },
        tracking: { number: '1Z999AA10123456784', url: expect.stringContaining('1Z999AA10123456784') },
        items: [{ itemId: order.items[0].id }],
      }),
    ]);
    const event = received.find((r) => r.path === '/hook/order')!.body;
    expect(event).toMatchObject({
      specversion: '1.0',
      type: 'com.prodigi.order.status.stage.changed#Complete',
      id: expect.stringMatching(/^evt_/),
      datacontenttype: 'application/json',
      subject: id,
      data: { order: { id, shipments: [expect.objectContaining({ tracking: expect.anything() })] } },
    });
    // a replay is the same event again
    expect(await lab.deliverCallback(`${receiverUrl}/hook/order`, event as never)).toBe(200);
    expect(received.filter((r) => r.path === '/hook/order')).toHaveLength(2);
  });

  it("calls the account's callback URL for an order made without one, and ships by itself when told to", async () => {
    const auto = await startFakeProdigi({ autoShipAfterMs: 50, fetchAssets: false });
    try {
      auto.setAccountCallbackUrl(`${receiverUrl}/hook/account`);
      const res = await fetch(`${auto.url}/orders`, {
        method: 'POST',
        headers: { 'x-api-key': auto.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(newOrder({ merchantReference: 'auto-1' })),
      });
      const id = ((await res.json()) as { order: { id: string } }).order.id;
      await eventually(async () => received.some((r) => r.path === '/hook/account'));
      expect(auto.orders.get(id)!.shipments[0]!.tracking!.number).toMatch(/^\d{12}$/);
      expect(auto.callbacks).toEqual([
        expect.objectContaining({ url: `${receiverUrl}/hook/account`, status: 200 }),
      ]);
    } finally {
      await auto.close();
    }
  });
});

describe("the lab's bad days", () => {
  it('down is a 503 page from its proxy, throttled a 429; both pass', async () => {
    lab.setDown(true);
    const down = await call('GET', '/orders');
    expect(down.status).toBe(503);
    expect(String(down.body)).toContain('<html>');
    lab.setDown(false);
    lab.setThrottled(true);
    expect((await call('GET', '/orders')).status).toBe(429);
    lab.setThrottled(false);
    expect((await call('GET', '/orders')).status).toBe(200);
  });

  it('refuses an address it is told to, in its ValidationFailed shape, and makes no order', async () => {
    lab.refuseAddress('20024');
    const { status, body } = await call(
      'POST',
      '/orders',
      newOrder({ merchantReference: 'refused', idempotencyKey: 'refused' }),
    );
    lab.refuseAddress(null);
    expect(status).toBe(400);
    expect(body.failures).toEqual({
      'recipient.address.postalOrZipCode': [{ code: 'InvalidValue', providedValue: '20024' }],
    });
    expect([...lab.orders.values()].some((o) => o.merchantReference === 'refused')).toBe(false);
  });
});
