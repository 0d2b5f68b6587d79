import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertPhoto } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// One set of input rules at the edge (src/platform/http/validate.ts). Every case here answered 500 (or a 2xx)
// before; none may now.
let app: TestApp;
let admin: HttpClient;
let photo: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  photo = await insertPhoto(app.ctx.db, {
    title: 'Heron',
    options: [{ size: '8x10 inch', priceCents: 5000, shippingCents: 500 }],
  });
});
afterAll(() => app?.close());

const NUL = '\u0000';
const NUL_MESSAGE = 'Text must not contain NUL characters.';
const BIG = 2147483648;

type Route = {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  admin?: boolean;
  body: Record<string, unknown>;
};
const visitorWrite = (method: Route['method'], path: string, body: Route['body']): Route => ({
  method,
  path,
  body,
});
const adminWrite = (method: Route['method'], path: string, body: Route['body']): Route => ({
  method,
  path,
  body,
  admin: true,
});
const category = { name: 'birds', displayName: 'Birds' };
const option = { size: '8x10', format: 'Paper' };
const photoText = { title: 'T', description: 'D', location: 'L', category: 'birds' };
// Every write that takes text, with each of its text fields.
const textRoutes: Route[] = [
  visitorWrite('POST', '/api/contact', { name: 'Rosa', email: 'r@example.org', message: 'hello there!' }),
  visitorWrite('POST', '/api/checkout', {
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    shippingAddress: '1 Main St, Springfield',
  }),
  visitorWrite('POST', '/api/admin/login', { username: 'owner', password: 'correct horse battery' }),
  visitorWrite('POST', '/api/test-payments/confirm', {
    clientSecret: 'x',
    cardNumber: '4242',
    expiry: '1',
    cvc: '1',
  }),
  adminWrite('POST', '/api/admin/faqs', { question: 'Q?', answer: 'A.' }),
  adminWrite('PATCH', '/api/admin/faqs/1', { question: 'Q?', answer: 'A.' }),
  adminWrite('POST', '/api/admin/shipping-notice', { line1: 'Ships', line2: 'soon' }),
  adminWrite('POST', '/api/admin/about', { mainBio: '<p>bio</p>', approachText: 'a', servicesText: 's' }),
  adminWrite('POST', '/api/admin/categories', category),
  adminWrite('PUT', '/api/admin/categories/1', category),
  adminWrite('POST', '/api/admin/photos', { ...photoText, dateTaken: '2020', aspectRatio: '4:5' }),
  adminWrite('PUT', '/api/admin/photos/1', photoText),
  adminWrite('POST', '/api/admin/item-options', { ...option, aspectRatio: '4:5' }),
  adminWrite('PUT', '/api/admin/item-options/1', option),
  adminWrite('POST', '/api/admin/photos/1/item-options', option),
  adminWrite('POST', '/api/admin/print-options', { size: '8x10', material: 'Paper' }),
  adminWrite('PATCH', '/api/admin/orders/1/fulfillment-status', { fulfillmentStatus: 'paid' }),
];

const send = (route: Route, body: unknown) => {
  const c = route.admin ? admin : app.client();
  return c.request(route.method, route.path, body);
};

describe('NUL characters', () => {
  it('are refused with a 400 and a field message in every text field of every write', async () => {
    const failures: string[] = [];
    for (const route of textRoutes) {
      for (const field of Object.keys(route.body)) {
        const res = await send(route, { ...route.body, [field]: `bad${NUL}text` });
        const body = (await res.json()) as { errors?: Record<string, string> };
        if (res.status !== 400 || body.errors?.[field] !== NUL_MESSAGE)
          failures.push(`${route.method} ${route.path} ${field}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    // nested too: checkout items
    const nested = await app.client().post('/api/checkout', { items: [{ photoId: `1${NUL}` }] });
    expect(nested.status).toBe(400);
    expect((await nested.json()).errors).toEqual({ 'items.0.photoId': NUL_MESSAGE });
    expect(failures).toEqual([]);
  });

  it('are refused in query strings and paths', async () => {
    const c = app.client();
    for (const path of [
      '/api/photos?category=bi%00rds',
      '/api/photos?featured=%00',
      `/api/orders/1/status?secret=a%00b`,
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(400);
      expect((await res.json()).message, path).toContain(NUL_MESSAGE);
    }
    for (const path of [
      '/api/admin/orders?q=%00',
      '/api/admin/orders.csv?q=a%00',
      '/api/admin/orders?fulfillmentStatus=%00',
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
    }
    expect((await c.get('/api/photos/1%00')).status).toBe(400);
    // the same searches without NUL still work
    expect((await admin.get('/api/admin/orders?q=ada')).status).toBe(200);
    expect((await c.get('/api/photos?category=birds')).status).toBe(200);
  });
});

describe('ids', () => {
  it('beyond the integer range are a 400 in a body', async () => {
    const c = app.client();
    const cases: [HttpClient, string, string, Record<string, unknown>][] = [
      [c, 'POST', '/api/cart', { photoId: BIG, printOptionId: photo.optionIds[0], quantity: 1 }],
      [c, 'POST', '/api/cart', { photoId: photo.photoId, printOptionId: BIG, quantity: 1 }],
      [c, 'POST', '/api/cart', { photoId: '99999999999999999999', printOptionId: 1 }],
      [
        c,
        'POST',
        '/api/checkout',
        {
          customerName: 'Ada Lovelace',
          customerEmail: 'ada@example.com',
          shippingAddress: '1 Main St, Springfield, IL',
          totalAmount: 55,
          items: [{ photoId: BIG, printOptionId: photo.optionIds[0], quantity: 1 }],
        },
      ],
      [c, 'POST', '/api/create-payment-intent', { orderId: BIG, amount: 1 }],
      [
        admin,
        'POST',
        '/api/admin/print-options',
        { photoId: BIG, size: '8x10', material: 'Paper', price: 10 },
      ],
      [admin, 'PUT', '/api/admin/categories/reorder', { categoryIds: [BIG] }],
      [admin, 'POST', '/api/admin/faqs/reorder', { faqIds: [BIG] }],
    ];
    for (const [client, method, path, body] of cases) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });

  it('beyond the integer range are a 404 in a path', async () => {
    const c = app.client();
    await c.json(c.post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0] }), 201);
    const cases: [HttpClient, string, string, unknown?][] = [
      [c, 'GET', `/api/photos/${BIG}`],
      [c, 'GET', `/api/photos/${BIG}/item-options`],
      [c, 'GET', `/api/photos/${BIG}/image`],
      [c, 'GET', `/api/photos/99999999999999999999999/thumbnail`],
      [c, 'PUT', `/api/cart/${BIG}`, { quantity: 2 }],
      [c, 'DELETE', `/api/cart/${BIG}`],
      [c, 'GET', `/api/orders/${BIG}/status?secret=x`],
      [admin, 'GET', `/api/admin/photos/${BIG}`],
      [admin, 'PUT', `/api/admin/photos/${BIG}`, { title: 'T', description: 'D', category: 'birds' }],
      [admin, 'DELETE', `/api/admin/photos/${BIG}`],
      [admin, 'PUT', `/api/admin/item-options/${BIG}`, { size: 's', format: 'f', price: 1 }],
      [admin, 'DELETE', `/api/admin/item-options/${BIG}`],
      [admin, 'POST', `/api/admin/photos/${photo.photoId}/item-options/${BIG}`],
      [admin, 'DELETE', `/api/admin/photos/${BIG}/item-options/1`],
      [admin, 'PUT', `/api/admin/categories/${BIG}`, { name: 'x', displayName: 'X' }],
      [admin, 'DELETE', `/api/admin/categories/${BIG}`],
      [admin, 'PATCH', `/api/admin/faqs/${BIG}`, { question: 'Q', answer: 'A' }],
      [admin, 'DELETE', `/api/admin/faqs/${BIG}`],
      [admin, 'GET', `/api/admin/orders/${BIG}`],
      [admin, 'PATCH', `/api/admin/orders/${BIG}/fulfillment-status`, { fulfillmentStatus: 'paid' }],
    ];
    for (const [client, method, path, body] of cases) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('numbers', () => {
  it('are never coerced from booleans, arrays or objects', async () => {
    const c = app.client();
    const good = { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 };
    for (const bad of [true, false, [photo.photoId], { id: 1 }, null, '', '1e3', 1.5, 0, -1]) {
      for (const field of ['photoId', 'printOptionId', 'quantity'] as const) {
        if (field === 'quantity' && bad === null) continue;
        const res = await c.post('/api/cart', { ...good, [field]: bad });
        expect(res.status, `${field}: ${JSON.stringify(bad)}`).toBe(400);
      }
    }
    expect((await c.json<{ items: unknown[] }>(c.get('/api/cart'))).items).toEqual([]);
    // the spec's client may send numeric strings: those are numbers
    expect((await c.post('/api/cart', { ...good, photoId: String(photo.photoId) })).status).toBe(201);

    const checkout = {
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      shippingAddress: '1 Main St, Springfield, IL',
      totalAmount: 55,
      items: [good],
    };
    for (const [over, what] of [
      [{ totalAmount: true }, 'totalAmount'],
      [{ totalAmount: [55] }, 'totalAmount'],
      [{ items: [{ ...good, quantity: true }] }, 'items.0.quantity'],
      [{ items: [{ ...good, photoId: [photo.photoId] }] }, 'items.0.photoId'],
    ] as const) {
      const res = await c.post('/api/checkout', { ...checkout, ...over });
      expect(res.status, what).toBe(400);
      expect(Object.keys((await res.json()).errors), what).toContain(what);
    }
    for (const amount of [true, [1], { a: 1 }]) {
      expect((await c.post('/api/create-payment-intent', { orderId: 1, amount })).status).toBe(400);
      expect((await c.post('/api/create-payment-intent', { orderId: [1] })).status).toBe(400);
    }
    for (const price of [true, [10], { v: 10 }]) {
      const res = await admin.post('/api/admin/print-options', {
        photoId: photo.photoId,
        size: '8x10',
        material: 'Paper',
        price,
      });
      expect(res.status).toBe(400);
    }
    expect((await admin.put('/api/admin/categories/reorder', { categoryIds: [true] })).status).toBe(400);
    expect((await admin.post('/api/admin/faqs/reorder', { faqIds: [[1]] })).status).toBe(400);
  });
});

describe('a broken multipart upload', () => {
  const post = (body: string | FormData, contentType?: string) =>
    admin.post('/api/admin/logo', body, contentType ? { 'content-type': contentType } : {});

  it('is a 400 with a message, never a 500', async () => {
    const boundary = '----wfboundary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA`;
    const many = new FormData();
    for (let i = 0; i < 1000; i++) many.append(`f${i}`, 'x');
    const cases: [string, Promise<Response>][] = [
      ['no boundary', post('whatever', 'multipart/form-data')],
      ['boundary not in the body', post('no parts here at all', `multipart/form-data; boundary=${boundary}`)],
      ['truncated', post(part, `multipart/form-data; boundary=${boundary}`)],
      [
        'bad part header',
        post(`--${boundary}\r\nbroken\r\n\r\n`, `multipart/form-data; boundary=${boundary}`),
      ],
      ['1000 extra fields', post(many)],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expect(res.status, what).toBe(400);
      expect(typeof (await res.json()).message, what).toBe('string');
    }
  });
});

describe('cross-site writes', () => {
  it('are refused when only a cross-site Referer says where they come from', async () => {
    const noHints = { 'sec-fetch-site': '' };
    const cases: [HttpClient, string, unknown][] = [
      [admin, '/api/admin/faqs', { question: 'Evil?', answer: 'Yes.' }],
      [admin, '/api/admin/shipping-notice', { line1: 'Evil', isActive: true }],
      [
        app.client(),
        '/api/contact',
        { name: 'Eve', email: 'eve@example.org', message: 'cross-site message' },
      ],
    ];
    for (const [client, path, body] of cases) {
      for (const referer of ['https://evil.example/page', 'not a url']) {
        const res = await client.post(path, body, { ...noHints, referer });
        expect(res.status, `${path} ${referer}`).toBe(403);
        expect(await res.json()).toEqual({ message: 'Cross-site requests are not allowed.' });
      }
    }
    // our own pages' Referer passes
    const own = await admin.post(
      '/api/admin/faqs',
      { question: 'Own?', answer: 'Yes.' },
      { ...noHints, referer: `${app.url}/admin/faq` },
    );
    expect(own.status).toBe(201);
  });
});
