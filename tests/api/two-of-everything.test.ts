import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type AppContext } from '../../src/platform/context';
import { ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createModules } from '../../src/modules';
import { Redriver } from '../../src/platform/redrive';
import { writeEmail } from '../../src/platform/outbox';
import { testConfig } from '../support/test-config';
import { freePort } from '../support/redis-server';
import { startSmtpSink } from '../support/smtp-sink';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { HttpClient } from '../support/http-client';
import { ADMIN, eventually } from '../support/test-app';
import { insertPhoto, placeOrder } from '../support/shop-data';
import { appProcesses, dropSharedState } from '../support/app-processes';

// Two API processes and two worker processes against one Postgres and one Redis, as production
// (or the compose file) runs them. A visitor's requests alternate between the APIs, webhooks reach
// either, and still: one paid order, one e-mail of each kind, re-driven work done once.
const OWNER = 'owner@wildframe.example';

let ctx: AppContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let stripe: FakeStripe;
const processes = appProcesses();
const { children, start } = processes;
const apis: string[] = [];
let photo: { photoId: number; optionIds: number[] };

beforeAll(async () => {
  sink = await startSmtpSink();
  stripe = await startFakeStripe();
  const config = testConfig({ ...stripe.env, SMTP_URL: sink.url, OWNER_EMAIL: OWNER });
  await ensureDatabase(config.DATABASE_URL);
  ctx = createContext(config);
  await migrateLatest(ctx.db);
  await createModules(ctx).adminAuth.service.ensureAdmin(ADMIN);
  photo = await insertPhoto(ctx.db, {
    title: 'Marsh Sunset',
    options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
  });
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    DATA_DIR: config.DATA_DIR,
    SMTP_URL: sink.url,
    OWNER_EMAIL: OWNER,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SWEEP_EVERY_MS: '400',
    ...stripe.env,
  };
  for (const n of [1, 2]) {
    const port = await freePort();
    apis.push(`http://127.0.0.1:${port}`);
    start(`api-${n}`, 'src/server.ts', { ...env, PORT: String(port) });
    start(`worker-${n}`, 'workers/main.ts', env);
  }
  for (const url of apis)
    await eventually(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200, 45_000);
}, 90_000);

afterAll(async () => {
  await processes.stop();
  await dropSharedState(ctx);
  await stripe?.close();
  await sink?.close();
}, 60_000);

const mailsFor = (orderId: number) => sink.mails.filter((m) => m.subject.includes(`#${orderId}`));

describe('two API processes and two worker processes', () => {
  it('take one visitor through cart, checkout and payment, paying once and mailing once', async () => {
    const [a, b] = apis;
    const visitor = new HttpClient(a);
    const item = { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 };
    await visitor.json(visitor.post('/api/cart', item), 201);
    // the other API process sees the same session and cart
    const cart = await visitor
      .at(b)
      .json<{ items: unknown[]; total: number }>(visitor.at(b).get('/api/cart'));
    expect(cart.items).toHaveLength(1);
    expect(cart.total).toBe(135);
    const { orderId } = await placeOrder(visitor, [item], 135);
    const { clientSecret } = await visitor
      .at(b)
      .json<{ clientSecret: string }>(
        visitor.at(b).post('/api/create-payment-intent', { orderId, amount: 135 }),
      );
    // a double click landing on the other process gets the same intent
    const again = await visitor.json<{ clientSecret: string }>(
      visitor.post('/api/create-payment-intent', { orderId, amount: 135 }),
    );
    expect(again.clientSecret).toBe(clientSecret);

    // Stripe delivers the event to both processes at once, and again, plus a second event for it
    const intentId = clientSecret.split('_secret_')[0];
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intentId));
    const second = stripe.event('payment_intent.succeeded', stripe.intents.get(intentId)!);
    const deliver = (url: string, e: object) => {
      const payload = JSON.stringify(e);
      return fetch(`${url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
        body: payload,
      });
    };
    const answers = await Promise.all([
      deliver(a, event),
      deliver(b, event),
      deliver(b, second),
      deliver(a, event),
    ]);
    for (const r of answers) expect(r.status).toBe(200);

    await eventually(
      async () => (await ctx.db('orders').where({ id: orderId }).first()).status === 'paid',
      20_000,
    );
    expect(
      (
        await visitor.json<{ status: string }>(
          visitor.at(b).get(`/api/orders/${orderId}/status?secret=${clientSecret}`),
        )
      ).status,
    ).toBe('paid');
    await eventually(async () => mailsFor(orderId).length >= 2, 20_000);

    // A lost send (an outbox row whose job never reached Redis) is re-driven by the sweepers of
    // both worker processes, and still sent once.
    const lostId = await writeEmail(ctx.db, {
      dedupeKey: 'lost-1',
      to: 'lost@example.com',
      subject: 'Lost and found',
      html: '<p>x</p>',
      text: 'x',
    });
    await ctx
      .db('outbound_emails')
      .where({ id: lostId })
      .update({ created_at: ctx.db.raw("now() - interval '2 minutes'") });
    await eventually(async () => sink.mails.some((m) => m.subject === 'Lost and found'), 20_000);

    // let several sweeps of both workers pass: nothing is sent twice
    await new Promise((r) => setTimeout(r, 2500));
    const mails = mailsFor(orderId);
    expect(mails.filter((m) => m.to.includes(OWNER))).toHaveLength(1);
    expect(mails.filter((m) => m.to.includes('ada@example.com'))).toHaveLength(1);
    expect(sink.mails.filter((m) => m.subject === 'Lost and found')).toHaveLength(1);
    expect(await ctx.db('payment_events').where({ order_id: orderId })).toHaveLength(2);
    expect(await ctx.db('outbound_emails').where({ status: 'queued' })).toEqual([]);
    for (const c of children) expect(c.proc.exitCode, `${c.name}: ${c.output.join('')}`).toBeNull();
  }, 90_000);

  it('lets only one process sweep at a time (a Postgres advisory lock)', async () => {
    let inside = 0;
    let most = 0;
    const slow = {
      name: 'slow',
      run: async () => {
        most = Math.max(most, ++inside);
        await new Promise((r) => setTimeout(r, 300));
        inside--;
        return 0;
      },
    };
    const one = new Redriver(ctx.db, ctx.logger).register(slow);
    const two = new Redriver(ctx.db, ctx.logger).register(slow);
    // the two worker processes sweep this database too, so a round may find the lock taken by
    // one of them: never may two sweeps overlap, and a free lock is taken
    let exactlyOne = 0;
    for (let round = 0; round < 20 && exactlyOne < 2; round++) {
      const [r1, r2] = await Promise.all([one.runOnce(), two.runOnce()]);
      expect(r1.ran && r2.ran).toBe(false);
      if (r1.ran !== r2.ran) exactlyOne++;
    }
    expect(exactlyOne).toBe(2);
    expect(most).toBe(1);
  });
});
