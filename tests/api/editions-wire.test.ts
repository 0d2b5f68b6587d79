import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { customer, fillCart, insertPhoto } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 36 on the wire: what buyers and the owner see of an edition on the photo JSON (catalog's
// offer info), each order line's number and certificate (orders' line details), the paid e-mail,
// and the owner's settings and prints to sign.

const address = { line1: '4400 Baltimore Avenue', city: 'Bladensburg', state: 'MD', zip: '20710' };
type Photo = { photoId: number; optionIds: number[] };
type Edition = { size: number; left: number; soldOut: boolean };
type PhotoJson = { edition: Edition | null; printOptions: { id: number; edition: Edition | null }[] };

let app: TestApp;
let stripe: FakeStripe;
let admin: HttpClient;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({ ...stripe.env, OWNER_EMAIL: 'owner@example.com' });
  await app.startWorkers();
  admin = await app.admin();
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const db = () => app.ctx.db;
const twoSizes = (title: string) =>
  insertPhoto(db(), {
    title,
    options: [
      { size: '8x10 inch', priceCents: 9500, shippingCents: 1000 },
      { size: '16x20 inch', priceCents: 19500, shippingCents: 1000 },
    ],
  });

/** Places and pays an order for prints of one of the photo's sizes (the first: 95, else 195; shipping 10 a line). */
async function buy(photo: Photo, email: string, optionId = photo.optionIds[0]!, quantity = 1) {
  const c = app.client();
  await fillCart(c, [{ photoId: photo.photoId, printOptionId: optionId, quantity }]);
  const total = (optionId === photo.optionIds[0] ? 95 : 195) * quantity + 10;
  const { orderId } = await c.json<{ orderId: number }>(
    c.post('/api/checkout', { ...customer, customerEmail: email, address, totalAmount: total }),
    201,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  const intentId = clientSecret.split('_secret_')[0]!;
  const event = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
  expect((await stripe.deliver(app.url, event)).status).toBe(200);
  await eventually(async () => (await db()('orders').where({ id: orderId }).first()).status === 'paid');
  const { status_token: token } = await db()('orders').where({ id: orderId }).first();
  return { orderId, token: token as string };
}

describe('the photo JSON carries the edition', () => {
  it('shows left and soldOut on the photo and each size; a sold-out size is listed but the cart refuses it', async () => {
    const photo = await twoSizes('Egret edition');
    await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 2, artistProofs: 1 }));
    const read = () => app.client().json<PhotoJson>(app.client().get(`/api/photos/${photo.photoId}`));

    const fresh = await read();
    expect(fresh.edition).toEqual({ size: 2, left: 2, soldOut: false });
    expect(fresh.printOptions.map((o) => o.edition)).toEqual([
      { size: 2, left: 2, soldOut: false },
      { size: 2, left: 2, soldOut: false },
    ]);

    await buy(photo, 'one@example.com');
    // the public answer is cached: a sale clears it (over Redis, just after the commit)
    await eventually(async () => (await read()).edition?.left === 1);
    expect((await read()).edition).toEqual({ size: 2, left: 1, soldOut: false });
    await buy(photo, 'two@example.com', photo.optionIds[1]);

    await eventually(async () => (await read()).edition?.left === 0);
    const soldOut = await read();
    expect(soldOut.edition).toEqual({ size: 2, left: 0, soldOut: true });
    // both sizes still shown, each marked sold out
    expect(soldOut.printOptions.map((o) => [o.id, o.edition?.soldOut])).toEqual([
      [photo.optionIds[0], true],
      [photo.optionIds[1], true],
    ]);
    const options = await app
      .client()
      .json<PhotoJson['printOptions']>(app.client().get(`/api/photos/${photo.photoId}/item-options`));
    expect(options.map((o) => o.edition?.soldOut)).toEqual([true, true]);

    const c = app.client();
    const add = await c.post('/api/cart', {
      photoId: photo.photoId,
      printOptionId: photo.optionIds[0],
      quantity: 1,
    });
    expect(add.status).toBe(409);
    expect((await add.json()).message).toBe('This edition is sold out.');
    expect((await c.json<{ count: number }>(c.get('/api/cart'))).count).toBe(0);

    // the owner's view: the shared edition with what is taken, no per-size edition on the options
    const mine = await admin.json<{
      edition: { size: number; artistProofs: number; taken: number; left: number; soldOut: boolean };
      printOptions: { edition: unknown }[];
    }>(admin.get(`/api/admin/photos/${photo.photoId}`));
    expect(mine.edition).toMatchObject({ size: 2, artistProofs: 1, taken: 2, left: 0, soldOut: true });
    expect(mine.printOptions.map((o) => o.edition)).toEqual([null, null]);
  });

  it('a per-size edition is on its option only; a photo without one says null', async () => {
    const photo = await twoSizes('Per size');
    await admin.json(
      admin.put(`/api/admin/photos/${photo.photoId}/print-options/${photo.optionIds[1]}/edition`, {
        size: 9,
      }),
    );
    const pub = await app.client().json<PhotoJson>(app.client().get(`/api/photos/${photo.photoId}`));
    expect(pub.edition).toBeNull();
    expect(pub.printOptions.map((o) => o.edition)).toEqual([null, { size: 9, left: 9, soldOut: false }]);
    const mine = await admin.json<{ edition: unknown; printOptions: { edition: { size: number } | null }[] }>(
      admin.get(`/api/admin/photos/${photo.photoId}`),
    );
    expect(mine.edition).toBeNull();
    expect(mine.printOptions.map((o) => o.edition?.size ?? null)).toEqual([null, 9]);

    const plain = await insertPhoto(db(), { title: 'No edition' });
    const none = await app.client().json<PhotoJson>(app.client().get(`/api/photos/${plain.photoId}`));
    expect(none.edition).toBeNull();
    expect(none.printOptions.every((o) => o.edition === null)).toBe(true);
  });

  it('a closed edition is sold out', async () => {
    const photo = await twoSizes('Closed early');
    await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 10 }));
    await admin.json(admin.post(`/api/admin/photos/${photo.photoId}/edition/close`));
    const pub = await app.client().json<PhotoJson>(app.client().get(`/api/photos/${photo.photoId}`));
    expect(pub.edition).toEqual({ size: 10, left: 0, soldOut: true });
    const add = await app
      .client()
      .post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 });
    expect(add.status).toBe(409);
  });
});

describe('the order carries the number and the certificate', () => {
  it('on the buyer page, the admin order and the paid e-mail, whose link gives the PDF', async () => {
    const photo = await twoSizes('Numbered kingfisher');
    await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 25 }));
    await buy(photo, 'early@example.com');
    const { orderId, token } = await buy(photo, 'collector@example.com');

    type Line = { number: number; size: number; label: string; certificateUrl: string | null };
    const page = () =>
      app
        .client()
        .json<{ items: { edition: Line | null }[] }>(app.client().get(`/api/orders/by-token/${token}`));
    // the certificate is made by a job after the payment
    const made = await eventually(async () => (await page()).items[0]!.edition?.certificateUrl, 20_000);
    expect((await page()).items[0]!.edition).toEqual({
      number: 2,
      size: 25,
      label: '2/25',
      certificateUrl: made,
      prints: [{ number: 2, label: '2/25', certificateUrl: made }],
    });
    expect(made).toMatch(/^\/certificates\/[A-Za-z0-9_-]{22}\.pdf$/);
    const pdf = await app.client().get(made!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    // the verify page's read in the browser: the certificate's public facts, nothing of the buyer
    const id = /\/certificates\/(.+)\.pdf$/.exec(made!)![1]!;
    const check = await app
      .client()
      .json<{ summary: string; valid: boolean }>(app.client().get(`/api/certificates/${id}`));
    expect(check).toMatchObject({ valid: true });
    expect(check.summary).toMatch(/^Print 2 of 25, 8x10 inch /);
    expect(JSON.stringify(check)).not.toContain('collector@example.com');
    expect((await app.client().get(`/api/certificates/${'A'.repeat(22)}`)).status).toBe(404);

    const detail = await admin.json<{ lineItems: { edition: Line | null }[] }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.lineItems[0]!.edition).toMatchObject({ label: '2/25', certificateUrl: made });

    // the paid e-mail: the number and a link that gives the certificate, made or not when it was written
    const mail = await eventually(
      () =>
        db()('outbound_emails')
          .where({ dedupe_key: `order-confirmation-${orderId}` })
          .first(),
      20_000,
    );
    expect(mail.text).toContain('Edition print 2/25');
    expect(mail.html).toContain('Edition print 2/25');
    const link = /<a href="([^"]+)"[^>]*>Certificate of authenticity<\/a>/.exec(mail.html)?.[1];
    expect(link).toBeDefined();
    expect(mail.text).toContain(`Certificate of authenticity: ${link}`);
    const path = link!.replace(app.ctx.config.publicUrl, '');
    let res = await app.client().get(path);
    if (res.status === 302) res = await app.client().get(res.headers.get('location')!);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(await pdf.arrayBuffer()))).toBe(true);
    // the owner's notice says the number too
    const notice = await db()('outbound_emails')
      .where({ dedupe_key: `owner-order-${orderId}` })
      .first();
    if (notice) expect(notice.text).toContain('Edition print 2/25');
  });

  it('a line of 2 prints: both numbers and both certificates on the order JSON and in the paid e-mail', async () => {
    const photo = await twoSizes('Pair of herons');
    await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 25 }));
    await buy(photo, 'first@example.com'); // takes 1/25
    const { orderId, token } = await buy(photo, 'pair@example.com', photo.optionIds[0], 2);

    type Print = { number: number; label: string; certificateUrl: string | null };
    type Line = Print & { size: number; prints: Print[] };
    const page = () =>
      app
        .client()
        .json<{ items: { quantity: number; edition: Line | null }[] }>(
          app.client().get(`/api/orders/by-token/${token}`),
        );
    const made = await eventually(async () => {
      const prints = (await page()).items[0]!.edition?.prints ?? [];
      return prints.length === 2 && prints.every((p) => p.certificateUrl) ? prints : null;
    }, 20_000);
    const [seven, eight] = made.map((p) => p.certificateUrl!);
    expect(seven).not.toBe(eight);
    const buyer = (await page()).items[0]!;
    expect(buyer.quantity).toBe(2);
    expect(buyer.edition).toEqual({
      number: 2,
      size: 25,
      label: '2/25',
      certificateUrl: seven,
      prints: [
        { number: 2, label: '2/25', certificateUrl: seven },
        { number: 3, label: '3/25', certificateUrl: eight },
      ],
    });
    const detail = await admin.json<{ lineItems: { edition: Line | null }[] }>(
      admin.get(`/api/admin/orders/${orderId}`),
    );
    expect(detail.lineItems[0]!.edition?.prints).toEqual(buyer.edition!.prints);

    // the paid e-mail: each print's number with its own certificate's link
    const mail = await eventually(
      () =>
        db()('outbound_emails')
          .where({ dedupe_key: `order-confirmation-${orderId}` })
          .first(),
      20_000,
    );
    expect(mail.html).toContain('Edition print 2/25');
    expect(mail.html).toContain('Edition print 3/25');
    const links = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>Certificate of authenticity<\/a>/g)].map(
      (m) => m[1]!,
    );
    expect(links).toHaveLength(2);
    expect(mail.text).toMatch(/Edition print 2\/25\n {2}Certificate of authenticity: \S+/);
    expect(mail.text).toMatch(/Edition print 3\/25\n {2}Certificate of authenticity: \S+/);
    // each link gives its own print's certificate, made or not when the e-mail was written
    const pdfs: string[] = [];
    for (const link of links) {
      let res = await app.client().get(link.replace(app.ctx.config.publicUrl, ''));
      if (res.status === 302) res = await app.client().get(res.headers.get('location')!);
      expect(res.status).toBe(200);
      pdfs.push(Buffer.from(await res.arrayBuffer()).toString('base64'));
    }
    const expected = await Promise.all(
      [seven, eight].map(async (url) =>
        Buffer.from(await (await app.client().get(url!)).arrayBuffer()).toString('base64'),
      ),
    );
    expect(pdfs).toEqual(expected);
  });

  it("the stable link answers the line's certificate by the order's token, and 404 for any other", async () => {
    const photo = await twoSizes('Stable link');
    await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 3 }));
    const { orderId, token } = await buy(photo, 'stable@example.com');
    const [line] = await db()('order_line_items').where({ order_id: orderId });
    const res = await app.client().get(`/certificates/order/${token}/${line.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/certificates\/[A-Za-z0-9_-]{22}\.pdf$/);
    // the same certificate the job makes (made once)
    await eventually(async () => (await db()('certificates')).length > 0);
    const again = await app.client().get(`/certificates/order/${token}/${line.id}`);
    expect(again.headers.get('location')).toBe(res.headers.get('location'));
    const wrong = await app.client().get(`/certificates/order/${'x'.repeat(43)}/${line.id}`);
    expect(wrong.status).toBe(404);
    expect((await app.client().get(`/certificates/order/${token}/${line.id + 999}`)).status).toBe(404);
    // with the print's number (a line of several prints links each one's)
    const [sold] = await db()('edition_numbers').where({ order_line_id: line.id });
    const byNumber = await app.client().get(`/certificates/order/${token}/${line.id}/${sold.number}`);
    expect(byNumber.headers.get('location')).toBe(res.headers.get('location'));
    const other = await app.client().get(`/certificates/order/${token}/${line.id}/${sold.number + 1}`);
    expect(other.status).toBe(404);
  });

  it('a line without an edition says edition null, and its e-mail has no edition note', async () => {
    const plain = await twoSizes('Open print');
    const { orderId, token } = await buy(plain, 'open@example.com');
    const page = await app
      .client()
      .json<{ items: { edition: unknown }[] }>(app.client().get(`/api/orders/by-token/${token}`));
    expect(page.items.map((i) => i.edition)).toEqual([null]);
    const mail = await eventually(
      () =>
        db()('outbound_emails')
          .where({ dedupe_key: `order-confirmation-${orderId}` })
          .first(),
      20_000,
    );
    expect(mail.text).not.toContain('Edition print');
    expect(mail.html).not.toContain('Certificate of authenticity');
  });
});

describe("the owner's certificate settings and prints to sign", () => {
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
  const form = (data: Buffer | string, name = 'signature.png', type = 'image/png', field = 'signature') => {
    const f = new FormData();
    f.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
    return f;
  };

  it('stores a PNG signature; refuses a text file (400) and a file over 2 MB (413), keeping the stored one', async () => {
    const saved = await admin.json(
      admin.put('/api/admin/edition-settings/signature', form(await png(600, 200))),
    );
    expect(saved).toMatchObject({ hasSignature: true, signatureType: 'image/png' });
    const stored = await db()('edition_settings').first();
    expect((await sharp(stored.signature).metadata()).width).toBe(600);

    const fake = await admin.put('/api/admin/edition-settings/signature', form('not an image at all'));
    expect(fake.status).toBe(400);
    expect((await fake.json()).message).toBe('The signature must be a PNG or JPEG image.');
    const big = await admin.put(
      '/api/admin/edition-settings/signature',
      form(Buffer.concat([await png(10, 10), Buffer.alloc(2 * 1024 * 1024 + 10)])),
    );
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe('The signature image must be at most 2 MB.');
    const after = await db()('edition_settings').first();
    expect(Buffer.from(after.signature).equals(Buffer.from(stored.signature))).toBe(true);
  });

  it('saves the name on certificates; refuses an empty one', async () => {
    expect(
      await admin.json(admin.put('/api/admin/edition-settings', { photographerName: 'Ada Wren' })),
    ).toMatchObject({ photographerName: 'Ada Wren' });
    expect(await admin.json(admin.get('/api/admin/edition-settings'))).toMatchObject({
      photographerName: 'Ada Wren',
    });
    const empty = await admin.put('/api/admin/edition-settings', { photographerName: '' });
    expect(empty.status).toBe(400);
    expect((await db()('edition_settings').first()).photographer_name).toBe('Ada Wren');
  });

  it('lists sold edition prints to sign and marks one signed', async () => {
    const photo = await twoSizes('To sign');
    await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 4 }));
    const { orderId } = await buy(photo, 'sign@example.com');
    type ToSign = {
      id: number;
      orderId: number;
      number: string;
      photoTitle: string;
      signedAt: string | null;
    };
    const mine = async () =>
      (await admin.json<ToSign[]>(admin.get('/api/admin/editions/to-sign'))).filter(
        (p) => p.orderId === orderId,
      );
    const [item] = await eventually(async () => ((await mine()).length ? mine() : null), 20_000);
    // no lab makes it: she signs it before she ships it herself
    expect(item).toMatchObject({ number: '1/4', photoTitle: 'To sign', signedAt: null, madeBy: 'you' });
    expect(await admin.json(admin.post(`/api/admin/editions/numbers/${item!.id}/signed`))).toEqual({
      message: 'Marked signed.',
    });
    const after = await mine();
    expect(after.every((p) => p.signedAt !== null) || after.length === 0).toBe(true);
    expect((await db()('edition_numbers').where({ id: item!.id }).first()).signed_at).not.toBeNull();
    expect((await admin.post('/api/admin/editions/numbers/999999/signed')).status).toBe(404);
  });
});
