import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 21, item 11: the contact form sends without JavaScript. The browser posts it urlencoded to
// /contact and the server answers the contact page, rendered by the web app's server build
// (`npm test` builds it first).
const built = existsSync(path.resolve('dist/server/entry-server.js'));

const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));
const storedCount = async (app: TestApp) =>
  Number((await app.ctx.db('contact_messages').count('* as n').first())?.n);

describe('POST /contact (the contact form without JavaScript)', () => {
  let app: TestApp;
  beforeAll(async () => {
    expect(built, 'run npm run build').toBe(true);
    app = await createTestApp({ OWNER_EMAIL: 'owner@example.com' });
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    const keys = await app.ctx.redis.keys(`${app.ctx.config.REDIS_PREFIX}:rl:contact:*`);
    if (keys.length) await app.ctx.redis.del(...keys);
  });

  it("stores a good message and answers the contact page saying 'Message Sent!'", async () => {
    // as a browser posts it from our page (its Referrer-Policy, no-referrer, makes the Origin null)
    const res = await app
      .client()
      .post(
        '/contact',
        encode({ name: ' Rosa Marsh ', email: 'rosa@example.org', message: 'Is the heron print framed?' }),
        { ...form, 'sec-fetch-site': 'same-origin', origin: 'null' },
      );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const root = rootOf(await res.text());
    expect(root).toContain('Get in Touch');
    expect(root).toContain('Message Sent!');
    expect(root).toContain('Thank you for your message. We&#x27;ll get back to you soon.');
    // the form is empty again, ready for another message
    expect(root).not.toContain('Rosa Marsh');
    const row = await app.ctx.db('contact_messages').orderBy('id', 'desc').first();
    expect(row).toMatchObject({
      name: 'Rosa Marsh',
      email: 'rosa@example.org',
      message: 'Is the heron print framed?',
    });
  });

  it('answers 400 with the field errors and the typed values, and stores nothing', async () => {
    const before = await storedCount(app);
    const res = await app
      .client()
      .post('/contact', encode({ name: 'Rosa <b>', email: 'rosa@', message: 'Too short' }), form);
    expect(res.status).toBe(400);
    const root = rootOf(await res.text());
    expect(root).not.toContain('Message Sent!');
    expect(root).toContain('Please enter a valid email address');
    expect(root).toContain('Message must be at least 10 characters');
    expect(root).not.toContain('Name must be at least 2 characters');
    // what was typed is back in the fields (escaped)
    expect(root).toMatch(/<input[^>]*id="contact-name"[^>]*value="Rosa &lt;b&gt;"/);
    expect(root).toMatch(/<input[^>]*id="contact-email"[^>]*value="rosa@"/);
    expect(root).toMatch(/<textarea[^>]*id="contact-message"[^>]*>Too short<\/textarea>/);
    expect(root).toMatch(/<input[^>]*id="contact-email"[^>]*aria-invalid="true"/);
    expect(await storedCount(app)).toBe(before);
  });

  it('refuses a post from another site, and stores nothing', async () => {
    const before = await storedCount(app);
    const good = encode({ name: 'Mallory', email: 'm@example.org', message: 'A message from elsewhere.' });
    const crossSite = await app.client().post('/contact', good, { ...form, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await app
      .client()
      .post('/contact', good, { ...form, 'sec-fetch-site': '', origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    // a null Origin without the browser's word that the post is same-origin (a sandboxed frame)
    const opaque = await app
      .client()
      .post('/contact', good, { ...form, 'sec-fetch-site': '', origin: 'null' });
    expect(opaque.status).toBe(403);
    expect(await storedCount(app)).toBe(before);
  });

  it('counts toward the same limit as the JSON endpoint, and says so on the page', async () => {
    const c = app.client();
    const message = { name: 'Rosa', email: 'rosa@example.org', message: 'One of many messages.' };
    for (let i = 0; i < 5; i++) await c.json(c.post('/api/contact', message), 201);
    const before = await storedCount(app);
    const res = await c.post('/contact', encode(message), form);
    expect(res.status).toBe(429);
    const root = rootOf(await res.text());
    expect(root).toContain('Too many messages. Please try again later.');
    expect(root).toContain('One of many messages.'); // the message is not lost
    expect(await storedCount(app)).toBe(before);
  });

  it('leaves other form posts to a page route to the 404', async () => {
    const res = await app.client().post('/faq', encode({ q: '1' }), form);
    expect(res.status).toBe(404);
  });
});
