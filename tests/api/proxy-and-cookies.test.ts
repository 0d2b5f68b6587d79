import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, eventually, type TestApp } from '../support/test-app';
import { HttpClient } from '../support/http-client';
import { insertPhoto, placeOrder, testCard } from '../support/shop-data';

// Production settings, as the Docker image runs: only the proxy and address settings vary.
const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'proxy-and-cookies-test-session-secret-0123456789',
  PAYMENTS_PROVIDER: 'test',
};

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('wf.sid='));
const isSecure = (cookie: string | undefined) => /;\s*secure(;|$)/i.test(cookie ?? '');

async function signIn(app: TestApp, headers: Record<string, string> = {}) {
  const c = app.client();
  const res = await c.post('/api/admin/login', ADMIN, headers);
  expect(res.status).toBe(200);
  return { c, cookie: sessionCookie(res) };
}

describe('production over plain http (no proxy, no PUBLIC_URL): http://localhost works', () => {
  let app: TestApp;
  let photo: { photoId: number; optionIds: number[] };
  beforeAll(async () => {
    app = await createTestApp(production);
    photo = await insertPhoto(app.ctx.db, {
      title: 'Heron at Dawn',
      options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
    });
  });
  afterAll(() => app?.close());

  it('signing in sets a session cookie without Secure, and the next request is signed in', async () => {
    const { c, cookie } = await signIn(app);
    expect(cookie).toBeDefined();
    // a browser keeps a Secure cookie from http://localhost but never sends it back over http
    expect(isSecure(cookie)).toBe(false);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(await c.json(c.get('/api/admin/user'))).toEqual({
      id: expect.any(Number),
      username: ADMIN.username,
      mustChangePassword: false,
    });
  });

  it('an X-Forwarded-Proto nobody is trusted to send is ignored: the cookie stays plain', async () => {
    const { c, cookie } = await signIn(app, { 'x-forwarded-proto': 'https' });
    expect(isSecure(cookie)).toBe(false);
    expect((await c.get('/api/admin/user')).status).toBe(200);
  });

  it('a cart add is kept: the next cart read has the item', async () => {
    const c = app.client();
    const add = await c.post('/api/cart', {
      photoId: photo.photoId,
      printOptionId: photo.optionIds[0],
      quantity: 2,
    });
    expect(add.status).toBe(201);
    expect(isSecure(sessionCookie(add))).toBe(false);
    const cart = await c.json<{ items: { photoId: number; quantity: number }[] }>(c.get('/api/cart'));
    expect(cart.items).toEqual([expect.objectContaining({ photoId: photo.photoId, quantity: 2 })]);
  });

  it('a visitor checks out and pays with the test card; the order becomes paid', async () => {
    await app.startWorkers();
    const c = app.client();
    const { orderId, total } = await placeOrder(
      c,
      [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
      105,
    );
    expect(total).toBe(105);
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: total }),
    );
    expect(await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }))).toEqual({
      status: 'succeeded',
      orderPageToken: expect.stringMatching(/^[\w-]{20,}$/),
    });
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: orderId }).first()).status === 'paid',
    );
  });

  it('tells the browser neither to upgrade to https nor to remember https only', async () => {
    const res = await app.client().get('/api/site');
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('behind a CDN and a proxy (TRUST_PROXY=2)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ ...production, TRUST_PROXY: '2', PUBLIC_URL: 'https://prints.example.com' });
  });
  afterAll(() => app?.close());

  it('the session cookie is Secure when the trusted proxy says the visitor came over https', async () => {
    const { c, cookie } = await signIn(app, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.7, 203.0.113.1',
    });
    expect(isSecure(cookie)).toBe(true);
    expect((await c.get('/api/admin/user', { 'x-forwarded-proto': 'https' })).status).toBe(200);
  });

  it('the session cookie is plain when the proxy says the visitor came over http', async () => {
    const { cookie } = await signIn(app, { 'x-forwarded-proto': 'http' });
    expect(cookie).toBeDefined();
    expect(isSecure(cookie)).toBe(false);
  });

  it('an https PUBLIC_URL brings HSTS and upgrade-insecure-requests', async () => {
    const res = await app.client().get('/api/site', { 'x-forwarded-proto': 'https' });
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('rate limits count per visitor behind the CDN, and a forged left-most address does not evade them', async () => {
    // the contact form allows 5 messages per 10 minutes per visitor, counted before validation
    const from = (xff: string) =>
      new HttpClient(app.url).post('/api/contact', {}, { 'x-forwarded-for': xff });
    for (let i = 0; i < 5; i++) expect((await from('198.51.100.20, 203.0.113.1')).status).toBe(400);
    expect((await from('198.51.100.20, 203.0.113.1')).status).toBe(429);
    // a forged address in front, or another CDN node: still the same visitor
    expect((await from('192.0.2.99, 198.51.100.20, 203.0.113.1')).status).toBe(429);
    expect((await from('10.9.8.7, 198.51.100.20, 203.0.113.2')).status).toBe(429);
    // another visitor through the same CDN node and proxy (same socket address) is not limited
    expect((await from('198.51.100.21, 203.0.113.1')).status).toBe(400);
  });
});

describe('an https PUBLIC_URL and no TRUST_PROXY: a TLS proxy on this machine is believed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ ...production, PUBLIC_URL: 'https://prints.example.com' });
  });
  afterAll(() => app?.close());

  it('the cookie is Secure with X-Forwarded-Proto https from loopback, plain on a direct http request', async () => {
    expect(app.ctx.config.trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(isSecure((await signIn(app, { 'x-forwarded-proto': 'https' })).cookie)).toBe(true);
    const direct = (await signIn(app)).cookie;
    expect(direct).toBeDefined();
    expect(isSecure(direct)).toBe(false);
  });
});
