import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { createDb, dropDatabase, ensureDatabase } from '../../src/platform/db';
import { isDependencyDown } from '../../src/platform/dependency-errors';
import { createLogger } from '../../src/platform/logger';
import { startApi, type RunningApi } from '../../src/server';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { HttpClient } from '../support/http-client';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer';
import { insertPhoto, placeOrder, testCard } from '../support/shop-data';
import { ADMIN, eventually } from '../support/test-app';
import { testConfig } from '../support/test-config';

// What managed Postgres offers: PgBouncer in transaction mode, serving only the shop's database.
const QUERY_LIMIT_MS = 1500;
const name = `wildframe_test_pgbouncer_${process.pid}_${randomBytes(3).toString('hex')}`;
const direct = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
direct.pathname = `/${name}`;
const directUrl = direct.toString();

let bouncer: PgBouncer;
let ctx: AppContext;
let api: RunningApi;
let workers: RunningWorkers;

/** A connection straight to Postgres (not through PgBouncer), to look at what the app did. */
async function directly<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: directUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await ensureDatabase(directUrl);
  bouncer = await startPgBouncer({ databases: [name], poolMode: 'transaction' });
  const config = testConfig({
    DATABASE_URL: bouncer.url(name),
    DB_QUERY_TIMEOUT_MS: String(QUERY_LIMIT_MS),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  ctx = createContext(config, createLogger(config.LOG_LEVEL));
  // the whole start: database check, migrations, admin, then listening
  api = await startApi(ctx);
  workers = await startWorkers(ctx);
});

afterAll(async () => {
  await workers?.close();
  await api?.close();
  if (ctx) {
    const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}:*`).catch(() => []);
    if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
    await closeContext(ctx);
    rmSync(ctx.config.DATA_DIR, { recursive: true, force: true });
  }
  await bouncer?.stop();
  await dropDatabase(directUrl);
});

describe('behind PgBouncer in transaction mode', () => {
  it('the app starts: no startup parameter refused, migrations ran, ready', async () => {
    expect(bouncer.log()).not.toMatch(/unsupported startup parameter/);
    const { rows } = await directly((c) => c.query('select name from knex_migrations order by id'));
    expect(rows.length).toBeGreaterThan(0);
    expect(await new HttpClient(api.url).json(new HttpClient(api.url).get('/readyz'))).toEqual({
      status: 'ok',
    });
  });

  it('the database check leaves the `postgres` database alone when the shop database answers', async () => {
    // PgBouncer serves only the shop's database: a connection to `postgres` through it fails
    const maintenance = new pg.Client({ connectionString: bouncer.url('postgres') });
    await expect(maintenance.connect()).rejects.toThrow(/no such database: postgres/);
    await maintenance.end().catch(() => undefined);
    await expect(ensureDatabase(bouncer.url(name))).resolves.toBeUndefined();
  });

  it('reads and writes work: sign-in, cart, checkout and a paid order', async () => {
    const admin = new HttpClient(api.url);
    await admin.json(admin.post('/api/admin/login', ADMIN));
    expect(await admin.json(admin.get('/api/admin/user'))).toMatchObject({ username: ADMIN.username });

    const photo = await insertPhoto(ctx.db, {
      title: 'Marsh Sunset',
      options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
    });
    const c = new HttpClient(api.url);
    const { orderId, total } = await placeOrder(
      c,
      [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
      135,
    );
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: total }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    // the payment event is reconciled by a worker job, through the same pooler
    await eventually(async () => {
      const { rows } = await directly((d) => d.query('select status from orders where id = $1', [orderId]));
      return rows[0]?.status === 'paid';
    });
  });

  it('DB_QUERY_TIMEOUT_MS still bounds a slow statement, and Postgres stops running it', async () => {
    // a pool of one connection of its own: its SET and its query share a PgBouncer server connection
    const db = createDb(bouncer.url(name), 1, QUERY_LIMIT_MS);
    try {
      const started = Date.now();
      const err = await db.raw('select pg_sleep(10)').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeNull();
      expect(isDependencyDown(err)).toBe('database'); // the error handler answers 503
      expect(Date.now() - started).toBeLessThan(QUERY_LIMIT_MS + 1000);
      // the server's own statement_timeout (set after connecting, through PgBouncer) ends it
      // just after the client gave up, long before its 10 s
      await eventually(async () => {
        const { rows } = await directly((d) =>
          d.query(
            "select count(*)::int as n from pg_stat_activity where state = 'active' and query like 'select pg_sleep(10)%'",
          ),
        );
        return rows[0].n === 0;
        // a loaded machine (CI beside other work) can take seconds; still well before the sleep's 10 s
      }, 7000);
      expect(Date.now() - started).toBeLessThan(9000);
    } finally {
      await db.destroy();
    }
  });

  it('a request stuck behind a lock answers 503 at the limit, and the next one works', async () => {
    const c = new HttpClient(api.url);
    const photo = await insertPhoto(ctx.db, { options: [{ size: '5x7 inch', priceCents: 3000 }] });
    await c.json(
      c.post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }),
      201,
    );
    const locker = new pg.Client({ connectionString: directUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table cart_items in access exclusive mode');
      const started = Date.now();
      const res = await c.get('/api/cart');
      expect(res.status, await res.clone().text()).toBe(503);
      expect(Date.now() - started).toBeLessThan(QUERY_LIMIT_MS + 2000);
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    const cart = await c.json<{ items: unknown[] }>(c.get('/api/cart'));
    expect(cart.items).toHaveLength(1);
  });
});

describe('ensureDatabase straight to Postgres', () => {
  it('creates a missing database (the target answers 3D000), and leaves it be the second time', async () => {
    const url = new URL(directUrl);
    url.pathname = `/${name}_new`;
    try {
      await ensureDatabase(url.toString());
      await ensureDatabase(url.toString());
      const { rows } = await directly((d) =>
        d.query('select 1 from pg_database where datname = $1', [`${name}_new`]),
      );
      expect(rows).toHaveLength(1);
    } finally {
      await dropDatabase(url.toString());
    }
  });
});
