import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, dropDatabase, ensureDatabase, type Db } from '../../src/platform/db';
import { writeEmail } from '../../src/platform/outbox';
import { startCaddy, type Caddy } from '../support/caddy';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer';
import {
  prepareDeployment,
  requireBuild,
  startBuilt,
  type BuiltProcess,
  type Deployment,
} from '../support/prod-build';
import { freePort } from '../support/redis-server';
import { customer, insertPhoto, testCard } from '../support/shop-data';
import { ADMIN, eventually } from '../support/test-app';
import { BrowserClient, fetchTrusting } from '../support/tls-client';

// Issue 23, the deployment proof: the production build (`npm run build`), with production
// dependencies only and NODE_ENV=production, as the Docker image runs it. Caddy terminates TLS
// with its internal CA in front of two API processes (round robin) and one worker; all three
// reach Postgres through PgBouncer in transaction mode. Then the same build over plain HTTP,
// without a proxy. Nothing here runs the TypeScript sources: only the test's own fixtures do.

const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
const dbName = `wildframe_test_deploy_${id}`;
const direct = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
direct.pathname = `/${dbName}`;
const directUrl = direct.toString();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `wftest_deploy_${id}`;
const SWEEP_EVERY_MS = 1000;
// one secret for every process: a session made by one API process is read by the other
const SESSION_SECRET = `deployment-test-session-secret-${randomBytes(16).toString('hex')}`;

let deployment: Deployment | undefined;
let bouncer: PgBouncer | undefined;
let caddy: Caddy | undefined;
let db: Db | undefined;
let dataDir = '';
const apis: (BuiltProcess & { url: string })[] = [];
let worker: BuiltProcess | undefined;
let plain: (BuiltProcess & { url: string }) | undefined;
let photo: { photoId: number; optionIds: number[] };

const all = () => [...apis, ...(worker ? [worker] : []), ...(plain ? [plain] : [])];
/** Every process's output, for a failing assertion's message. */
const outputs = () =>
  all().map((p) => `----- ${p.name} (exit: ${p.exitStatus()}):\n${p.output().slice(-4000)}`);

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET,
    DATABASE_URL: bouncer!.url(dbName),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    PAYMENTS_PROVIDER: 'test',
    DATA_DIR: dataDir,
    // debug: answers from the response cache and quiet sweeps get a log line too (see servedBy)
    LOG_LEVEL: 'debug',
    LOG_FORMAT: 'json',
    SWEEP_EVERY_MS: String(SWEEP_EVERY_MS),
    // a loaded CI machine: a slow query must not turn into a 503 here
    DB_QUERY_TIMEOUT_MS: '15000',
    ...extra,
  };
}

/** Until the process answers /readyz with 200 (migrated, Postgres and Redis up); fails as soon as it exits. */
async function waitReady(p: BuiltProcess & { url: string }, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = p.exitStatus();
    if (status !== null || Date.now() > deadline)
      throw new Error(
        `${p.name} ${status !== null ? `exited (${status})` : `was not ready within ${timeoutMs} ms`}:\n` +
          outputs().join('\n'),
      );
    const res = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The log line of the request with this X-Request-Id, and which API process wrote it (answers
 * from the response cache are logged at debug level, which these processes run at).
 */
const logOf = (requestId: string) =>
  eventually(async () => {
    for (const api of apis) {
      const line = api
        .logs()
        .find(
          (l) => l.msg === 'request completed' && (l.req as { id?: string } | undefined)?.id === requestId,
        );
      if (line) return { api: api.name, line };
    }
    return null;
  }, 10_000);
const servedBy = async (requestId: string) => (await logOf(requestId)).api;

/** A session cookie's Set-Cookie line. */
const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('wf.sid='));
const isSecure = (cookie: string | undefined) => /;\s*secure\s*(;|$)/i.test(cookie ?? '');

beforeAll(async () => {
  requireBuild(); // fails with "run `npm run build` first": tests never build
  deployment = await prepareDeployment();
  await ensureDatabase(directUrl);
  db = createDb(directUrl, 2, 0);
  bouncer = await startPgBouncer({ databases: [dbName], poolMode: 'transaction', poolSize: 20 });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'wildframe-deploy-data-'));

  const ports = [await freePort(), await freePort()];
  caddy = await startCaddy({ upstreams: ports.map((p) => `127.0.0.1:${p}`) });
  // PUBLIC_URL is the https site; TRUST_PROXY is left unset: Caddy on loopback is believed.
  // Both API processes start together on the fresh database, as `docker compose up --scale api=2`
  // does: both migrate it, and neither may fail because the other created a table first.
  for (const [i, port] of ports.entries()) {
    apis.push({
      ...startBuilt(deployment.dir, `api-${i + 1}`, 'dist/node/api.js', {
        ...env({ PORT: String(port), PUBLIC_URL: caddy.url }),
      }),
      url: `http://127.0.0.1:${port}`,
    });
  }
  await Promise.all(apis.map((api) => waitReady(api)));
  // as in docker-compose.yml, the worker starts once the API has migrated the database
  worker = startBuilt(deployment.dir, 'worker', 'dist/node/worker.js', env({ PUBLIC_URL: caddy.url }));
  // the same build, no proxy, no PUBLIC_URL: visited at http://localhost:<port>
  const plainPort = await freePort();
  plain = {
    ...startBuilt(deployment.dir, 'api-plain-http', 'dist/node/api.js', env({ PORT: String(plainPort) })),
    url: `http://localhost:${plainPort}`,
  };
  await waitReady(plain);
  await eventually(async () => worker!.output().includes('workers started'), 60_000).catch(() => {
    throw new Error(`the worker did not start:\n${outputs().join('\n')}`);
  });
  photo = await insertPhoto(db, {
    title: 'Marsh Sunset',
    options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
  });
}, 240_000);

afterAll(async () => {
  const step = async (work: () => Promise<unknown> | unknown) => {
    try {
      await work();
    } catch (err) {
      console.error('deployment test cleanup:', err);
    }
  };
  await step(() => Promise.all(all().map((p) => p.stop())));
  await step(() => caddy?.stop());
  await step(() => bouncer?.stop());
  await step(() => db?.destroy());
  await step(() => dropDatabase(directUrl));
  await step(async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  await step(() => dataDir && rmSync(dataDir, { recursive: true, force: true }));
  await step(() => deployment?.remove());
}, 90_000);

describe('the production build behind Caddy (TLS), two APIs and a worker, PgBouncer in transaction mode', () => {
  it('runs with production dependencies only: a devDependency cannot even be imported', () => {
    const tryImport = (name: string) =>
      spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(name)})`], {
        cwd: deployment!.dir,
        env: { PATH: process.env.PATH, NODE_ENV: 'production' },
        encoding: 'utf8',
      });
    expect(tryImport('express').status).toBe(0);
    // (typescript itself is there: an optional peer of a production dependency, valibot)
    for (const devOnly of ['vitest', 'tsx', 'vite', 'eslint', 'smtp-server']) {
      const r = tryImport(devOnly);
      expect(r.status, `${devOnly} must not be installed`).not.toBe(0);
      expect(r.stderr).toContain('ERR_MODULE_NOT_FOUND');
    }
    for (const p of all()) expect(p.exitStatus(), p.output()).toBeNull();
    // every process reaches Postgres through PgBouncer, which refused no startup parameter
    expect(bouncer!.log()).not.toMatch(/unsupported startup parameter|no such database/i);
  });

  it('signs in over HTTPS with a Secure cookie, and the session works through both API processes', async () => {
    const admin = new BrowserClient(caddy!.url, fetchTrusting(caddy!.ca));
    const res = await admin.post('/api/admin/login', ADMIN);
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = sessionCookie(res);
    expect(isSecure(cookie), cookie).toBe(true);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // an https PUBLIC_URL: browsers are told to stay on https
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);

    const answeredBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      expect(await admin.json(admin.get('/api/admin/user'))).toEqual({
        id: expect.any(Number),
        username: ADMIN.username,
        mustChangePassword: false,
      });
      answeredBy.add(await servedBy(admin.lastRequestId));
    }
    expect([...answeredBy].sort()).toEqual(['api-1', 'api-2']);
  });

  it('a visitor buys a print with the test card over HTTPS; the worker marks the order paid', async () => {
    const visitor = new BrowserClient(caddy!.url, fetchTrusting(caddy!.ca));
    const item = { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 };
    const added = await visitor.post('/api/cart', item);
    expect(added.status, await added.clone().text()).toBe(201);
    expect(isSecure(sessionCookie(added))).toBe(true);
    // the next request goes to the other API process: same cart
    expect((await visitor.json<{ items: unknown[]; total: number }>(visitor.get('/api/cart'))).total).toBe(
      135,
    );
    const { orderId, total } = await visitor.json<{ orderId: number; total: number }>(
      visitor.post('/api/checkout', { ...customer, totalAmount: 135 }),
      201,
    );
    expect(total).toBe(135);
    const { clientSecret, provider } = await visitor.json<{ clientSecret: string; provider: string }>(
      visitor.post('/api/create-payment-intent', { orderId, amount: total }),
    );
    expect(provider).toBe('test');
    expect(
      await visitor.json(visitor.post('/api/test-payments/confirm', { ...testCard, clientSecret })),
    ).toEqual({
      status: 'succeeded',
      orderPageToken: expect.stringMatching(/^[\w-]{20,}$/),
    });

    // the worker reconciles the payment: the owner sees the order paid, the buyer too
    const admin = new BrowserClient(caddy!.url, fetchTrusting(caddy!.ca));
    await admin.json(admin.post('/api/admin/login', ADMIN));
    await eventually(async () => {
      const orders = await admin.json<{ id: number; status: string }[]>(admin.get('/api/admin/orders'));
      return orders.find((o) => o.id === orderId)?.status === 'paid';
    }, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${outputs().join('\n')}`);
    });
    expect(
      (
        await visitor.json<{ status: string }>(
          visitor.get(`/api/orders/${orderId}/status?secret=${clientSecret}`),
        )
      ).status,
    ).toBe('paid');
    // and mails the confirmation (no SMTP_URL: written to DATA_DIR/outbox by the worker)
    await eventually(async () => outboxMails().some((m) => m.includes(`order #${orderId}`)), 60_000);
  }, 120_000);

  it('an admin edit is seen on the very next public request through each API process', async () => {
    const admin = new BrowserClient(caddy!.url, fetchTrusting(caddy!.ca));
    await admin.json(admin.post('/api/admin/login', ADMIN));
    const visitor = new BrowserClient(caddy!.url, fetchTrusting(caddy!.ca));
    const notice = async (c: BrowserClient) =>
      (await c.json<{ isActive: boolean; line1: string | null }>(c.get('/api/shipping-notice'))).line1;

    for (const line1 of [
      'Orders placed this week ship on Monday.',
      'Back from the field: orders ship daily.',
    ]) {
      // every process holds the current answer in its response cache: a second read is a hit
      for (const api of apis) {
        const there = visitor.at(api.url);
        await notice(there);
        await notice(there);
        expect((await logOf(there.lastRequestId)).line.cached, `${api.name} answers from its cache`).toBe(
          true,
        );
      }
      await admin.json(admin.post('/api/admin/shipping-notice', { line1, isActive: true }));
      const write = admin.lastRequestId;
      // then at once, nothing awaited in between: two reads through Caddy (round robin: one on
      // each process; one of them is the process that did not take the write) and one on each
      // process directly
      const reads: { via: string; line1: string | null; id: string }[] = [];
      for (let i = 0; i < 2; i++)
        reads.push({ via: 'caddy', line1: await notice(visitor), id: visitor.lastRequestId });
      for (const api of apis) {
        const there = visitor.at(api.url);
        reads.push({ via: api.name, line1: await notice(there), id: there.lastRequestId });
      }
      const writer = await servedBy(write);
      const seen = await Promise.all(
        reads.map(async (r) => `${r.via} -> ${await servedBy(r.id)}: ${r.line1}`),
      );
      expect(seen.sort(), `the write was taken by ${writer}`).toEqual([
        `api-1 -> api-1: ${line1}`,
        `api-2 -> api-2: ${line1}`,
        `caddy -> api-1: ${line1}`,
        `caddy -> api-2: ${line1}`,
      ]);
    }
  }, 120_000);

  it('the re-drive sweep runs in the worker on its interval and does lost work exactly once', async () => {
    // an e-mail that is in the outbox (Postgres) but whose job never reached Redis: only the
    // sweep finds it (it is written a while ago, as the sweep waits a minute before re-driving)
    const subject = `Lost and found ${randomBytes(3).toString('hex')}`;
    const emailId = (await writeEmail(db!, {
      dedupeKey: `deploy-${subject}`,
      to: 'lost@example.com',
      subject,
      html: '<p>Found.</p>',
      text: 'Found.',
    }))!;
    await db!('outbound_emails')
      .where({ id: emailId })
      .update({ created_at: db!.raw("now() - interval '2 minutes'") });
    const sweepsBefore = sweeps().length;

    await eventually(
      async () => (await db!('outbound_emails').where({ id: emailId }).first()).status === 'sent',
      60_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${outputs().join('\n')}`);
    });
    // let more sweeps pass (at least two after the one that found it): nothing is sent again
    await eventually(async () => sweeps().length >= sweepsBefore + 3, 60_000);
    const row = await db!('outbound_emails').where({ id: emailId }).first();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(outboxMails().filter((m) => m.includes(subject))).toHaveLength(1);
    expect(sweeps().some((s) => (s.counts as Record<string, number>).emails > 0)).toBe(true);
    // one sweep at a time, each at least SWEEP_EVERY_MS after the last one ended
    const ends = sweeps().map((s) => Number(s.time));
    const gaps = ends.slice(1).map((t, i) => t - ends[i]);
    expect(gaps.length).toBeGreaterThanOrEqual(3);
    // (less a few ms: a timer may fire a millisecond early by the wall clock)
    for (const gap of gaps)
      expect(gap, `gaps between sweeps: ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(SWEEP_EVERY_MS - 5);
    // every task of the sweep ran, through PgBouncer (its advisory lock is a transaction's)
    expect(Object.keys(sweeps().at(-1)!.counts as object).sort()).toEqual(
      [
        'cart-reminders',
        'clean-originals',
        'edition-prints',
        'emails',
        'events',
        'field-uploads',
        'gift-cards',
        'media-files',
        'newsletter',
        'payments',
        'print-lab',
        'stale-carts',
        'variants',
        'visits',
      ].sort(),
    );
    // the sweep is the worker's job alone: the API processes never sweep
    for (const api of [...apis, plain!]) expect(api.output()).not.toContain('re-drive sweep');
    expect(worker!.output()).not.toContain('re-drive skipped');
  }, 120_000);
});

describe('the same build over plain HTTP, without a proxy', () => {
  it('signing in sets a cookie without Secure, and the next request is signed in', async () => {
    const c = new BrowserClient(plain!.url, fetchTrusting(caddy!.ca));
    const res = await c.post('/api/admin/login', ADMIN);
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    expect(isSecure(cookie), cookie).toBe(false);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(await c.json(c.get('/api/admin/user'))).toEqual({
      id: expect.any(Number),
      username: ADMIN.username,
      mustChangePassword: false,
    });
  });

  it('a cart add is kept: the next cart read has the item', async () => {
    const c = new BrowserClient(plain!.url, fetchTrusting(caddy!.ca));
    const add = await c.post('/api/cart', {
      photoId: photo.photoId,
      printOptionId: photo.optionIds[0],
      quantity: 2,
    });
    expect(add.status, await add.clone().text()).toBe(201);
    expect(isSecure(sessionCookie(add))).toBe(false);
    const cart = await c.json<{ items: { photoId: number; quantity: number }[] }>(c.get('/api/cart'));
    expect(cart.items).toEqual([expect.objectContaining({ photoId: photo.photoId, quantity: 2 })]);
  });
});

describe('after all of the above', () => {
  it('no process crashed or logged an error', () => {
    for (const p of all()) {
      expect(p.exitStatus(), p.output()).toBeNull();
      const errors = p.logs().filter((l) => Number(l.level) >= 50);
      expect(errors, p.name).toEqual([]);
    }
  });
});

/** The worker's sweep log lines so far. */
function sweeps(): Record<string, unknown>[] {
  return worker!.logs().filter((l) => l.msg === 're-drive sweep');
}

/** The .eml files the worker wrote (no SMTP_URL: mails go to DATA_DIR/outbox). */
function outboxMails(): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));
}
