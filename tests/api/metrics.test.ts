import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionSchema } from '../../src/contract';
import { startApi } from '../../src/server';
import { closeContext, createContext } from '../../src/platform/context';
import { dropDatabase } from '../../src/platform/db';
import { enqueueEmail, writeEmail } from '../../src/platform/outbox';
import { createWorkerRedis } from '../../src/platform/redis';
import { insertPhoto } from '../support/shop-data';
import { startTcpProxy } from '../support/tcp-proxy';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { testConfig } from '../support/test-config';

const TOKEN = 'metrics-token-for-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not an exposition line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

/** The value of the one sample with this name whose labels include `labels`. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(url: string, headers: Record<string, string> = bearer): Promise<Sample[]> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${text}`);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return parse(text);
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => app?.close());
  const metrics = () => scrape(`${app.url}/metrics`);

  it('answers 401 without the token or with a wrong one, and shows nothing', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN]) {
      const res = await fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ message: 'A valid metrics token is required.' });
      expect(body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers with the token: process metrics, build info and the dependencies up', async () => {
    const samples = await metrics();
    expect(value(samples, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    const info = samples.find((s) => s.name === 'wildframe_build_info');
    expect(info?.labels).toMatchObject({ node_version: process.version });
    expect(value(samples, 'wildframe_dependency_up', { dependency: 'database' })).toBe(1);
    expect(value(samples, 'wildframe_dependency_up', { dependency: 'redis' })).toBe(1);
  });

  it('times requests by route pattern, never by the raw URL', async () => {
    const { photoId } = await insertPhoto(app.ctx.db);
    const c = app.client();
    await c.json(c.get(`/api/photos/${photoId}`));
    await c.json(c.get('/api/photos/2147483000'), 404);
    await c.json(c.get(`/api/no-such-route/${photoId}`), 404);
    const samples = await metrics();
    const count = (labels: Record<string, string>) =>
      value(samples, 'http_request_duration_seconds_count', { method: 'GET', ...labels });
    expect(count({ route: '/api/photos/:id', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ route: '/api/photos/:id', status: '404' })).toBe(1);
    expect(count({ route: 'unmatched', status: '404' })).toBe(1);
    expect(count({ route: '/healthz' })).toBeUndefined();
    const bucket = samples.find(
      (s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.route === '/api/photos/:id',
    );
    expect(bucket?.labels.le).toBeDefined();
    const routes = new Set(samples.map((s) => s.labels.route).filter(Boolean));
    for (const route of routes) expect(route).not.toMatch(/\d{2,}/);
  });

  it('counts response cache hits and misses, and times the answers the cache gives', async () => {
    const c = app.client();
    const hits = async () =>
      value(await metrics(), 'wildframe_response_cache_requests_total', { group: 'json', result: 'hit' }) ??
      0;
    // the cache is used once this process listens for invalidations (right after start)
    await eventually(async () => {
      await c.json(c.get('/api/categories'));
      const before = await hits();
      await c.json(c.get('/api/categories'));
      return (await hits()) === before + 1;
    });
    const samples = await metrics();
    expect(
      value(samples, 'wildframe_response_cache_requests_total', { group: 'json', result: 'miss' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'cache:json',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    // what the cache holds (its share of the process's memory): at least the answer kept above
    const held = (await (await c.get('/api/categories')).text()).length;
    expect(value(samples, 'wildframe_response_cache_bytes', {})).toBeGreaterThanOrEqual(held);
  });

  it('reports queue depths, failures and the age of an e-mail waiting in the outbox', async () => {
    const before = await metrics();
    for (const queue of ['media', 'mail', 'payments', 'events'])
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect(value(before, 'wildframe_queue_jobs', { queue, state }), `${queue} ${state}`).toBe(0);
    expect(value(before, 'wildframe_outbox_oldest_age_seconds', { outbox: 'email' })).toBe(0);

    const id = await writeEmail(app.ctx.db, {
      dedupeKey: 'metrics-test',
      to: 'owner@example.com',
      subject: 'Waiting',
      html: '<p>Waiting</p>',
      text: 'Waiting',
    });
    await enqueueEmail(app.ctx.queues, id!);
    await app.ctx.queues.enqueue('media', 'make-variants', { assetId: 1 }, { delay: 60_000 });
    // a job that gives up at its first attempt stays failed (a real BullMQ worker runs it)
    await app.ctx.queues.enqueue('payments', 'check-pending-order', { orderId: 1 }, { attempts: 1 });
    const connection = createWorkerRedis(app.ctx.config.REDIS_URL);
    const worker = new Worker(
      'payments',
      async () => {
        throw new Error('gave up');
      },
      { connection, prefix: `${app.ctx.config.REDIS_PREFIX}:bull` },
    );
    try {
      await eventually(async () => (await app.ctx.queues.get('payments').getFailedCount()) === 1);
    } finally {
      await worker.close();
      connection.disconnect();
    }

    const after = await metrics();
    expect(value(after, 'wildframe_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(1);
    expect(value(after, 'wildframe_queue_jobs', { queue: 'media', state: 'delayed' })).toBe(1);
    expect(value(after, 'wildframe_queue_jobs', { queue: 'payments', state: 'failed' })).toBe(1);
    expect(value(after, 'wildframe_queue_jobs', { queue: 'payments', state: 'waiting' })).toBe(0);
    expect(value(after, 'wildframe_outbox_pending', { outbox: 'email' })).toBe(1);
    expect(value(after, 'wildframe_outbox_oldest_age_seconds', { outbox: 'email' })).toBeGreaterThan(0);
  });

  it('reports the lag of event deliveries from publication to delivery, and open deliveries', async () => {
    const { db } = app.ctx;
    const publish = async (secondsAgo: number, done: boolean) => {
      const [{ id }] = await db('domain_events')
        .insert({
          name: 'test.happened',
          payload: '{}',
          created_at: db.raw('now() - make_interval(secs => ?)', [secondsAgo]),
          relayed_at: db.fn.now(),
        })
        .returning('id');
      await db('event_deliveries').insert({
        event_id: id,
        subscriber: 'test.reaction',
        status: done ? 'done' : 'pending',
        created_at: db.raw('now() - make_interval(secs => ?)', [secondsAgo]),
        done_at: done ? db.fn.now() : null,
      });
    };
    await publish(2, true);
    await publish(4, true);
    await publish(30, false);
    const samples = await metrics();
    expect(value(samples, 'wildframe_event_deliveries_recent')).toBe(2);
    expect(value(samples, 'wildframe_event_delivery_lag_seconds', { stat: 'max' })).toBeCloseTo(4, 0);
    expect(value(samples, 'wildframe_event_delivery_lag_seconds', { stat: 'p50' })).toBeCloseTo(3, 0);
    expect(value(samples, 'wildframe_outbox_pending', { outbox: 'event_delivery' })).toBe(1);
    expect(
      value(samples, 'wildframe_outbox_oldest_age_seconds', { outbox: 'event_delivery' }),
    ).toBeGreaterThan(29);
  });
});

describe('GET /metrics while Redis does not answer', () => {
  let app: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    app = await createTestApp({ METRICS_TOKEN: TOKEN, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  });
  afterAll(async () => {
    proxy?.heal();
    await app?.close();
    await proxy?.close();
  });

  it('still answers quickly with what Postgres says, and says Redis is down', async () => {
    await scrape(`${app.url}/metrics`);
    proxy.partition();
    const started = Date.now();
    const samples = await scrape(`${app.url}/metrics`);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(value(samples, 'wildframe_dependency_up', { dependency: 'redis' })).toBe(0);
    expect(value(samples, 'wildframe_dependency_up', { dependency: 'database' })).toBe(1);
    expect(samples.some((s) => s.name === 'wildframe_queue_jobs')).toBe(false);
    expect(value(samples, 'wildframe_outbox_pending', { outbox: 'email' })).toBe(0);
    proxy.heal();
    await eventually(async () => {
      const again = await scrape(`${app.url}/metrics`);
      return value(again, 'wildframe_dependency_up', { dependency: 'redis' }) === 1;
    });
  });
});

describe('without METRICS_TOKEN or METRICS_ADDRESS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('exposes nothing: /metrics is a 404 like any unknown path', async () => {
    for (const headers of [{}, bearer]) {
      const res = await fetch(`${app.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'No route for GET /metrics.' });
    }
  });

  it('answers GET /api/version: version, commit, start time and Node version, without a session', async () => {
    const res = await app.client().get('/api/version');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    const body = versionSchema.parse(await res.json());
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(body.version).toBe(pkg.version);
    expect(body.node).toBe(process.version);
    const startedAt = Date.parse(body.startedAt);
    expect(startedAt).toBeLessThanOrEqual(Date.now());
    expect(startedAt).toBeGreaterThan(Date.now() - process.uptime() * 1000 - 5000);
    const fromEnv = process.env.GIT_COMMIT || process.env.SOURCE_COMMIT;
    if (fromEnv) expect(body.commit).toBe(fromEnv);
    else if (existsSync(new URL('../../.git', import.meta.url)))
      expect(body.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim());
  });
});

describe('METRICS_ADDRESS', () => {
  it('serves /metrics on its own listener without a token, and closes with the API', async () => {
    const config = testConfig({ METRICS_ADDRESS: '127.0.0.1:0' });
    const ctx = createContext(config);
    try {
      const api = await startApi(ctx);
      let closed = false;
      try {
        expect(api.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
        const samples = await scrape(api.metricsUrl!, {});
        expect(value(samples, 'wildframe_dependency_up', { dependency: 'database' })).toBe(1);
        expect(value(samples, 'wildframe_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(0);
        // only /metrics there; and no token set: the app's own port exposes nothing
        expect((await fetch(api.metricsUrl!.replace('/metrics', '/api/version'))).status).toBe(404);
        expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
        await api.close();
        closed = true;
        await expect(fetch(api.metricsUrl!)).rejects.toThrow();
      } finally {
        if (!closed) await api.close();
      }
    } finally {
      const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
      if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
      await closeContext(ctx);
      await dropDatabase(config.DATABASE_URL);
    }
  });
});
