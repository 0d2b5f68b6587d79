import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startSmtpSink } from '../support/smtp-sink';
import { startRedisServer } from '../support/redis-server';
import { insertPhoto, placeOrder } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import type { RunningWorkers } from '../../workers/main';
import { enqueueEmail, writeEmail } from '../../src/platform/outbox';

// Redis without persistence crashes and comes back empty: every job it held is gone, and so would
// be a sweeper schedule kept there. Postgres holds the truth; the re-drive must deliver it all,
// exactly once, by itself. While Redis is down, writes that need it answer 503, never a 2xx.
let redis: Awaited<ReturnType<typeof startRedisServer>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let app: TestApp;
let workers: RunningWorkers;
let photo: { photoId: number; optionIds: number[] };
const OWNER = 'owner@example.com';
const TOTAL = 135;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada' };

beforeAll(async () => {
  redis = await startRedisServer();
  sink = await startSmtpSink();
  app = await createTestApp({
    REDIS_URL: redis.url,
    SMTP_URL: sink.url,
    OWNER_EMAIL: OWNER,
    SWEEP_EVERY_MS: '300',
  });
  workers = await app.startWorkers();
  photo = await insertPhoto(app.ctx.db, {
    title: 'Marsh Sunset',
    options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
  });
});
afterAll(async () => {
  await redis?.restart(); // workers close cleanly only with a Redis to talk to
  await app?.close();
  await sink?.close();
  await redis?.stop();
});

async function payOrder(c: HttpClient): Promise<number> {
  await c.json(
    c.post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }),
    201,
  );
  const { orderId } = await placeOrder(
    c,
    [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
    TOTAL,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: TOTAL }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...card, clientSecret }));
  return orderId;
}

const mailsAbout = (text: string) => sink.mails.filter((m) => m.subject.includes(text));

describe('Redis restarted empty', () => {
  it('answers 503 while it is down, then delivers every queued e-mail exactly once when it is back', async () => {
    const mail = app.ctx.queues.get('mail');
    const payments = app.ctx.queues.get('payments');
    const visitor = app.client();
    const admin = await app.admin();

    // Order A is paid and its two e-mails are in the outbox, but the mail queue is held up.
    await mail.pause();
    const orderA = await payOrder(app.client());
    await eventually(
      async () =>
        (await app.ctx.db('outbound_emails').where('dedupe_key', 'like', `order-%-${orderA}`)).length === 2,
    );
    // A contact message is stored and answered 201; its e-mail waits in the same queue.
    await visitor.json(
      visitor.post('/api/contact', {
        name: 'Rosa Parks',
        email: 'rosa@example.org',
        message: 'Do you ship prints abroad?',
      }),
      201,
    );
    // Order B is paid while the payment job waits: neither of its e-mails even exists yet.
    await payments.pause();
    const orderB = await payOrder(app.client());
    expect((await app.ctx.db('orders').where({ id: orderB }).first()).status).not.toBe('paid');

    // The visitor has a cart, the owner a session: then Redis dies.
    await visitor.json(
      visitor.post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0] }),
      201,
    );
    await redis.kill();

    const started = Date.now();
    const add = await visitor.post('/api/cart', {
      photoId: photo.photoId,
      printOptionId: photo.optionIds[0],
    });
    expect(add.status).toBe(503);
    expect((await add.json()).message).toMatch(/temporarily unavailable \(redis\)/);
    const fresh = app.client();
    const addFresh = await fresh.post('/api/cart', {
      photoId: photo.photoId,
      printOptionId: photo.optionIds[0],
    });
    expect(addFresh.status).toBe(503);
    for (const [client, method, path, body] of [
      [visitor, 'GET', '/api/cart', undefined],
      [admin, 'GET', '/api/admin/orders', undefined],
      [
        visitor,
        'POST',
        '/api/checkout',
        {
          customerName: 'Ada Lovelace',
          customerEmail: 'ada@example.com',
          shippingAddress: '1 Main St, Springfield, IL',
          totalAmount: TOTAL,
          items: [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
        },
      ],
    ] as const) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(503);
      expect((await res.json()).message, `${method} ${path}`).toMatch(/temporarily unavailable/);
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect(mailsAbout(`#${orderA}`)).toHaveLength(0);

    // Redis comes back with nothing in it; the e-mails and the payment event are old enough
    // (a minute) for the sweeper to consider them missed.
    await redis.restart();
    await app.ctx
      .db('outbound_emails')
      .update({ created_at: app.ctx.db.raw("now() - interval '2 minutes'") });
    await app.ctx
      .db('payment_events')
      .update({ received_at: app.ctx.db.raw("now() - interval '2 minutes'") });

    await eventually(
      async () => mailsAbout(`#${orderB}`).length === 2 && mailsAbout(`#${orderA}`).length === 2,
      30_000,
    );
    await eventually(async () => sink.mails.some((m) => m.subject.includes('Rosa Parks')), 10_000);
    expect((await app.ctx.db('orders').where({ id: orderB }).first()).status).toBe('paid');

    // A few more sweeps change nothing: one e-mail of each kind.
    const runs = workers.redriver.runs;
    await eventually(async () => workers.redriver.runs >= runs + 3, 10_000);
    for (const order of [orderA, orderB]) {
      const mails = mailsAbout(`#${order}`);
      expect(mails.filter((m) => m.to.includes(OWNER))).toHaveLength(1);
      expect(mails.filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1);
    }
    expect(sink.mails.filter((m) => m.subject.includes('Rosa Parks'))).toHaveLength(1);
    expect(await app.ctx.db('outbound_emails').where({ status: 'queued' })).toEqual([]);

    // and the shop works again: a new visitor can fill a cart
    const after = app.client();
    await eventually(
      async () =>
        (await after.post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0] }))
          .status === 201,
    );
  });

  it('sends an e-mail still queued in Postgres even when a completed job holds its id', async () => {
    const id = (await writeEmail(app.ctx.db, {
      dedupeKey: 'completed-job',
      to: 'c@example.com',
      subject: 'Completed yet unsent',
      html: '<p>x</p>',
      text: 'x',
    }))!;
    // a run that did nothing (the row looked sent) completes and keeps its id in Redis
    await app.ctx.db('outbound_emails').where({ id }).update({ status: 'sent' });
    await enqueueEmail(app.ctx.queues, id);
    const mail = app.ctx.queues.get('mail');
    await eventually(async () => (await (await mail.getJob(`email-${id}`))?.getState()) === 'completed');
    await app.ctx
      .db('outbound_emails')
      .where({ id })
      .update({ status: 'queued', created_at: app.ctx.db.raw("now() - interval '2 minutes'") });
    await eventually(async () => sink.mails.some((m) => m.subject === 'Completed yet unsent'), 15_000);
    const runs = workers.redriver.runs;
    await eventually(async () => workers.redriver.runs >= runs + 3, 10_000);
    expect(sink.mails.filter((m) => m.subject === 'Completed yet unsent')).toHaveLength(1);
  });
});
