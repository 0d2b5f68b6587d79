import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeProdigi,
  fakeProdigiShipping,
  fakeProdigiUnitCost,
  type FakeProdigi,
} from '../../../demo/labs/prodigi-double';
import { LabError, type LabRecipient } from '../lab-provider';
import { attributesFor, familyOf, skuFor } from './prodigi-catalogue';
import { createProdigiClient, FIND_MAX_PAGES } from './prodigi.client';
import { prodigiLab } from './prodigi.lab';
import {
  callbackOrderId,
  cheapestShipping,
  errorFor,
  labMessage,
  measureImage,
  parseShipments,
  shippingMethodFor,
  type ProdigiItem,
} from './prodigi-mapping';

// The mapping of Prodigi's answers, and the client and the lab seam against the double of its API
// (src/demo/labs/prodigi-double.ts, written from Prodigi's docs).

const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as LabError,
  );

describe("reading Prodigi's answers", () => {
  it("words a validation failure by field and code, never with the values sent (the buyer's address)", () => {
    expect(
      labMessage({
        outcome: 'ValidationFailed',
        failures: {
          'recipient.address.postalOrZipCode': [
            { code: 'MustBeAValidUSZipCodeFormat', providedValue: '2002' },
          ],
          'items[0].sku': [{ code: 'SkuNotFound', providedValue: 'GLOBAL-X' }],
        },
      }),
    ).toBe('recipient.address.postalOrZipCode: MustBeAValidUSZipCodeFormat; items[0].sku: SkuNotFound');
    expect(labMessage({ statusText: 'Something went wrong', statusCode: 400 })).toBe('Something went wrong');
    expect(labMessage('<html>502</html>')).toBeNull();
  });

  it('refused or unavailable, by status; an outage never shows its body as the reason', () => {
    expect(errorFor(401, { outcome: 'NotAuthenticated' })).toMatchObject({
      kind: 'refused',
      message: 'Prodigi did not accept the API key.',
    });
    expect(errorFor(404, { outcome: 'EntityNotFound' })).toMatchObject({ kind: 'refused', status: 404 });
    for (const s of [408, 429, 500, 502, 503])
      expect(errorFor(s, { statusText: 'x' }).kind).toBe('unavailable');
    expect(errorFor(500, { outcome: 'TimedOut' }).message).toBe('Prodigi is unavailable (HTTP 500).');
  });

  it('names what a validation failure is about by its first field: the address, the file or the product', () => {
    const failing = (field: string) => ({
      outcome: 'ValidationFailed',
      failures: { [field]: [{ code: 'x' }] },
    });
    expect(errorFor(400, failing('recipient.address.postalOrZipCode')).about).toBe('address');
    expect(errorFor(400, failing('recipient.name')).about).toBe('address');
    expect(errorFor(400, failing('items[0].assets[0].url')).about).toBe('file');
    expect(errorFor(400, failing('items[1].sku')).about).toBe('product');
    expect(errorFor(400, failing('items[0].attributes.wrap')).about).toBe('product');
    expect(errorFor(400, failing('shippingMethod')).about).toBeNull();
    expect(errorFor(401, { outcome: 'NotAuthenticated' }).about).toBeNull();
  });

  it('picks the cheapest of the four methods, in cents', () => {
    expect(
      cheapestShipping({
        quotes: [
          { shipmentMethod: 'Standard', costSummary: { shipping: { amount: '8.95', currency: 'USD' } } },
          { shipmentMethod: 'Budget', costSummary: { shipping: { amount: '5.95', currency: 'USD' } } },
          { shipmentMethod: 'Express', costSummary: { shipping: { amount: 'n/a', currency: 'USD' } } },
        ],
      }),
    ).toEqual({ cents: 595, currency: 'USD' });
    expect(cheapestShipping({ quotes: [] })).toBeNull();
  });

  it('reads shipments with their tracking; a cancelled one is none', () => {
    expect(
      parseShipments({
        shipments: [
          {
            status: 'Shipped',
            carrier: { name: 'FedEx', service: 'FedEx Ground' },
            tracking: { number: '774899172137', url: 'https://fedex.example/774899172137' },
            dispatchDate: '2026-11-30T10:00:00Z',
          },
          { status: 'Cancelled', carrier: { name: 'UPS' }, tracking: { number: '1Z' } },
          { status: 'Processing', carrier: { name: 'USPS', service: 'Ground' }, tracking: null },
        ],
      }),
    ).toEqual([
      { carrier: 'FedEx', trackingNumber: '774899172137', shippedAt: '2026-11-30T10:00:00Z' },
      { carrier: 'USPS', trackingNumber: null, shippedAt: null },
    ]);
  });

  it("finds the order a callback is about, in either of the docs' shapes, and nothing else", () => {
    expect(callbackOrderId({ subject: 'ord_1469466', data: { order: { id: 'ord_1469466' } } })).toBe(
      'ord_1469466',
    );
    expect(callbackOrderId({ data: { id: 'ord_77', status: { stage: 'InProgress' } } })).toBe('ord_77');
    expect(callbackOrderId({ orderNumber: '1000' })).toBeNull();
    expect(callbackOrderId({ subject: "ord_1'; drop" })).toBeNull();
  });

  it('maps our shipping methods to its four; one it lacks is refused in words', () => {
    expect(['ground_economy', 'default', '2_day', 'overnight'].map(shippingMethodFor)).toEqual([
      'Budget',
      'Standard',
      'Express',
      'Overnight',
    ]);
    expect(() => shippingMethodFor('usps_priority_mail')).toThrow(LabError);
  });

  it('makes the SKU from the family and the sides either way round; a size it lacks is none', () => {
    const rag = familyOf(1001)!;
    expect(skuFor(rag, 8, 10)).toBe('GLOBAL-HPR-8X10');
    expect(skuFor(rag, 12, 8)).toBe('GLOBAL-HPR-8X12');
    expect(skuFor(rag, 9, 13)).toBeNull();
    const canvas = familyOf(3001)!;
    expect(attributesFor(canvas, [])).toEqual({ wrap: 'ImageWrap' });
    expect(attributesFor(canvas, [3102])).toEqual({ wrap: 'MirrorWrap' });
    expect(attributesFor(canvas, [3102, 3103])).toMatch(/one canvas wrap/);
    expect(attributesFor(rag, [3101])).toMatch(/not one of/);
  });

  it("checks an image's shape and pixels against the print, either way round", () => {
    expect(measureImage({ width: 3000, height: 2400 }, 8, 10, 150)).toMatchObject({ ok: true });
    expect(measureImage({ width: 3000, height: 2000 }, 8, 10, 150)).toMatchObject({ ok: false });
    expect(measureImage({ width: 1000, height: 1250 }, 8, 10, 150).message).toMatch(/125 pixels per inch/);
  });
});

const recipient: LabRecipient = {
  firstName: 'Rachel',
  lastName: 'Carson',
  addressLine1: '1100 4th Street SW',
  addressLine2: 'Apt 2',
  city: 'Washington',
  state: 'DC',
  zipCode: '20024',
  phone: '+1 202 555 0143',
};

describe('the client against the double', () => {
  let lab: FakeProdigi;
  beforeAll(async () => {
    lab = await startFakeProdigi({ fetchAssets: false });
  });
  afterAll(() => lab.close());
  beforeEach(() => {
    lab.setDown(false);
    lab.setThrottled(false);
    lab.setCreateDelay(0);
    lab.refuseAddress(null);
  });
  const client = (over: Partial<Parameters<typeof createProdigiClient>[0]> = {}) =>
    createProdigiClient({ apiKey: lab.apiKey, baseUrl: lab.url, ...over });
  const order = (reference: string) => ({
    merchantReference: reference,
    shippingMethod: 'Standard' as const,
    recipient,
    items: [
      {
        merchantReference: '71',
        sku: 'GLOBAL-HPR-8X10',
        copies: 2,
        attributes: {},
        imageUrl: 'https://shop.example/lab-files/9?sig=abc',
      },
    ],
  });

  it('a wrong key is refused in words, and the key is never in a message', async () => {
    const wrongKey = 'wrong_key_8f3e1c2a';
    const e = await caught(client({ apiKey: wrongKey }).checkKey());
    expect(e).toMatchObject({ kind: 'refused', status: 401, message: 'Prodigi did not accept the API key.' });
    expect(lab.requests.at(-1)).toMatchObject({ authorized: false, status: 401 });
    const leaky = await caught(
      client({
        apiKey: wrongKey,
        fetch: (async () => {
          throw new Error(`connect ECONNREFUSED https://x?key=${wrongKey}`);
        }) as typeof fetch,
      }).checkKey(),
    );
    expect(leaky).toMatchObject({ kind: 'unavailable' });
    expect(leaky!.message).not.toContain(wrongKey);
    expect(leaky!.message).toContain('[redacted]');
  });

  it('down, throttled or too slow is unavailable (retried later), never refused', async () => {
    lab.setDown(true);
    expect(await caught(client().checkKey())).toMatchObject({ kind: 'unavailable', status: 503 });
    lab.setDown(false);
    lab.setThrottled(true);
    expect(await caught(client().checkKey())).toMatchObject({ kind: 'unavailable', status: 429 });
    lab.setThrottled(false);
    lab.setCreateDelay(500);
    const e = await caught(client({ timeoutMs: 100 }).createOrder(order('slow-1')));
    expect(e).toMatchObject({ kind: 'unavailable', message: 'Prodigi did not answer within 200 ms.' });
  });

  it('the same order sent again (after a timeout, by a second job) is the first order, never a second', async () => {
    lab.setCreateDelay(400);
    expect(await caught(client({ timeoutMs: 100 }).createOrder(order('again-1')))).toMatchObject({
      kind: 'unavailable',
    });
    lab.setCreateDelay(0);
    const second = await client().createOrder(order('again-1'));
    const third = await client().createOrder(order('again-1'));
    const made = [...lab.orders.values()].filter((o) => o.merchantReference === 'again-1');
    expect(made).toHaveLength(1);
    expect(second).toEqual({ orderId: made[0]!.id, outcome: 'AlreadyExists' });
    expect(third.orderId).toBe(made[0]!.id);
    const sent = lab.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/orders')).at(-1)!.body;
    expect(sent).toMatchObject({
      merchantReference: 'again-1',
      idempotencyKey: 'again-1',
      shippingMethod: 'Standard',
      recipient: {
        name: 'Rachel Carson',
        phoneNumber: '+1 202 555 0143',
        address: {
          line1: '1100 4th Street SW',
          line2: 'Apt 2',
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
          copies: 2,
          sizing: 'fillPrintArea',
          assets: [{ printArea: 'default', url: 'https://shop.example/lab-files/9?sig=abc' }],
        },
      ],
    });
  });

  it('a refused address is refused with the field and code Prodigi gave', async () => {
    lab.refuseAddress('20024');
    expect(await caught(client().createOrder(order('refused-1')))).toMatchObject({
      kind: 'refused',
      status: 400,
      message: 'recipient.address.postalOrZipCode: InvalidValue',
      about: 'address',
    });
    expect([...lab.orders.values()].some((o) => o.merchantReference === 'refused-1')).toBe(false);
  });

  it('looks for our reference only from the order creation on (less clock skew)', async () => {
    const { orderId } = await client().createOrder(order('find-1'));
    expect(await client().findByMerchantReference('find-1', new Date(Date.now() - 60_000))).toEqual({
      orderId,
    });
    const query = lab.requests.at(-1)!.query;
    expect(query).toMatchObject({ merchantReferences: 'find-1', top: '100', skip: '0' });
    expect(Date.parse(query.createdFrom!)).toBeLessThan(Date.now() - 10 * 60_000);
    // an order made well before ours is not ours
    expect(await client().findByMerchantReference('find-1', new Date(Date.now() + 20 * 60_000))).toBeNull();
    expect(await client().findByMerchantReference('nobody')).toBeNull();
  });

  it(`stops looking after ${FIND_MAX_PAGES} pages`, async () => {
    let calls = 0;
    const endless = (async () => {
      calls++;
      return new Response(
        JSON.stringify({
          outcome: 'Ok',
          orders: [{ id: `ord_${calls}`, merchantReference: 'x' }],
          hasMore: true,
        }),
      );
    }) as typeof fetch;
    expect(await client({ fetch: endless }).findByMerchantReference('mine')).toBeNull();
    expect(calls).toBe(FIND_MAX_PAGES);
  });

  it('reads the order back with its stage, then its shipment and tracking', async () => {
    const { orderId } = await client().createOrder(order('ship-1'));
    expect(await client().order(orderId)).toEqual({
      orderNumber: orderId,
      externalId: 'ship-1',
      status: 'InProgress',
      shipments: [],
      shippingCents: null,
    });
    await lab.ship(orderId, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(await client().order(orderId)).toMatchObject({
      status: 'Complete',
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
    });
    expect(await caught(client().order('ord_1'))).toMatchObject({ kind: 'refused', status: 404 });
  });

  it("prices from quotes: one copy at Standard, and the cheapest method's shipping", async () => {
    expect(await client().unitCost({ sku: 'GLOBAL-CAN-16X20', attributes: { wrap: 'ImageWrap' } })).toBe(
      Math.round(fakeProdigiUnitCost('GLOBAL-CAN-16X20') * 100),
    );
    const items: ProdigiItem[] = [
      { sku: 'GLOBAL-HPR-8X10', copies: 2, attributes: {} },
      { sku: 'GLOBAL-CAN-16X20', copies: 1, attributes: { wrap: 'Black' } },
    ];
    expect(await client().shippingCost(items)).toBe(Math.round(fakeProdigiShipping('Budget', items) * 100));
    expect(await caught(client().unitCost({ sku: 'GLOBAL-CAN-16X20', attributes: {} }))).toMatchObject({
      kind: 'refused',
      message: 'items[0].attributes.wrap: Required',
    });
  });
});

describe('the lab seam over Prodigi', () => {
  let lab: FakeProdigi;
  let images: http.Server;
  let imageUrl: string;
  beforeAll(async () => {
    lab = await startFakeProdigi({ fetchAssets: false });
    const jpeg = await sharp({ create: { width: 1500, height: 1200, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    images = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg));
    await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
    imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/heron.jpg`;
  });
  afterAll(async () => {
    await lab.close();
    await new Promise((r) => images.close(r));
  });
  const connect = () => prodigiLab.connect({ apiKey: lab.apiKey, apiSecret: '', baseUrl: lab.url }, {});

  it('has no settings to choose, but checks the key', async () => {
    expect(await connect().checkConnection()).toEqual({ choices: {}, note: null });
    const bad = prodigiLab.connect({ apiKey: 'nope', apiSecret: '', baseUrl: lab.url }, {});
    expect(await caught(bad.checkConnection())).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('offers the families Prodigi knows, each by its smallest SKU', async () => {
    const [fineArt] = await connect().catalogue();
    expect(fineArt!.name).toBe('Fine Art Paper');
    expect(fineArt!.products.map((s) => s.name)).toEqual([
      'Hahnemühle Photo Rag',
      'Enhanced Matte Art Paper',
    ]);
    expect(fineArt!.products[0]).toMatchObject({ id: '1001', minWidth: 5, maxWidth: 36, requiredDpi: null });
    expect(lab.requests.filter((r) => r.path.startsWith('/v4.0/products/')).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/v4.0/products/GLOBAL-HPR-5X7', '/v4.0/products/GLOBAL-FAP-5X7']),
    );
    expect(await connect().productOptions('3001')).toEqual([
      {
        group: 'Canvas Wrap',
        options: [
          { id: '3101', name: 'Image Wrap' },
          { id: '3102', name: 'Mirror Wrap' },
          { id: '3103', name: 'Black Edges' },
          { id: '3104', name: 'White Edges' },
        ],
      },
    ]);
  });

  it("orders a landscape print as the family's SKU, with the callback address and the shop's own key", async () => {
    const { orderNumber } = await connect().createOrder({
      externalId: '42',
      idempotencyKey: '42-mid4n1ku',
      shippingMethod: '2_day',
      productionTime: 'regular',
      recipient,
      callbackUrl: 'https://shop.example/api/webhooks/lab/prodigi/s3cret',
      items: [
        {
          ref: { familyId: 3001, optionIds: [3102] },
          widthIn: 20,
          heightIn: 16,
          quantity: 1,
          externalItemId: '7',
          imageUrl,
        },
      ],
    });
    expect(lab.orders.get(orderNumber)).toMatchObject({
      merchantReference: '42',
      idempotencyKey: '42-mid4n1ku',
      shippingMethod: 'Express',
      callbackUrl: 'https://shop.example/api/webhooks/lab/prodigi/s3cret',
      items: [{ sku: 'GLOBAL-CAN-16X20', attributes: { wrap: 'MirrorWrap' }, merchantReference: '7' }],
    });
    expect(await connect().findByExternalId('42', new Date(Date.now() - 3_600_000))).toEqual({ orderNumber });
  });

  it('refuses a size Prodigi does not make, in words, without asking it', async () => {
    const before = lab.requests.length;
    expect(
      await caught(
        connect().productCost({ ref: { familyId: 1001, optionIds: [] }, widthIn: 9, heightIn: 13 }),
      ),
    ).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(
        /^Prodigi does not make Hahnemühle Photo Rag at 9 x 13 in; its sizes are 5x7, 8x10/,
      ),
    });
    expect(lab.requests.length).toBe(before);
  });

  it("checks the image here (Prodigi has none): the print's shape, and enough pixels", async () => {
    const ref = { familyId: 1001, optionIds: [] };
    expect(await connect().checkImage({ ref, widthIn: 10, heightIn: 8 }, imageUrl)).toMatchObject({
      ok: true,
    });
    expect(await connect().checkImage({ ref, widthIn: 16, heightIn: 20 }, imageUrl)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/75 pixels per inch/),
    });
    expect(await connect().checkImage({ ref, widthIn: 12, heightIn: 8 }, imageUrl)).toMatchObject({
      ok: false,
    });
  });
});
