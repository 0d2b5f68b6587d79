import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { customer, fillCart, insertPhoto } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';

// Issue 36: an edition's numbers are held at checkout, sold once paid, given back only after the
// payment can no longer arrive, revoked when refunded, and never taken twice.

const address = { line1: '4400 Baltimore Avenue', city: 'Bladensburg', state: 'MD', zip: '20710' };
type Photo = { photoId: number; optionIds: number[] };

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
const numbers = (photoId: number) =>
  db()('edition_numbers as n')
    .join('editions as e', 'e.id', 'n.edition_id')
    .where('e.photo_id', photoId)
    .orderBy('n.id')
    .select('n.id', 'n.number', 'n.order_id', 'n.state');
const orderRow = (id: number) => db()('orders').where({ id }).first();

async function photoWithEdition(size: number, title = 'Heron at Dawn'): Promise<Photo> {
  const photo = await insertPhoto(db(), {
    title,
    options: [{ size: '8x10 inch', priceCents: 9500, shippingCents: 1000 }],
  });
  await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size }));
  return photo;
}

async function checkout(photo: Photo, email = customer.customerEmail, c = app.client()) {
  await c.json(c.delete('/api/cart'));
  // a sold-out edition is refused already at the cart's add (409, the same message as checkout's)
  const add = await c.post('/api/cart', {
    photoId: photo.photoId,
    printOptionId: photo.optionIds[0]!,
    quantity: 1,
  });
  if (add.status !== 201) return { c, res: add };
  const res = await c.post('/api/checkout', { ...customer, customerEmail: email, address, totalAmount: 105 });
  return { c, res };
}

async function placed(photo: Photo, email?: string) {
  const { c, res } = await checkout(photo, email);
  const { orderId } = await c.json<{ orderId: number }>(res, 201);
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: 105 }),
  );
  return { c, orderId, intentId: clientSecret.split('_secret_')[0]! };
}

async function pay(
  intentId: string,
  event = stripe.event('payment_intent.succeeded', stripe.succeed(intentId)),
) {
  expect((await stripe.deliver(app.url, event)).status).toBe(200);
  return event;
}

describe('the owner sets an edition', () => {
  it.each([0, -1, 1e9, 2.5, 'ten'])('refuses a size of %s with 400 and stores nothing', async (size) => {
    const photo = await insertPhoto(db(), { title: 'Bad size' });
    const res = await admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Edition size must be a whole number from 1 to 10000');
    expect(await db()('editions').where({ photo_id: photo.photoId })).toEqual([]);
  });

  it('answers the edition, and refuses per-size editions beside a shared one', async () => {
    const photo = await insertPhoto(db(), { title: 'Shared' });
    const made = await admin.json(
      admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 25, artistProofs: 2 }),
    );
    expect(made).toMatchObject({
      size: 25,
      artistProofs: 2,
      taken: 0,
      left: 25,
      closed: false,
      soldOut: false,
    });
    const res = await admin.put(
      `/api/admin/photos/${photo.photoId}/print-options/${photo.optionIds[0]}/edition`,
      {
        size: 5,
      },
    );
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'A photo has one edition shared by all its sizes or editions per size, not both.',
    );
  });

  it('can not raise the size after the first sale; can lower it to the numbers taken, and close it', async () => {
    const photo = await photoWithEdition(5, 'Raise');
    const { intentId } = await placed(photo);
    await pay(intentId);
    await eventually(async () => (await numbers(photo.photoId))[0]?.state === 'sold');
    const raise = await admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 6 });
    expect(raise.status).toBe(409);
    expect((await raise.json()).message).toBe("An edition's size cannot be raised after its first sale.");
    expect((await db()('editions').where({ photo_id: photo.photoId }).first()).size).toBe(5);
    expect((await admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 0 })).status).toBe(400);
    expect(
      await admin.json(admin.put(`/api/admin/photos/${photo.photoId}/edition`, { size: 1 })),
    ).toMatchObject({
      size: 1,
      taken: 1,
      left: 0,
      soldOut: true,
    });
    const refused = await checkout(photo, 'late@example.com');
    expect(refused.res.status).toBe(409);
    expect(await refused.res.json()).toEqual({ message: 'This edition is sold out.' });
  });
});

describe('numbers are taken exactly once', () => {
  it('20 concurrent checkouts for the last 3 numbers: 3 orders hold them, 17 are refused, nothing else stored', async () => {
    const photo = await photoWithEdition(5, 'Last three');
    // two numbers sold already
    for (const email of ['a@example.com', 'b@example.com']) await pay((await placed(photo, email)).intentId);
    await eventually(
      async () => (await numbers(photo.photoId)).filter((n) => n.state === 'sold').length === 2,
    );
    const ordersBefore = Number((await db()('orders').count('* as n').first())!.n);

    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const c = app.client();
        await fillCart(c, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 1 }]);
        return { c, email: `buyer${i}@example.com` };
      }),
    );
    const answers = await Promise.all(
      buyers.map(async ({ c, email }) => {
        const res = await c.post('/api/checkout', {
          ...customer,
          customerEmail: email,
          address,
          totalAmount: 105,
        });
        return { status: res.status, body: (await res.json()) as { message?: string; orderId?: number } };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('This edition is sold out.');
    }
    expect(Number((await db()('orders').count('* as n').first())!.n)).toBe(ordersBefore + 3);
    const rows = await numbers(photo.photoId);
    expect(rows.map((n) => n.number).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(
      rows
        .filter((n) => n.state === 'held')
        .map((n) => n.order_id)
        .sort(),
    ).toEqual(
      answers
        .filter((a) => a.status === 201)
        .map((a) => a.body.orderId)
        .sort(),
    );
  });

  it('the database refuses a second live row for a number (the partial unique index)', async () => {
    const photo = await photoWithEdition(3, 'Unique');
    const { orderId } = await placed(photo);
    const [held] = await numbers(photo.photoId);
    const row = await db()('edition_numbers').where({ id: held!.id }).first();
    const { id: _id, ...copy } = row;
    await expect(db()('edition_numbers').insert({ ...copy, order_id: orderId })).rejects.toThrow(
      /edition_numbers_taken_once/,
    );
    // a released one does not count
    await db()('edition_numbers').insert({ ...copy, state: 'released' });
  });

  it('only 2 left for 3 prints: the message says so', async () => {
    const photo = await photoWithEdition(2, 'Two left');
    const c = app.client();
    await fillCart(c, [{ photoId: photo.photoId, printOptionId: photo.optionIds[0]!, quantity: 3 }]);
    const res = await c.post('/api/checkout', { ...customer, address, totalAmount: 3 * 95 + 10 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'Only 2 prints of this edition are left.' });
    expect(await numbers(photo.photoId)).toEqual([]);
  });
});

describe('the payment and the number', () => {
  it('a canceled unpaid order gives its number back only after its intent is canceled', async () => {
    const photo = await photoWithEdition(1, 'Cancel');
    const { orderId, intentId } = await placed(photo);
    expect((await checkout(photo, 'next@example.com')).res.status).toBe(409);
    await admin.json(admin.post(`/api/admin/orders/${orderId}/cancel`));
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await numbers(photo.photoId)).toMatchObject([{ order_id: orderId, state: 'released' }]);
    expect((await checkout(photo, 'next@example.com')).res.status).toBe(201);
  });

  it('a payment arriving after the release takes a free number', async () => {
    const photo = await photoWithEdition(2, 'Late with room');
    const { orderId, intentId } = await placed(photo);
    await admin.json(admin.post(`/api/admin/orders/${orderId}/cancel`));
    // the buyer's card went through at the provider anyway (a race): its webhook arrives now
    await pay(intentId, stripe.event('payment_intent.succeeded', stripe.succeed(intentId)));
    await eventually(async () => (await orderRow(orderId)).status === 'paid');
    await eventually(async () =>
      (await numbers(photo.photoId)).some((n) => n.order_id === orderId && n.state === 'sold'),
    );
  });

  it('a payment arriving after the release when none is left is refunded, and the buyer and owner are told', async () => {
    const photo = await photoWithEdition(1, 'Late sold out');
    const first = await placed(photo, 'first@example.com');
    await admin.json(admin.post(`/api/admin/orders/${first.orderId}/cancel`));
    const second = await placed(photo, 'second@example.com');
    await pay(second.intentId);
    await eventually(async () => (await numbers(photo.photoId)).some((n) => n.state === 'sold'));
    await pay(first.intentId, stripe.event('payment_intent.succeeded', stripe.succeed(first.intentId)));
    await eventually(async () => (await orderRow(first.orderId)).status === 'refunded', 20_000);
    const sold = (await numbers(photo.photoId)).filter((n) => n.state === 'sold');
    expect(sold).toMatchObject([{ order_id: second.orderId, number: 1 }]);
    const mails = await db()('outbound_emails').where(
      'dedupe_key',
      'like',
      `edition-oversold-${first.orderId}-%`,
    );
    expect(mails.map((m) => m.to_address).sort()).toEqual(['first@example.com', 'owner@example.com']);
  });

  it('replayed and out-of-order webhooks sell the number once', async () => {
    const photo = await photoWithEdition(3, 'Replayed');
    const { orderId, intentId } = await placed(photo);
    const event = await pay(intentId);
    await pay(intentId, event);
    await pay(intentId, { ...event, id: `${event.id}_again` } as typeof event);
    // a stale 'canceled' arriving after the payment changes nothing
    await stripe.deliver(
      app.url,
      stripe.event('payment_intent.canceled', { ...stripe.intents.get(intentId)!, status: 'canceled' }),
    );
    await eventually(async () => (await numbers(photo.photoId)).some((n) => n.state === 'sold'));
    await new Promise((r) => setTimeout(r, 500));
    expect(await numbers(photo.photoId)).toMatchObject([{ order_id: orderId, number: 1, state: 'sold' }]);
    await eventually(async () => (await db()('certificates')).length > 0);
  });

  it('a worker killed between payment and certificate: re-driven, the certificate is made once', async () => {
    const photo = await photoWithEdition(3, 'Killed');
    const { orderId, intentId } = await placed(photo);
    await pay(intentId);
    await eventually(async () => (await numbers(photo.photoId)).some((n) => n.state === 'sold'));
    const [n] = await numbers(photo.photoId);
    await eventually(async () => !!(await db()('certificates').where({ edition_number_id: n!.id }).first()));
    // the job run again (a worker killed after its insert, BullMQ retrying) and the sweeper's re-drive
    const again = await Promise.all([
      app.modules.editions.service.makeCertificate(n!.id),
      app.modules.editions.service.makeCertificate(n!.id),
    ]);
    expect(again.map((a) => a.outcome)).toEqual(['skipped', 'skipped']);
    const certs = await db()('certificates').where({ edition_number_id: n!.id });
    expect(certs).toHaveLength(1);
    // a certificate lost before it was made is made by the re-driven job
    await db()('certificates').where({ edition_number_id: n!.id }).delete();
    await db()('edition_numbers')
      .where({ id: n!.id })
      .update({ updated_at: db().raw("now() - interval '2 minutes'") });
    expect(await app.modules.editions.service.sweep()).toBeGreaterThanOrEqual(1);
    await eventually(async () => !!(await db()('certificates').where({ edition_number_id: n!.id }).first()));
    const cert = await db()('certificates').where({ edition_number_id: n!.id }).first();
    expect(cert.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const a = await app.client().get(`/certificates/${cert.id}.pdf`);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/pdf');
    expect(a.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await a.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const b = Buffer.from(await (await app.client().get(`/certificates/${cert.id}.pdf`)).arrayBuffer());
    expect(b.equals(bytes)).toBe(true);
    expect((await app.client().get('/certificates/AAAAAAAAAAAAAAAAAAAAAA.pdf')).status).toBe(404);
    const view = await app.modules.editions.verifyView(cert.id);
    expect(view).toMatchObject({ photoTitle: 'Killed', number: 1, editionSize: 3, valid: true });
    expect(view!.summary).toMatch(/^Print 1 of 3, 8x10 inch Lustre Paper, sold \w+ \d{4}$/);
    expect(orderId).toBeGreaterThan(0);
  });

  it("a refunded print's number is revoked, its certificate too, and the number is not sold again", async () => {
    const photo = await photoWithEdition(1, 'Refunded');
    const { orderId, intentId } = await placed(photo);
    await pay(intentId);
    await eventually(
      async () =>
        (
          await db()('certificates')
            .join('edition_numbers as n', 'n.id', 'certificates.edition_number_id')
            .where('n.order_id', orderId)
        ).length === 1,
    );
    await admin
      .json(
        admin.post(`/api/admin/orders/${orderId}/refunds`, {
          amount: 105,
          reason: 'other',
          idempotencyKey: `refund-${orderId}-x`,
        }),
        201,
      )
      .catch(async () =>
        admin.json(
          admin.post(`/api/admin/orders/${orderId}/refunds`, {
            amount: 105,
            reason: 'other',
            idempotencyKey: `refund-${orderId}-x`,
          }),
        ),
      );
    await eventually(async () => (await numbers(photo.photoId))[0]?.state === 'revoked', 20_000);
    const cert = await db()('certificates')
      .join('edition_numbers as n', 'n.id', 'certificates.edition_number_id')
      .where('n.order_id', orderId)
      .first('certificates.id', 'certificates.revoked_at');
    expect(cert.revoked_at).not.toBeNull();
    expect(await app.modules.editions.verifyView(cert.id)).toMatchObject({ valid: false });
    const next = await checkout(photo, 'after@example.com');
    expect(next.res.status).toBe(409);
    expect(await next.res.json()).toEqual({ message: 'This edition is sold out.' });
  });
});
