import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { orderLicences } from '../support/licence-orders';

// Issue 46, point 3: the check page a licence certificate's QR code opens, rendered by the server
// build of the web app (`npm test` builds it first): valid or revoked, what the licence allows, and
// of the buyer the licensee's name only.
const built = existsSync(path.resolve('dist/server/entry-server.js'));

let app: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  expect(built, 'run npm run build').toBe(true);
  app = await createTestApp({ PUBLIC_URL: 'https://shop.example.com', PHOTOGRAPHER_NAME: 'Ada Marsh' });
  await app.startWorkers();
  admin = await app.admin();
});
afterAll(() => app?.close());

const html = { accept: 'text/html' };
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('id="wf-ssr"'));
const grantOf = (lineId: number) => app.ctx.db('licence_grants').where({ order_line_id: lineId }).first();

describe('the licence check page /licences/verify/{id}', () => {
  it('says valid or revoked (with the date), what the licence allows, and of the buyer only the licensee', async () => {
    const email = 'check-page@example.com';
    const o = await orderLicences(app, { email, licences: 2 });
    const [personal, editorial] = await eventually(async () => {
      const grants = [await grantOf(o.lineIds[0]!), await grantOf(o.lineIds[1]!)];
      return grants.every(Boolean) ? grants : undefined;
    });

    const res = await app.client().get(`/licences/verify/${personal.id}`, html);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const page = await res.text();
    const root = rootOf(page);
    expect(root).toMatch(/<h1[^>]*>Valid licence<\/h1>/);
    expect(root).not.toContain('Revoked licence');
    for (const part of [
      personal.id,
      'Great Blue Heron',
      'Friends of the Refuge',
      'Personal',
      'Web, 2048 px',
      'Ada Marsh',
      'What this licence allows',
    ])
      expect(root, part).toContain(part);
    expect(root).toMatch(/Issued<\/dt><dd>[A-Z][a-z]+ \d{1,2}, \d{4}<\/dd>/);
    // the terms as rich text (markup, not escaped)
    expect(root).toContain('<p>You may use this photo for your own personal, non-commercial use');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    // nothing of the buyer but the licensee, anywhere in the page (its data included)
    for (const secret of [
      email,
      o.statusToken,
      'Ada Lovelace',
      'Baltimore Avenue',
      '15.00',
      '"orderId"',
      '"price', // an answer's price field
    ])
      expect(page, secret).not.toContain(secret);
    expect(page).not.toMatch(/\$\s?\d/);

    await admin.json(
      admin.post(`/api/admin/orders/${o.orderId}/refunds`, {
        amount: 15,
        reason: 'other',
        idempotencyKey: `check-page-${o.orderId}`,
        revokeLicenceLines: [o.lineIds[1]],
      }),
      201,
    );
    await eventually(async () => (await grantOf(o.lineIds[1]!)).revoked_at);
    const revoked = rootOf(await (await app.client().get(`/licences/verify/${editorial.id}`, html)).text());
    expect(revoked).toMatch(/<h1[^>]*>Revoked licence<\/h1>/);
    expect(revoked).toMatch(
      /Revoked on [A-Z][a-z]+ \d{1,2}, \d{4}\. It no longer allows any use of this photo\./,
    );
    expect(revoked).not.toContain('Valid licence');
    expect(revoked).toContain('Editorial');
    expect(revoked).toContain('<p>You may use this photo once, in one article');
    // the other line of the order still stands
    expect(rootOf(await (await app.client().get(`/licences/verify/${personal.id}`, html)).text())).toContain(
      'Valid licence',
    );
  });

  it('answers the not-found page with 404 for an unknown or malformed id, without an error', async () => {
    for (const bad of [
      'WL-2222-2222-2222',
      'WL-AAAA-AAAA-AAA1',
      'wl-7kq3-m9xd-2pht',
      'x'.repeat(2000),
      `WL-2222-2222-2222${'2'.repeat(2000)}`,
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2F',
      '%ZZ',
    ]) {
      const res = await app.client().get(`/licences/verify/${bad}`, html);
      expect(res.status, bad.slice(0, 40)).toBe(404);
      expect(res.headers.get('content-type'), bad.slice(0, 40)).toMatch(/^text\/html/);
      const root = rootOf(await res.text());
      expect(root, bad.slice(0, 40)).toContain('404 Page Not Found');
      expect(root, bad.slice(0, 40)).not.toContain('What this licence allows');
    }
    // `../` in the address itself is resolved before it is routed: never the check page
    expect((await app.client().get('/licences/verify/../../etc/passwd', html)).status).toBe(404);
  });
});
