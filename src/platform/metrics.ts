import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from './context';
import { notFoundHandler } from './http/error-handler';
import { versionInfo } from './version';

/**
 * Prometheus metrics, opt-in: nothing is measured or exposed unless METRICS_TOKEN or
 * METRICS_ADDRESS is set (config.ts). One registry per app (per AppContext), never prom-client's
 * global one: tests run several apps in one process.
 *
 * Request latency is observed here, in this process. Everything else is read when Prometheus
 * scrapes, from BullMQ (Redis) and Postgres, so any API instance reports the whole shop's queues,
 * outboxes and event delivery lag, including work done by the worker processes (which expose no
 * /metrics of their own). A scrape takes at most SCRAPE_TIMEOUT_MS whatever is down: what could
 * not be read is left out and `wildframe_dependency_up` says which dependency did not answer.
 */

const SCRAPE_TIMEOUT_MS = 2000;
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** Event delivery lag is taken over deliveries done this recently, of the latest events. */
const LAG_WINDOW_MINUTES = 5;
const LAG_LATEST_EVENTS = 1000;
/** The route label of a request no route answered (static files, 404s, guards and parsers). */
export const UNMATCHED = 'unmatched';

const byContext = new WeakMap<AppContext, Metrics | null>();

/** The app's metrics, made on first use; null when metrics are off (neither setting is set). */
export function metricsFor(ctx: AppContext): Metrics | null {
  if (!byContext.has(ctx)) {
    const { METRICS_TOKEN, METRICS_ADDRESS } = ctx.config;
    byContext.set(ctx, METRICS_TOKEN || METRICS_ADDRESS ? createMetrics(ctx) : null);
  }
  return byContext.get(ctx) ?? null;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The request's answer came from the response cache: the cache group's name. */
const servedFromCache = Symbol('wildframe.metrics.servedFromCache');
type Tagged = IncomingMessage & { [servedFromCache]?: string };

function withTimeout<T>(work: Promise<T>, ms = SCRAPE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function createMetrics(ctx: AppContext) {
  const { db, queues, logger, config } = ctx;
  const registry = new Registry();
  const registers = [registry];
  /** A gauge of this app's registry, set by the given labels. */
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  collectDefaultMetrics({ register: registry });

  const { version, commit, node } = versionInfo();
  gauge(
    'wildframe_build_info',
    'What is running (always 1): package version, git commit and Node.js version.',
    ['version', 'commit', 'node_version'],
  ).set({ version, commit: commit ?? 'unknown', node_version: node }, 1);

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help:
      'Time to answer an HTTP request, by method, route pattern (cache:<group> when the response ' +
      `cache answered, ${UNMATCHED} when no route did) and status code.`,
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const cacheLookups = new Counter({
    name: 'wildframe_response_cache_requests_total',
    help: 'Cacheable requests by response cache group and result (hit: answered from the cache).',
    labelNames: ['group', 'result'] as const,
    registers,
  });
  const dependencyUp = gauge(
    'wildframe_dependency_up',
    'Whether the dependency answered during this scrape (1) or not (0).',
    ['dependency'],
  );
  const queueJobs = gauge(
    'wildframe_queue_jobs',
    'Jobs per BullMQ queue and state (waiting, active, delayed, failed), read at scrape time.',
    ['queue', 'state'],
  );
  const outboxAge = gauge(
    'wildframe_outbox_oldest_age_seconds',
    'Age of the oldest undelivered entry (0: none): outbox=email (unsent e-mails), ' +
      'event_delivery (open event deliveries), event_relay (events not yet relayed).',
    ['outbox'],
  );
  const outboxPending = gauge(
    'wildframe_outbox_pending',
    'Undelivered entries: outbox=email, event_delivery (pending or failed), event_relay.',
    ['outbox'],
  );
  const deliveryLag = gauge(
    'wildframe_event_delivery_lag_seconds',
    `From an event's publication to its delivery to a queued subscriber, over deliveries done in ` +
      `the last ${LAG_WINDOW_MINUTES} minutes (of the latest ${LAG_LATEST_EVENTS} events): ` +
      'stat=p50, p95, max. No samples when there were none.',
    ['stat'],
  );
  const recentDeliveries = gauge(
    'wildframe_event_deliveries_recent',
    `Event deliveries done in the last ${LAG_WINDOW_MINUTES} minutes: the sample behind wildframe_event_delivery_lag_seconds.`,
  );

  async function readQueues(): Promise<void> {
    const queueNames = queues.names;
    const counts = await withTimeout(
      Promise.all(
        queueNames.map((name) =>
          queues.get(name).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
        ),
      ),
    );
    queueJobs.reset();
    counts.forEach((c, i) => {
      for (const state of QUEUE_STATES) {
        const n = (c[state] ?? 0) + (state === 'waiting' ? (c.prioritized ?? 0) : 0);
        queueJobs.set({ queue: queueNames[i], state }, n);
      }
    });
  }

  // Each subquery runs on an index: outbound_emails (status, created_at), event_deliveries'
  // partial index of open deliveries, domain_events' partial index of unrelayed events.
  async function readOutboxes(): Promise<void> {
    const { rows } = await withTimeout(
      db.raw(`select
        (select extract(epoch from now() - min(created_at)) from outbound_emails where status = 'queued') as email_age,
        (select count(*) from outbound_emails where status = 'queued') as email_pending,
        (select extract(epoch from now() - min(created_at)) from event_deliveries where status <> 'done') as event_delivery_age,
        (select count(*) from event_deliveries where status <> 'done') as event_delivery_pending,
        (select extract(epoch from now() - created_at) from domain_events where relayed_at is null order by id limit 1) as event_relay_age,
        (select count(*) from domain_events where relayed_at is null) as event_relay_pending`),
    );
    const row = rows[0] as Record<string, number | null>;
    for (const outbox of ['email', 'event_delivery', 'event_relay']) {
      outboxAge.set({ outbox }, Math.max(0, Number(row[`${outbox}_age`] ?? 0)));
      outboxPending.set({ outbox }, Number(row[`${outbox}_pending`] ?? 0));
    }
  }

  // Deliveries run in the publisher's transaction are left out: they are done when published
  // (done_at = created_at), so they would only hide the lag of the queued ones.
  async function readDeliveryLag(): Promise<void> {
    const { rows } = await withTimeout(
      db.raw(
        `select count(*) as n,
           percentile_cont(0.5) within group (order by lag) as p50,
           percentile_cont(0.95) within group (order by lag) as p95,
           max(lag) as max
         from (
           select extract(epoch from d.done_at - e.created_at) as lag
           from (select id, created_at from domain_events order by id desc limit ?) e
           join event_deliveries d on d.event_id = e.id
           where d.done_at > d.created_at and d.done_at > now() - make_interval(mins => ?)
         ) recent`,
        [LAG_LATEST_EVENTS, LAG_WINDOW_MINUTES],
      ),
    );
    const row = rows[0] as { n: number; p50: number | null; p95: number | null; max: number | null };
    recentDeliveries.set(Number(row.n));
    deliveryLag.reset();
    if (Number(row.n) > 0)
      for (const stat of ['p50', 'p95', 'max'] as const) deliveryLag.set({ stat }, Number(row[stat]));
  }

  /** Reads what lives in Redis and Postgres, in parallel; what fails is left out, not an error. */
  async function refresh(): Promise<void> {
    const [redis, outboxes, lag] = await Promise.allSettled([
      readQueues(),
      readOutboxes(),
      readDeliveryLag(),
    ]);
    if (redis.status === 'rejected') queueJobs.reset();
    if (outboxes.status === 'rejected') {
      outboxAge.reset();
      outboxPending.reset();
    }
    if (lag.status === 'rejected') {
      deliveryLag.reset();
      recentDeliveries.reset();
    }
    dependencyUp.set({ dependency: 'redis' }, redis.status === 'fulfilled' ? 1 : 0);
    dependencyUp.set(
      { dependency: 'database' },
      outboxes.status === 'fulfilled' && lag.status === 'fulfilled' ? 1 : 0,
    );
    for (const failed of [redis, outboxes, lag])
      if (failed.status === 'rejected')
        logger.debug({ err: failed.reason }, 'metrics: a dependency did not answer this scrape');
  }

  /** The exposition text, refreshed from Redis and Postgres first. */
  async function write(res: ServerResponse, head = false): Promise<void> {
    await refresh();
    const text = await registry.metrics();
    res.writeHead(200, {
      'Content-Type': registry.contentType,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(head ? undefined : text);
  }

  const expected = config.METRICS_TOKEN ? sha256(config.METRICS_TOKEN) : null;
  /** A constant-time comparison of `Authorization: Bearer <token>` with METRICS_TOKEN. */
  const authorized = (header: string | undefined) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    return !!expected && given !== undefined && timingSafeEqual(sha256(given), expected);
  };

  return {
    registry,
    refresh,
    write,

    /**
     * Starts timing a request on the raw request, before Express or the response cache runs; the
     * route is the pattern of the route Express matched (with its routers' mount paths), recorded
     * when Express matches it (an error handler later answering keeps that label).
     */
    time(req: IncomingMessage, res: ServerResponse): void {
      const start = performance.now();
      let route: { path?: unknown } | undefined;
      let pattern: string | undefined;
      Object.defineProperty(req, 'route', {
        configurable: true,
        enumerable: true,
        get: () => route,
        set(value: { path?: unknown } | undefined) {
          route = value;
          if (value) pattern = `${(req as { baseUrl?: string }).baseUrl ?? ''}${String(value.path)}`;
        },
      });
      res.once('finish', () => {
        const group = (req as Tagged)[servedFromCache];
        requestDuration.observe(
          {
            method: req.method ?? 'GET',
            route: group ? `cache:${group}` : (pattern ?? UNMATCHED),
            status: String(res.statusCode),
          },
          (performance.now() - start) / 1000,
        );
      });
    },

    /** The response cache's size, read at scrape time (its share of the process's memory). */
    watchResponseCache(bytes: () => number): void {
      new Gauge({
        name: 'wildframe_response_cache_bytes',
        help: 'Bytes the response cache holds (bodies and their compressed forms), at most RESPONSE_CACHE_MB.',
        registers,
        collect() {
          this.set(bytes());
        },
      });
    },

    /** The response cache's onLookup: counts hits and misses, labels requests it answered. */
    cacheLookup(req: IncomingMessage, group: string, hit: boolean): void {
      cacheLookups.inc({ group, result: hit ? 'hit' : 'miss' });
      if (hit) (req as Tagged)[servedFromCache] = group;
    },

    /**
     * GET /metrics on the app's own port: only with `Authorization: Bearer <METRICS_TOKEN>`
     * (401 otherwise); a 404 like any unknown path when METRICS_TOKEN is not set.
     */
    endpoint: ((req, res, next) => {
      if (!expected) return notFoundHandler(req, res, next);
      if (!authorized(req.headers.authorization)) {
        res.set('WWW-Authenticate', 'Bearer realm="metrics"').set('Cache-Control', 'no-store');
        res.status(401).json({ message: 'A valid metrics token is required.' });
        return;
      }
      return write(res, req.method === 'HEAD');
    }) as RequestHandler,
  };
}

/** 'host:port' (or '[v6]:port') as listen() takes it. */
function parseAddress(address: string): { host: string; port: number } {
  const i = address.lastIndexOf(':');
  return { host: address.slice(0, i).replace(/^\[(.*)\]$/, '$1'), port: Number(address.slice(i + 1)) };
}

export type MetricsListener = { url: string; close(): Promise<void> };

/**
 * The listener of its own on METRICS_ADDRESS (keep it private, e.g. 127.0.0.1:9464): GET /metrics
 * for whoever reaches it, no token; anything else 404. Null when METRICS_ADDRESS is not set.
 */
export async function listenForMetrics(ctx: AppContext): Promise<MetricsListener | null> {
  const metrics = metricsFor(ctx);
  const address = ctx.config.METRICS_ADDRESS;
  if (!metrics || !address) return null;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end('Not found. This address serves GET /metrics only.\n');
      return;
    }
    metrics.write(res, req.method === 'HEAD').catch((err: unknown) => {
      ctx.logger.warn({ err }, 'metrics: could not answer a scrape');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
  const { host, port } = parseAddress(address);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  ctx.logger.info({ address: `${shownHost}:${bound.port}` }, 'metrics listener started');
  return {
    url: `http://${shownHost}:${bound.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
