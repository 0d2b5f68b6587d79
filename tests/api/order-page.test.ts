import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { customer, insertPhoto, placeOrder, setShippingNotice } from '../support/shop-data';

// The buyer's order page, rendered on the server (needs `npm run build`, as `npm test` does):
// a wrong token is the shop's 404 page, a right one the order with its address masked.

const built = existsSync(path.resolve('dist/server/entry-server.js'));

let app: TestApp;
let token: string;
let orderId: number;

beforeAll(async () => {
  expect(built, 'run npm run build').toBe(true);
  app = await createTestApp();
  const photo = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // $95 + $10 shipping
  ({ orderId } = await placeOrder(
    app.client(),
    [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
    105,
  ));
  token = (await app.ctx.db('orders').where({ id: orderId }).first()).status_token;
  await setShippingNotice(app.ctx.db, { line1: 'Holiday orders ship after January 5.', isActive: true });
});
afterAll(() => app?.close());

const html = { accept: 'text/html' };
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));
/** What a visitor reads: the text of the page's elements, not its data blocks. */
const textOf = (page: string) =>
  rootOf(page)
    .replace(/<script[\s\S]*?(<\/script>|$)/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe("the buyer's order page", () => {
  it('answers a wrong or malformed token with the 404 page every unknown path gets', async () => {
    const unknown = await app.client().get('/no/such/page', html);
    expect(unknown.status).toBe(404);
    const notFound = textOf(await unknown.text());
    expect(notFound).toContain('404 Page Not Found');

    const wrongToken = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const bad of [
      wrongToken,
      'x'.repeat(40),
      String(orderId),
      'not%20a%20token',
      'a%2Fb',
      'a'.repeat(200),
    ]) {
      const res = await app.client().get(`/orders/${bad}`, html);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('content-type'), bad).toMatch(/^text\/html/);
      expect(res.headers.get('x-robots-tag'), bad).toMatch(/noindex/);
      const page = await res.text();
      // the same heading, text and link as any unknown path; no loading placeholder, no order
      expect(textOf(page), bad).toBe(notFound);
      expect(page, bad).toMatch(/<title>404 Page Not Found/);
      expect(rootOf(page), bad).not.toContain('Loading your order');
    }
  });

  it('keeps the JSON API a JSON 404 for an unknown token', async () => {
    for (const bad of ['x'.repeat(40), 'short', String(orderId)]) {
      const res = await fetch(`${app.url}/api/orders/by-token/${bad}`, { headers: html });
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('content-type'), bad).toMatch(/^application\/json/);
      expect(await res.json(), bad).toEqual({ message: expect.any(String) });
    }
  });

  it('renders the order with its status as text, thumbnails and the address masked', async () => {
    const res = await app.client().get(`/orders/${token}`, html);
    expect(res.status).toBe(200);
    const page = await res.text();
    const text = textOf(page);
    expect(text).toContain(`Order #${orderId}`);
    expect(text).toMatch(/Payment\s+Awaiting payment/);
    expect(text).toMatch(/Fulfillment\s+Received/);
    expect(rootOf(page)).toMatch(/<dt[^>]*>Payment<\/dt><dd[^>]*>Awaiting payment<\/dd>/);
    expect(rootOf(page)).toContain(
      `/api/photos/${(await app.ctx.db('order_line_items').first()).photo_id}/thumbnail`,
    );
    expect(text).toContain('Holiday orders ship after January 5.');
    expect(text).toContain('Street address on file Bladensburg, MD 20710');
    expect(text).not.toContain('4400');
    expect(text).not.toContain('Baltimore Avenue');
    expect(text).not.toContain('*');
    expect(customer.shippingAddress).toContain('Baltimore Avenue'); // what was typed, for the check above
  });

  it('no longer shows the shipping notice once the order has shipped', async () => {
    await app.ctx.db('orders').where({ id: orderId }).update({ fulfillment_status: 'shipped' });
    const text = textOf(await (await app.client().get(`/orders/${token}`, html)).text());
    expect(text).toMatch(/Fulfillment\s+Shipped/);
    expect(text).not.toContain('Holiday orders ship after January 5.');
  });
});
