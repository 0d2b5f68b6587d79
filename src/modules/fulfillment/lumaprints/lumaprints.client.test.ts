import { describe, expect, it } from 'vitest';
import { LabError } from '../lab-provider';
import { createLumaprintsClient } from './lumaprints.client';
import {
  cheapestShipping,
  errorFor,
  kindOfStatus,
  labMessage,
  parseOptionGroups,
  parsePrice,
  parseShipments,
  parseStores,
  parseSubcategories,
} from './lumaprints-mapping';

// The mapping of Lumaprints' answers, and the client over a stand-in for the network (the
// integration test runs it against the HTTP double, tests/api/lumaprints-double.test.ts).

describe("reading the lab's answers", () => {
  it('takes numbers that come as strings', () => {
    expect(parseStores([{ storeId: '82222', storeName: 'Prints' }, { storeName: 'no id' }])).toEqual([
      { storeId: 82222, storeName: 'Prints' },
    ]);
    expect(
      parseSubcategories([
        {
          subcategoryId: '103001',
          name: 'Archival Matte Fine Art Paper',
          minimumWidth: '4',
          maximumWidth: '60.5',
          minimumHeight: 4,
          maximumHeight: ' 44 ',
          requiredDPI: '150',
        },
        { subcategoryId: 101001, name: 'Canvas', requiredDPI: 0 },
      ]),
    ).toEqual([
      {
        subcategoryId: 103001,
        name: 'Archival Matte Fine Art Paper',
        minWidth: 4,
        maxWidth: 60.5,
        minHeight: 4,
        maxHeight: 44,
        requiredDpi: 150,
      },
      {
        subcategoryId: 101001,
        name: 'Canvas',
        minWidth: 0,
        maxWidth: 0,
        minHeight: 0,
        maxHeight: 0,
        requiredDpi: null,
      },
    ]);
  });

  it('reads option groups by either name of the group field', () => {
    expect(
      parseOptionGroups([
        { optionGroup: 'Canvas Wrap', optionGroupItems: [{ optionId: '1', optionName: 'Image Wrap' }] },
        { optionGroupName: 'Mounting', optionGroupItems: [{ optionId: 3, optionName: 'No Mounting' }] },
        { optionGroup: 'Empty', optionGroupItems: [] },
      ]),
    ).toEqual([
      { group: 'Canvas Wrap', options: [{ optionId: 1, name: 'Image Wrap' }] },
      { group: 'Mounting', options: [{ optionId: 3, name: 'No Mounting' }] },
    ]);
  });

  it('prices in cents: the base plus the options', () => {
    expect(
      parsePrice({
        price: 24.99,
        options: [
          { optionId: 3, price: 0 },
          { optionId: 4, price: '1.5' },
        ],
      }),
    ).toBe(2649);
    expect(parsePrice({ price: '0.1' })).toBe(10);
    expect(parsePrice({ message: 'no price' })).toBeNull();
  });

  it('picks the cheapest shipping method', () => {
    expect(
      cheapestShipping({
        shippingMethods: [
          { carrier: 'FedEx', method: '2_day', cost: 21.99 },
          { carrier: 'USPS', method: 'usps_ground_advantage', cost: '7.95' },
          { carrier: 'UPS', method: 'ground', cost: 9.49 },
        ],
      }),
    ).toBe(795);
    expect(cheapestShipping({ shippingMethods: [] })).toBeNull();
  });

  it('reads shipments; an empty tracking number is none', () => {
    expect(
      parseShipments({
        orderNumber: '10000045686',
        shipments: [
          { carrier: 'FedEx', trackingNumber: 392964503590, shipmentDate: '2023-12-01' },
          { carrier: 'USPS', trackingNumber: '', shipmentDate: null },
        ],
      }),
    ).toEqual([
      { carrier: 'FedEx', trackingNumber: '392964503590', shippedAt: '2023-12-01' },
      { carrier: 'USPS', trackingNumber: null, shippedAt: null },
    ]);
  });

  it("keeps the lab's message: a string, a list of validation messages, never a proxy's HTML", () => {
    expect(labMessage({ statusCode: 400, message: 'Duplicate Webhook URL' })).toBe('Duplicate Webhook URL');
    expect(
      labMessage({ message: ['recipient.city should not be empty', 'orderItems should not be empty'] }),
    ).toBe('recipient.city should not be empty; orderItems should not be empty');
    expect(labMessage('<html>503</html>')).toBeNull();
  });

  it('refused or unavailable, by status', () => {
    for (const s of [400, 401, 403, 404, 406, 422]) expect(kindOfStatus(s)).toBe('refused');
    for (const s of [408, 429, 500, 502, 503, 504]) expect(kindOfStatus(s)).toBe('unavailable');
    expect(errorFor(401, null)).toMatchObject({
      kind: 'refused',
      status: 401,
      message: 'Lumaprints refused the API key and secret.',
    });
    expect(errorFor(502, '<html>Bad gateway</html>')).toMatchObject({
      kind: 'unavailable',
      message: 'Lumaprints is unavailable (HTTP 502).',
    });
  });
});

type Call = { url: string; init: RequestInit };
/** A stand-in for the network: answers each request with the next of these. */
function network(...answers: (Response | Error | 'hang')[]) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift() ?? new Response('null', { status: 200 });
    if (next === 'hang')
      return new Promise((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    if (next instanceof Error) throw next;
    return next;
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const KEY = 'lp_live_key_0123456789';
const SECRET = 'lp_live_secret_abcdef';
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: LabError) => e,
  );

describe('the client', () => {
  it('sends Basic auth and JSON to the base URL', async () => {
    const net = network(json([{ storeId: 1, storeName: 'S' }]));
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test/',
      fetch: net.fetch,
    });
    await client.stores();
    expect(net.calls[0].url).toBe('https://lab.test/api/v1/stores');
    const headers = net.calls[0].init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`);
    expect(headers.accept).toBe('application/json');
  });

  it('a timeout is unavailable', async () => {
    const net = network('hang');
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
      timeoutMs: 20,
    });
    const err = await caught(client.stores());
    expect(err).toBeInstanceOf(LabError);
    expect(err).toMatchObject({
      kind: 'unavailable',
      status: null,
      message: 'Lumaprints did not answer within 20 ms.',
    });
  });

  it('never puts the key or the secret in a message', async () => {
    const net = network(
      new TypeError('fetch failed', {
        cause: { code: undefined, message: `bad header Basic ${KEY}:${SECRET}` },
      }),
      json({ statusCode: 400, message: `Key ${KEY} is not valid for this store` }, 400),
    );
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    for (const err of [await caught(client.stores()), await caught(client.stores())]) {
      expect(err).toBeInstanceOf(LabError);
      expect(err!.message).not.toContain(KEY);
      expect(err!.message).not.toContain(SECRET);
      expect(err!.message).toContain('[redacted]');
    }
  });

  it('a 201 without an order number is an outcome we cannot tell (unavailable: look before resending)', async () => {
    const net = network(new Response('<html>ok</html>', { status: 201 }));
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    const err = await caught(
      client.createOrder({
        externalId: '7',
        storeId: 1,
        shippingMethod: 'default',
        productionTime: 'regular',
        recipient: {
          firstName: 'A',
          lastName: 'B',
          addressLine1: '1 Main St',
          addressLine2: 'Apt 2',
          city: 'Town',
          state: 'VA',
          zipCode: '22301',
          phone: '555-0100',
        },
        items: [],
      }),
    );
    expect(err).toMatchObject({
      kind: 'unavailable',
      message: 'Lumaprints answered the new order in an unexpected form.',
    });
    expect(JSON.parse(net.calls[0].init.body as string).recipient).toEqual({
      firstName: 'A',
      lastName: 'B',
      addressLine1: '1 Main St',
      addressLine2: 'Apt 2',
      city: 'Town',
      state: 'VA',
      zipCode: '22301',
      country: 'US',
      phone: '555-0100',
    });
  });

  it('the order number comes as a number on create, a string elsewhere: always a string', async () => {
    const net = network(json({ message: 'queued', orderNumber: 10000001440 }, 201));
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    const created = await client.createOrder({
      externalId: '8',
      storeId: 1,
      shippingMethod: 'default',
      productionTime: 'regular',
      recipient: {
        firstName: 'A',
        lastName: 'B',
        addressLine1: '1 Main St',
        addressLine2: null,
        city: 'Town',
        state: 'VA',
        zipCode: '22301',
        phone: null,
      },
      items: [],
    });
    expect(created).toEqual({ orderNumber: '10000001440' });
  });

  it('looks for an externalId page by page, and stops at 20 pages', async () => {
    const page = (n: number) =>
      json({
        orders: [{ orderNumber: String(n), externalId: `other-${n}` }],
        totalOrders: 999,
        currentPage: n,
        totalPages: 100,
      });
    const net = network(...Array.from({ length: 30 }, (_, i) => page(i + 1)));
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    const since = new Date();
    expect(await client.findByExternalId(5, 'mine', since)).toBeNull();
    expect(net.calls).toHaveLength(20);
    const url = new URL(net.calls[19].url);
    expect(url.pathname).toBe('/api/v1/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      storeId: '5',
      page: '20',
      // from the day before our order (the lab's time zone) to the day after now
      orderDateStart: new Date(since.getTime() - 86_400_000).toISOString().slice(0, 10),
      orderDateEnd: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    });
  });

  it('stops paging at an order placed before ours', async () => {
    const since = new Date('2026-11-20T12:00:00Z');
    const net = network(
      json({
        orders: [
          { orderNumber: '3', externalId: 'other-3', orderDate: '2026-11-21T08:00:00.000Z' },
          { orderNumber: '2', externalId: 'other-2', orderDate: '2026-11-10T08:00:00.000Z' },
        ],
        totalPages: 50,
      }),
    );
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    expect(await client.findByExternalId(5, 'mine', since)).toBeNull();
    expect(net.calls).toHaveLength(1);
  });

  it('a list answering 404 means no orders', async () => {
    const net = network(json({ statusCode: 404, message: 'Not Found' }, 404));
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    expect(await client.findByExternalId(5, 'mine', new Date())).toBeNull();
  });

  it('a webhook URL the lab already has is fine; another 400 is refused', async () => {
    const net = network(
      json({ statusCode: 400, message: 'Duplicate Webhook URL' }, 400),
      json({ statusCode: 400, message: 'URL Not accessible' }, 400),
    );
    const client = createLumaprintsClient({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: 'https://lab.test',
      fetch: net.fetch,
    });
    await client.registerWebhook(5, 'https://shop.test/hook');
    expect(JSON.parse(net.calls[0].init.body as string)).toEqual({
      event: 'shipping',
      storeId: 5,
      url: 'https://shop.test/hook',
    });
    expect(await caught(client.registerWebhook(5, 'https://shop.test/hook'))).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'URL Not accessible',
    });
  });
});
