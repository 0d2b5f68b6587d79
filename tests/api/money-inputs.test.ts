import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { fillCart, insertPhoto, placeOrder, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { orderMessages, refundMessages } from '../../src/contract';

// Every money and quantity field of every request, against the one set of input rules
// (src/platform/http/input-rules.ts): a JSON number or a plain decimal string; anything else is a
// 400 with the field's message and changes nothing. Before, `true` refunded $1, `[5]` $5, '0x10'
// was $16, '' was $0 and 10.005 was rounded to 10.01.
let app: TestApp;
let admin: HttpClient;
let heron: { photoId: number; optionIds: number[] };
const TOTAL = 105; // $95 + $10 shipping

beforeAll(async () => {
  app = await createTestApp(); // the built-in test payment provider
  await app.startWorkers();
  admin = await app.admin();
  heron = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // 8x10 inch, $95 + $10
});
afterAll(() => app?.close());

type Kind = 'missing' | 'invalid' | 'cents' | 'fraction';
/** Values no money or quantity field takes, by what the field's message says about them. */
const notNumbers: [unknown, Kind][] = [
  [true, 'invalid'],
  [false, 'invalid'],
  [[5], 'invalid'],
  [[], 'invalid'],
  [{ amount: 5 }, 'invalid'],
  ['NaN', 'invalid'],
  ['Infinity', 'invalid'],
  ['-Infinity', 'invalid'],
  ['0x10', 'invalid'],
  ['0o17', 'invalid'],
  ['0b101', 'invalid'],
  ['1e1', 'invalid'],
  ['5 dollars', 'invalid'],
  [null, 'missing'],
  ['', 'missing'],
  ['   ', 'missing'],
];
const moneyBad: [unknown, Kind][] = [...notNumbers, [10.005, 'cents'], ['10.005', 'cents'], [0.999, 'cents']];
const quantityBad: [unknown, Kind][] = [...notNumbers, [1.5, 'fraction'], ['2.5', 'fraction']];

const centsOf = (label: string) => `${label} must be in whole cents (at most 2 decimal places)`;
const price = {
  missing: 'Price is required',
  invalid: 'Price must be a number',
  cents: centsOf('Price'),
} as const;
const shipping = {
  missing: 'Shipping is required',
  invalid: 'Shipping must be a number',
  cents: centsOf('Shipping'),
} as const;

type Case = {
  what: string;
  field: string;
  bad: [unknown, Kind][];
  messages: Partial<Record<Kind, string>>;
  send: (value: unknown) => Promise<Response>;
  /** What must not change when the value is refused. */
  state: () => Promise<unknown>;
};

async function expectRefused(c: Case) {
  const before = await c.state();
  const failures: string[] = [];
  for (const [value, kind] of c.bad) {
    const res = await c.send(value);
    const body = (await res.json()) as { message?: string; errors?: Record<string, string> };
    const expected = c.messages[kind] ?? c.messages.invalid;
    if (res.status !== 400 || body.errors?.[c.field] !== expected || !body.message?.includes(expected!))
      failures.push(`${JSON.stringify(value)}: ${res.status} ${JSON.stringify(body)}`);
  }
  expect(failures, c.what).toEqual([]);
  expect(await c.state(), `${c.what}: nothing changed`).toEqual(before);
}

const count = async (table: string) => Number((await app.ctx.db(table).count({ n: '*' }).first())?.n);
const line = () => ({ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 });

describe('cart quantity', () => {
  it('is a whole number (or its decimal string): anything else is a 400 and the cart stays as it was', async () => {
    const c = app.client();
    const cart = () => c.json<{ items: { id: number; quantity: number }[] }>(c.get('/api/cart'));
    const quantity = {
      missing: 'Quantity must be a number',
      invalid: 'Quantity must be a number',
      fraction: 'Quantity must be a whole number',
    };
    await expectRefused({
      what: 'POST /api/cart',
      field: 'quantity',
      bad: quantityBad,
      messages: quantity,
      send: (value) => c.post('/api/cart', { ...line(), quantity: value }),
      state: cart,
    });
    expect((await cart()).items).toEqual([]);

    await c.json(c.post('/api/cart', { ...line(), quantity: '2' }), 201);
    const [{ id }] = (await cart()).items;
    await expectRefused({
      what: 'PUT /api/cart/{id}',
      field: 'quantity',
      bad: quantityBad,
      messages: quantity,
      send: (value) => c.put(`/api/cart/${id}`, { quantity: value }),
      state: cart,
    });
    expect((await cart()).items.map((i) => i.quantity)).toEqual([2]);
    await c.json(c.put(`/api/cart/${id}`, { quantity: 3 }));
    expect((await cart()).items.map((i) => i.quantity)).toEqual([3]);
  });
});

describe('checkout and payment', () => {
  it('take the total as a number or a decimal string, nothing else, and store nothing when refused', async () => {
    const c = app.client();
    await fillCart(c, [line()]);
    const checkout = { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' };
    const body = { ...checkout, shippingAddress: '1 Main St, Springfield, IL 62701' };
    await expectRefused({
      what: 'POST /api/checkout totalAmount',
      field: 'totalAmount',
      bad: moneyBad,
      messages: { invalid: orderMessages.total, cents: orderMessages.totalCents },
      send: (value) => c.post('/api/checkout', { ...body, totalAmount: value }),
      state: () => count('orders'),
    });
    await expectRefused({
      what: 'POST /api/checkout items.0.quantity (older apps)',
      field: 'items.0.quantity',
      bad: quantityBad,
      messages: { invalid: orderMessages.quantity },
      send: (value) =>
        c.post('/api/checkout', { ...body, totalAmount: TOTAL, items: [{ ...line(), quantity: value }] }),
      state: () => count('orders'),
    });

    const { orderId } = await c.json<{ orderId: number }>(
      c.post('/api/checkout', { ...body, totalAmount: '105.00' }),
      201,
    );
    const intentOf = async () =>
      (await app.ctx.db('orders').where({ id: orderId }).first()).payment_intent_id;
    await expectRefused({
      what: 'POST /api/create-payment-intent amount',
      field: 'amount',
      bad: moneyBad,
      messages: { invalid: 'Amount must be a number', cents: centsOf('Amount') },
      send: (value) => c.post('/api/create-payment-intent', { orderId, amount: value }),
      state: intentOf,
    });
    expect(await intentOf()).toBeNull();
    const intent = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: '105.00' }),
    );
    expect(await c.json(c.post('/api/create-payment-intent', { orderId, amount: 105 }))).toEqual(intent);
    expect(await intentOf()).toEqual(expect.any(String));

    // a number as JSON numbers come: 105 and 105.0 are the same total
    const again = app.client();
    await fillCart(again, [line()]);
    await again.json(again.post('/api/checkout', { ...body, totalAmount: 105.0 }), 201);
  });
});

describe('catalogue prices', () => {
  it('item options: price and shipping in dollars and cents, else a 400 and no option made or changed', async () => {
    const options = () =>
      app.ctx.db('print_options').orderBy('id').select('id', 'price_cents', 'shipping_cents');
    const option = { size: '11x14 inch', format: 'Canvas', price: 120, shipping: 15 };
    const id = heron.optionIds[0];
    const routes: [string, (body: object) => Promise<Response>][] = [
      [
        'POST /api/admin/item-options',
        (b) => admin.post('/api/admin/item-options', { ...b, aspectRatio: '4:5' }),
      ],
      [`PUT /api/admin/item-options/${id}`, (b) => admin.put(`/api/admin/item-options/${id}`, b)],
      [
        `POST /api/admin/photos/${heron.photoId}/item-options`,
        (b) => admin.post(`/api/admin/photos/${heron.photoId}/item-options`, b),
      ],
    ];
    for (const [what, send] of routes) {
      await expectRefused({
        what: `${what} price`,
        field: 'price',
        bad: moneyBad,
        messages: price,
        send: (value) => send({ ...option, price: value }),
        state: options,
      });
      await expectRefused({
        what: `${what} shipping`,
        field: 'shipping',
        bad: moneyBad,
        messages: shipping,
        send: (value) => send({ ...option, shipping: value }),
        state: options,
      });
    }
    // what an owner types: '12.50' (and 12.5) is $12.50
    const made = await admin.json<{ id: number; price: number; shipping: number }>(
      admin.post('/api/admin/item-options', { ...option, aspectRatio: '4:5', price: '12.50', shipping: 7.5 }),
      201,
    );
    expect(made).toMatchObject({ price: 12.5, shipping: 7.5 });
    await admin.json(
      admin.put(`/api/admin/item-options/${made.id}`, { ...option, price: 12.5, shipping: '0' }),
    );
    expect(await app.ctx.db('print_options').where({ id: made.id }).first()).toMatchObject({
      price_cents: 1250,
      shipping_cents: 0,
    });
  });

  it("print options (the add-photo form's): price and shipping follow the same rule", async () => {
    const body = { photoId: heron.photoId, size: '16x20 inch', material: 'Metal', inStock: true };
    const state = () => count('print_options');
    await expectRefused({
      what: 'POST /api/admin/print-options price',
      field: 'price',
      bad: moneyBad,
      messages: price,
      send: (value) => admin.post('/api/admin/print-options', { ...body, price: value }),
      state,
    });
    await expectRefused({
      what: 'POST /api/admin/print-options shipping',
      field: 'shipping',
      bad: moneyBad,
      messages: shipping,
      send: (value) => admin.post('/api/admin/print-options', { ...body, price: 10, shipping: value }),
      state,
    });
    const made = await admin.json<{ price: number; shipping: number }>(
      admin.post('/api/admin/print-options', { ...body, price: '249.99' }),
      201,
    );
    expect(made).toMatchObject({ price: 249.99, shipping: 0 });
  });
});

describe('a photo saved with its print options', () => {
  it('takes the same prices as the option routes, and stores nothing of the save when one is refused', async () => {
    await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
    const id = heron.photoId;
    const state = async () => ({
      photo: await app.ctx.db('photos').where({ id }).first(),
      options: await app.ctx.db('print_options').orderBy('id'),
    });
    const save = (option: Record<string, unknown>) =>
      admin.put(`/api/admin/photos/${id}`, {
        title: 'Heron at Dusk',
        description: '<p>Wading.</p>',
        category: 'birds',
        printOptions: { create: [{ size: '5x7 inch', format: 'Paper', price: 45, shipping: 8, ...option }] },
      });
    await expectRefused({
      what: 'PUT /api/admin/photos/{id} printOptions.create.0.price',
      field: 'printOptions.create.0.price',
      bad: moneyBad,
      messages: price,
      send: (value) => save({ price: value }),
      state,
    });
    await expectRefused({
      what: 'PUT /api/admin/photos/{id} printOptions.create.0.shipping',
      field: 'printOptions.create.0.shipping',
      bad: moneyBad,
      messages: shipping,
      send: (value) => save({ shipping: value }),
      state,
    });
    const saved = await admin.json<{
      title: string;
      printOptions: { size: string; price: number; shipping: number }[];
    }>(save({ price: '45.50', shipping: 8.25 }));
    expect(saved.title).toBe('Heron at Dusk');
    expect(saved.printOptions).toContainEqual(
      expect.objectContaining({ size: '5x7', price: 45.5, shipping: 8.25 }), // sizes in one form
    );
  });
});

describe('refund amount', () => {
  it('is dollars and cents; anything else is a 400 and no money moves', async () => {
    const c = app.client();
    const { orderId } = await placeOrder(c, [line()], TOTAL);
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    const order = () => app.ctx.db('orders').where({ id: orderId }).first();
    await eventually(async () => (await order()).status === 'paid');
    const refunds = () => app.ctx.db('order_refunds').where({ order_id: orderId }).orderBy('id');
    const state = async () => ({ refunds: await refunds(), refunded: (await order()).refunded_cents });
    let n = 0;
    const refund = (amount: unknown) =>
      admin.post(`/api/admin/orders/${orderId}/refunds`, {
        amount,
        reason: 'requested_by_customer',
        idempotencyKey: `money-inputs-${++n}`,
      });
    await expectRefused({
      what: 'POST /api/admin/orders/{id}/refunds amount',
      field: 'amount',
      bad: moneyBad,
      messages: { invalid: refundMessages.amount, cents: refundMessages.amountCents },
      send: refund,
      state,
    });
    expect(await refunds()).toEqual([]);

    await admin.json(refund(10.5), 201);
    await admin.json(refund('10.50'), 201);
    expect((await refunds()).map((r) => [r.amount_cents, r.status])).toEqual([
      [1050, 'succeeded'],
      [1050, 'succeeded'],
    ]);
    expect(await order()).toMatchObject({ status: 'partially_refunded', refunded_cents: 2100 });
  });
});
