import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANT_ID_PATTERN, licenceMessages as messages } from '../../src/contract';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { orderLicences, type LicensedOrderOptions } from '../support/licence-orders';
import type { HttpClient } from '../support/http-client';
import { pageImages, pageText } from '../support/pdf-read';

// Issue 46, after payment: a paid licence line becomes a licence record with its certificate and
// check page, and download links that expire, count, are replaced by a fresh one and die with a
// refund. The licence lines are written here as the checkout (another part of the issue) writes
// them; the file served is the real licensed file of the photo.

const PUBLIC_URL = 'https://shop.example.com';
let app: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL, PHOTOGRAPHER_NAME: 'Ada Marsh' });
  await app.startWorkers();
  admin = await app.admin();
});
afterAll(async () => {
  await app?.close();
});

const db = () => app.ctx.db;
const licensedOrder = (opts: LicensedOrderOptions = {}) => orderLicences(app, opts);

const grantOf = (lineId: number) => db()('licence_grants').where({ order_line_id: lineId }).first();
const mailsTo = (to: string) => db()('outbound_emails').where({ to_address: to }).orderBy('id');
/** The download tokens in a text, in order. */
const tokensIn = (text: string) => [...text.matchAll(/\/downloads\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);

async function paidMailText(email: string) {
  return eventually(async () => {
    const mail = (await mailsTo(email)).find((m) => /downloads\//.test(m.text));
    return mail?.text as string | undefined;
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers, redirect: 'manual' });

describe('a paid licence line', () => {
  it('becomes a licence record, and the paid e-mail gives its download, certificate and check page', async () => {
    const email = 'paid-mail@example.com';
    const o = await licensedOrder({ email });
    const grant = await eventually(() => grantOf(o.lineIds[0]!));
    expect(grant.id).toMatch(GRANT_ID_PATTERN);
    expect(grant).toMatchObject({
      order_id: o.orderId,
      licensee_name: 'Friends of the Refuge',
      licensee_kind: 'organisation',
      photo_title: 'Great Blue Heron',
      licence_name: 'Personal',
      size_label: 'Web, 2048 px',
      revoked_at: null,
    });
    expect(grant.terms_html).toContain('personal, non-commercial use');

    const text = await paidMailText(email);
    expect(text).toContain('Download your file (7 days, 10 downloads)');
    expect(text).toContain(`Licence certificate\n  PDF: ${PUBLIC_URL}/licences/${grant.id}/certificate.pdf`);
    expect(text).toContain(`Check this licence\n  Check page: ${PUBLIC_URL}/licences/verify/${grant.id}`);
    const [token] = tokensIn(text);
    expect(token).toBeDefined();
    // only a keyed hash is kept: the token itself is in no row
    const link = await db()('download_links').where({ grant_id: grant.id }).first();
    expect(link.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(link)).not.toContain(token);

    const res = await get(`/downloads/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toContain(
      `attachment; filename="great-blue-heron-personal-${grant.id}.jpg"`,
    );
    // the photo's own file, with this licence's id written into it
    const file = Buffer.from(await res.arrayBuffer());
    expect(file.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(file.includes(Buffer.from(grant.id))).toBe(true);

    // the order page shows the licence, its certificate, check page and the link's state
    const page = await o.c.json<{ items: { licence: { lineId: number } | null }[] }>(
      o.c.get(`/api/orders/by-token/${o.statusToken}`),
    );
    const line = page.items.find((i) => i.licence?.lineId === o.lineIds[0]);
    expect(line?.licence).toMatchObject({
      grantId: grant.id,
      licenceName: 'Personal',
      licensee: 'Friends of the Refuge',
      verifyUrl: `/licences/verify/${grant.id}`,
      certificateUrl: `/licences/${grant.id}/certificate.pdf`,
      revoked: false,
      link: { downloadsLeft: 9, usable: true },
    });
    expect(page.items.filter((i) => i.licence === null)).toHaveLength(1); // the print
  });
});

describe('download links', () => {
  it('give 10 downloads from byte 0; a resume from a later byte is not counted, then 410 once used up', async () => {
    const email = 'ten@example.com';
    await licensedOrder({ email });
    const [token] = tokensIn(await paidMailText(email));
    for (let i = 0; i < 9; i++) expect((await get(`/downloads/${token}`)).status).toBe(200);
    const resumed = await get(`/downloads/${token}`, { range: 'bytes=10-' });
    expect(resumed.status).toBe(206);
    expect(resumed.headers.get('content-range')).toMatch(/^bytes 10-/);
    expect((await get(`/downloads/${token}`, { range: 'bytes=0-' })).status).toBe(206); // the 10th
    const used = await get(`/downloads/${token}`);
    expect(used.status).toBe(410);
    expect(used.headers.get('content-type')).toMatch(/text\/html/);
    expect(await used.text()).toContain(escapeHtml(messages.linkUsedUp));
    expect((await get(`/downloads/${token}`, { range: 'bytes=10-' })).status).toBe(410);
  });

  it('expire after 7 days (410 with a page), also for a resume', async () => {
    const email = 'expire@example.com';
    const o = await licensedOrder({ email });
    const [token] = tokensIn(await paidMailText(email));
    const grant = await grantOf(o.lineIds[0]!);
    const link = await db()('download_links').where({ grant_id: grant.id }).first();
    const days = (link.expires_at.getTime() - link.created_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect((await get(`/downloads/${token}`)).status).toBe(200);
    // the clock: the link's week is over
    await db()('download_links')
      .where({ id: link.id })
      .update({ expires_at: db().raw("now() - interval '1 second'") });
    const res = await get(`/downloads/${token}`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain(escapeHtml(messages.linkExpired));
    expect((await get(`/downloads/${token}`, { range: 'bytes=5-' })).status).toBe(410);
  });

  it('a fresh link from the order page replaces the old (410), goes to the order e-mail; unpaid: 409', async () => {
    const email = 'fresh@example.com';
    const o = await licensedOrder({ email });
    const [old] = tokensIn(await paidMailText(email));
    const before = (await mailsTo(email)).length;
    const res = await o.c.post(`/api/orders/by-token/${o.statusToken}/licences/${o.lineIds[0]}/fresh-link`);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: messages.freshLinkSent });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const [fresh] = tokensIn(mails.at(-1)!.text);
    expect(fresh).not.toBe(old);
    const gone = await get(`/downloads/${old}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(escapeHtml(messages.linkReplaced));
    expect((await get(`/downloads/${fresh}`)).status).toBe(200);

    const unpaid = await licensedOrder({ pay: false, email: 'unpaid@example.com' });
    const refused = await unpaid.c.post(
      `/api/orders/by-token/${unpaid.statusToken}/licences/${unpaid.lineIds[0]}/fresh-link`,
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: messages.freshLinkNotPaid });
    expect(await db()('licence_grants').where({ order_id: unpaid.orderId })).toEqual([]);

    // another order's line by this order's token: nothing
    const other = await o.c.post(
      `/api/orders/by-token/${o.statusToken}/licences/${unpaid.lineIds[0]}/fresh-link`,
    );
    expect(other.status).toBe(404);
  });

  it('a guessed, long or path-like token gets the 404 page with a message, nothing else', async () => {
    for (const path of [
      `/downloads/${'A'.repeat(43)}`,
      `/downloads/${'x'.repeat(2000)}`,
      '/downloads/..%2F..%2Fetc%2Fpasswd',
      '/downloads/../../etc/passwd',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      if (!path.includes('/../')) expect(await res.text()).toContain(escapeHtml(messages.linkNotFound));
    }
  });
});

describe('the licence record', () => {
  it('the check API says what it allows, with the licensee only; bad ids 404 with a message', async () => {
    const o = await licensedOrder({ email: 'check@example.com' });
    const grant = await eventually(() => grantOf(o.lineIds[0]!));
    const check = await app
      .client()
      .json<Record<string, unknown>>(app.client().get(`/api/licences/verify/${grant.id}`));
    expect(check).toMatchObject({
      grantId: grant.id,
      valid: true,
      revokedAt: null,
      licensee: 'Friends of the Refuge',
      licence: { name: 'Personal', slug: 'personal' },
      sizeLabel: 'Web, 2048 px',
      photo: { title: 'Great Blue Heron' },
    });
    const raw = JSON.stringify(check);
    for (const secret of ['check@example.com', o.statusToken, 'Ada Lovelace', '"price', '"order', 'email'])
      expect(raw).not.toContain(secret);
    for (const bad of ['WL-AAAA-AAAA-AAA1', 'x'.repeat(2000), '..%2F..%2Fetc', 'wl-7kq3-m9xd-2pht']) {
      const res = await app.client().get(`/api/licences/verify/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toEqual({ message: messages.grantNotFound });
    }
    expect((await get(`/licences/${'x'.repeat(2000)}/certificate.pdf`)).status).toBe(404);
  });

  it('the certificate PDF reads back: licensee, photo, size, licence and terms, id, and a QR code to the check page', async () => {
    const o = await licensedOrder({ email: 'pdf@example.com', licences: 2 });
    const grant = await eventually(() => grantOf(o.lineIds[1]!));
    const res = await get(`/licences/${grant.id}/certificate.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = await pageText(pdf);
    for (const part of [
      'Licence Certificate',
      'Friends of the Refuge',
      'Great Blue Heron',
      'Full resolution',
      'Editorial',
      grant.id,
      'Ada Marsh',
    ])
      expect(text).toContain(part);
    expect(text).toContain('You may use this photo once, in one article');
    const qr = (await pageImages(pdf))
      .filter((i) => i.filter === '/FlateDecode')
      .map((i) => jsQR(i.rgba, i.width, i.height)?.data)
      .filter(Boolean);
    expect(qr).toEqual([`${PUBLIC_URL}/licences/verify/${grant.id}`]);
  });
});

describe('a refund', () => {
  it('revokes the licence lines it names: their links 410, the check says revoked, the certificate is marked', async () => {
    const email = 'refund@example.com';
    const o = await licensedOrder({ email, licences: 2 });
    const text = await paidMailText(email);
    const [first, second] = tokensIn(text);
    const [kept, revoked] = [await grantOf(o.lineIds[0]!), await grantOf(o.lineIds[1]!)];
    await admin.json(
      admin.post(`/api/admin/orders/${o.orderId}/refunds`, {
        amount: 15,
        reason: 'other',
        idempotencyKey: `licence-refund-${o.orderId}`,
        revokeLicenceLines: [o.lineIds[1]],
      }),
      201,
    );
    await eventually(async () => (await grantOf(o.lineIds[1]!)).revoked_at);
    expect((await grantOf(o.lineIds[0]!)).revoked_at).toBeNull();
    const gone = await get(`/downloads/${second}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(escapeHtml(messages.revoked));
    expect((await get(`/downloads/${first}`)).status).toBe(200);
    const check = await app
      .client()
      .json<{ valid: boolean; revokedAt: string | null }>(
        app.client().get(`/api/licences/verify/${revoked.id}`),
      );
    expect(check.valid).toBe(false);
    expect(check.revokedAt).not.toBeNull();
    expect(
      await pageText(
        new Uint8Array(await (await get(`/licences/${revoked.id}/certificate.pdf`)).arrayBuffer()),
      ),
    ).toContain('REVOKED');
    const refresh = await o.c.post(
      `/api/orders/by-token/${o.statusToken}/licences/${o.lineIds[1]}/fresh-link`,
    );
    expect(refresh.status).toBe(409);

    // the owner's list under the photo: who, which, when, the order; valid or revoked; resend
    const sold = await admin.json<{ grantId: string; revokedAt: string | null; orderId: number }[]>(
      admin.get(`/api/admin/photos/${o.photoId}/licences`),
    );
    expect(sold.map((s) => s.grantId).sort()).toEqual([kept.id, revoked.id].sort());
    expect(sold.find((s) => s.grantId === kept.id)).toMatchObject({
      orderId: o.orderId,
      licensee: 'Friends of the Refuge',
      licenceName: 'Personal',
      revokedAt: null,
    });
    const before = (await mailsTo(email)).length;
    expect((await admin.post(`/api/admin/licences/grants/${kept.id}/resend`)).status).toBe(200);
    expect(await mailsTo(email)).toHaveLength(before + 1);
    expect((await get(`/downloads/${first}`)).status).toBe(410);
    expect((await admin.post(`/api/admin/licences/grants/${revoked.id}/resend`)).status).toBe(409);
    expect((await admin.post(`/api/admin/licences/grants/${'x'.repeat(2000)}/resend`)).status).toBe(404);
  });

  it('in full revokes every licence of the order', async () => {
    const email = 'full@example.com';
    const o = await licensedOrder({ email, licences: 2 });
    await paidMailText(email);
    const order = await db()('orders').where({ id: o.orderId }).first();
    await admin.json(
      admin.post(`/api/admin/orders/${o.orderId}/refunds`, {
        amount: order.total_cents / 100,
        reason: 'other',
        idempotencyKey: `licence-full-${o.orderId}`,
      }),
      201,
    );
    await eventually(
      async () =>
        (await db()('licence_grants').where({ order_id: o.orderId }).whereNull('revoked_at')).length === 0,
    );
  });
});

function escapeHtml(s: string) {
  return s.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
}
