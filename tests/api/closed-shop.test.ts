import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto } from '../support/shop-data';

// Issue 34, item 4: in production with no payment provider set up (no Stripe keys, no
// PAYMENTS_PROVIDER=test) the shop says it is not taking orders, and checkout refuses before any
// order row is written. Browsing, and the cart, keep working.

const NOT_TAKING_ORDERS = 'This shop is not taking orders yet.';
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'closed-shop-test-session-secret-0123456789abcdef',
  STRIPE_SECRET_KEY: '',
  PAYMENTS_PROVIDER: '',
};
// Pages are rendered by the server build of the web app: `npm test` builds it first.
const built = existsSync(path.resolve('dist/server/entry-server.js'));
const html = { accept: 'text/html' };
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));

let app: TestApp;
let heron: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp(production);
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
  });
});
afterAll(() => app?.close());

const orderRows = async () => Number((await app.ctx.db('orders').count({ n: '*' }).first())?.n);
const lineRows = async () => Number((await app.ctx.db('order_line_items').count({ n: '*' }).first())?.n);

describe('a production shop without a payment provider', () => {
  it('tells the storefront it is not taking orders', async () => {
    expect(app.ctx.config.paymentsProvider).toBe('none');
    const site = await app.client().json(app.client().get('/api/site'));
    expect(site).toMatchObject({ takingOrders: false, payments: { provider: 'none', publishableKey: null } });
  });

  it('refuses checkout with 503 and the sentence, and writes no order', async () => {
    const c = app.client();
    // the cart still works: the buyer's prints stay there for when the shop opens
    await fillCart(c, [{ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }]);
    const cart = await c.json<{ count: number }>(c.get('/api/cart'));
    expect(cart.count).toBe(1);

    const res = await c.post('/api/checkout', { ...customer, totalAmount: 105 });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: NOT_TAKING_ORDERS });
    // the spec's client with its one-text address and items: the same answer
    const spec = await c.post('/api/checkout', {
      ...customer,
      totalAmount: 105,
      items: [{ photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }],
    });
    expect(spec.status).toBe(503);
    // whatever is sent: the shop's state comes before the form's mistakes
    const junk = await c.post('/api/checkout', { customerName: 'A' });
    expect(junk.status).toBe(503);
    expect((await junk.json()).message).toBe(NOT_TAKING_ORDERS);

    expect(await orderRows()).toBe(0);
    expect(await lineRows()).toBe(0);
  });

  it("refuses the spec's create-payment-intent with the same sentence", async () => {
    const c = app.client();
    const res = await c.post('/api/create-payment-intent', { orderId: 1, amount: 105 });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: NOT_TAKING_ORDERS });
    expect(await orderRows()).toBe(0);
  });

  it('keeps browsing open: the catalogue and its pages answer 200', async () => {
    const photos = await app.client().json<{ id: number }[]>(app.client().get('/api/photos'));
    expect(photos.map((p) => p.id)).toContain(heron.photoId);
    const detail = await app.client().json(app.client().get(`/api/photos/${heron.photoId}`));
    expect(detail).toMatchObject({ title: 'Heron at Dawn' });
  });

  it('says so in the server-rendered photo page and checkout, with no Add to Cart', async () => {
    expect(built, 'run npm run build').toBe(true);
    const photo = await app.client().get(`/photo/${heron.photoId}`, html);
    expect(photo.status).toBe(200);
    const photoRoot = rootOf(await photo.text());
    expect(photoRoot).toContain('Heron at Dawn');
    expect(photoRoot).toContain('8x10 inch');
    expect(photoRoot).toContain(NOT_TAKING_ORDERS);
    expect(photoRoot).not.toContain('Add to Cart');

    const checkout = await app.client().get('/checkout', html);
    expect(checkout.status).toBe(200);
    const checkoutRoot = rootOf(await checkout.text());
    expect(checkoutRoot).toContain(NOT_TAKING_ORDERS);
    expect(checkoutRoot).not.toContain('Complete Your Purchase');
    expect(checkoutRoot).not.toContain('Checkout needs JavaScript');

    const portfolio = await app.client().get('/portfolio', html);
    expect(portfolio.status).toBe(200);
    expect(rootOf(await portfolio.text())).toContain('Heron at Dawn');
  });
});

describe('the same shop with the test provider switched on', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ ...production, PAYMENTS_PROVIDER: 'test' });
  });
  afterAll(() => open?.close());

  it('takes orders, and its pages offer Add to Cart', async () => {
    const site = await open.client().json(open.client().get('/api/site'));
    expect(site).toMatchObject({ takingOrders: true, payments: { provider: 'test' } });
    const photo = await insertPhoto(open.ctx.db, { title: 'Egret' });
    const page = rootOf(await (await open.client().get(`/photo/${photo.photoId}`, html)).text());
    expect(page).toContain('Add to Cart');
    expect(page).not.toContain(NOT_TAKING_ORDERS);
  });
});
