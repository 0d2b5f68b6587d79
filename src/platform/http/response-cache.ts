import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import { createSizedLru } from '../sized-lru';
import { isFresh, pickForm, sendOn } from './cache-answer';
import { connectBus } from './cache-bus';
import { buildEntry, OWN, type Entry, type Produced } from './cache-entry';

export type { Produced } from './cache-entry';

export type CacheRouteOptions = {
  /**
   * The part of the answer's identity beyond its URL, from the request: e.g. the image format an
   * `Accept` header gets. Return null to leave this request alone (it goes to the route as usual).
   */
  vary?: (req: IncomingMessage) => string | null;
  /** Stores gzip and brotli forms too (text). False for images: they are sent exactly as stored. */
  compress?: boolean;
  /** The group's name in metrics (onLookup), e.g. 'page'; 'default' when not given. */
  name?: string;
};

export type ResponseCacheOptions = {
  /** Headers every answer carries (security headers), sent with cached answers as they are. */
  baseHeaders?: [string, string][];
  /** Upper bound of the memory held (bodies and their compressed forms), least recently used out. */
  maxBytes?: number;
  /**
   * Safety net: an entry is not used after this age even if no invalidation arrived (a lost
   * pub/sub message while Redis was unreachable). Invalidation normally arrives in milliseconds.
   */
  maxAgeMs?: number;
  /** Pub/sub between API processes: a write in one clears every other's cache. */
  redis?: Redis;
  channel?: string;
  logger?: Logger;
  /**
   * Told of every lookup of a cacheable request while the cache is in use (metrics): `hit` when
   * the answer came from the cache (or from another request's answer it waited for), not the route.
   */
  onLookup?: (req: IncomingMessage, group: string, hit: boolean) => void;
  /**
   * When the answers change by themselves (content scheduled to appear): the soonest such time
   * still to come, or null. No entry is used past it; asked again whenever the cache is cleared
   * (every write, here or in another process, may have moved it) and once that time has come.
   */
  nextChangeAt?: () => Promise<Date | null>;
};

// How long a write's answer waits for Redis to take the invalidation: with Redis away the answer
// goes out anyway (the entries' maximum age bounds what other processes keep).
const PUBLISH_WAIT_MS = 500;
const withinMs = (done: Promise<void>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void done.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

type Route = { pattern: RegExp; vary?: CacheRouteOptions['vary']; compress: boolean; name: string };

/**
 * Public GET answers kept as finished bytes: the body, its gzip and brotli forms (made once when
 * stored) and its ETag, so a request on a warm cache costs no database query, no serialisation
 * and no compression. Keyed by the URL (path and query) plus what a route says varies (image
 * format). Entries stay until a write invalidates them (every process, over Redis pub/sub), with
 * `maxAgeMs` as the bound when an invalidation message is lost, and `maxBytes` as the memory bound.
 *
 * Use: `route(pattern, opts)` marks GET paths as cacheable. Then either the route answers as usual
 * (res.json/res.send/res.end of a 200) and `capture` stores it, or it calls `serve(req, res,
 * produce)`. `tryServe(req, res)` answers a warm hit on the raw request, before Express runs.
 */
export function createResponseCache(opts: ResponseCacheOptions = {}) {
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  const baseHead = (opts.baseHeaders ?? []).flat();
  const routes: Route[] = [];
  const entries = createSizedLru<Entry>(maxBytes, (e) => e.bytes);
  const pending = new Map<string, Promise<Entry | null>>();
  /** Responses whose answer capture is waiting for (serve() then just sends). */
  const capturing = new WeakSet<Response>();
  let generation = 0;
  /**
   * With Redis, the cache is used only while this process is subscribed to invalidations: a
   * process that could miss them reads the database instead (see connectBus).
   */
  let listening = !opts.redis;

  /** Epoch ms by which every entry must go (nextChangeAt), or null. */
  let expiry: number | null = null;
  let expiryAsked = 0;
  function askExpiry(): void {
    if (!opts.nextChangeAt) return;
    const asked = ++expiryAsked;
    opts.nextChangeAt().then(
      (at) => {
        if (asked === expiryAsked) expiry = at ? at.getTime() : null;
      },
      (err: Error) => {
        // not known (the database away): entries last a second at most until it is
        if (asked === expiryAsked) expiry = Date.now() + 1000;
        opts.logger?.debug({ err: err.message }, 'response cache: next change time not read');
      },
    );
  }

  const clear = () => {
    generation++;
    entries.clear();
    pending.clear();
    // a write may have moved the next change; until asked, the old time still stands
    askExpiry();
  };
  askExpiry();

  function routeFor(url: string): Route | undefined {
    if (!routes.length) return undefined;
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    return routes.find((r) => r.pattern.test(pathname));
  }

  /** The cache key of a request, or null when the cache stays out of it. */
  function keyOf(req: IncomingMessage, url: string): { key: string; route: Route } | null {
    const route = routeFor(url);
    if (!route) return null;
    const v = route.vary ? route.vary(req) : '';
    return v === null ? null : { key: v ? `${url}\n${v}` : url, route };
  }

  function fresh(key: string): Entry | undefined {
    if (expiry !== null && Date.now() >= expiry) {
      expiry = null;
      clear();
    }
    const e = entries.get(key);
    if (!e) return undefined;
    if (Date.now() - e.storedAt > maxAgeMs) {
      entries.delete(key);
      return undefined;
    }
    return e;
  }

  function store(key: string, e: Entry, startedAt: number): void {
    if (!listening || startedAt !== generation || e.status !== 200 || e.bytes > maxBytes / 16) return;
    entries.set(key, e);
  }

  /**
   * One request per key asks the route; requests arriving meanwhile wait for its answer (a burst
   * on a cold cache costs one database round trip, not a hundred).
   */
  function flight(key: string, route: Route, produce: () => Promise<Produced | null>): Promise<Entry | null> {
    const startedAt = generation;
    const p = (async () => {
      const produced = await produce();
      if (!produced || (produced.status ?? 200) !== 200) return null;
      const e = await buildEntry(produced, route.compress, baseHead);
      store(key, e, startedAt);
      return e;
    })();
    pending.set(key, p);
    const done = () => {
      if (pending.get(key) === p) pending.delete(key);
    };
    p.then(done, done);
    return p;
  }

  const cache = {
    /** Marks GET paths (matched against the path, without the query) as cacheable. */
    route(pattern: RegExp, options: CacheRouteOptions = {}): void {
      routes.push({
        pattern,
        vary: options.vary,
        compress: options.compress ?? true,
        name: options.name ?? 'default',
      });
    },

    /**
     * Answers a warm hit on the raw request before Express runs (no middleware, no routing).
     * `extraHead` is added to the headers (e.g. the request id). False: not cached, carry on.
     */
    tryServe(req: IncomingMessage, res: ServerResponse, extraHead?: () => string[]): boolean {
      if (!entries.count || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const k = keyOf(req, req.url ?? '/');
      const e = k && fresh(k.key);
      if (!e) return false;
      opts.onLookup?.(req, k.route.name, true);
      const extra = extraHead?.() ?? [];
      if (isFresh(req, e.etag)) {
        res.writeHead(304, [...e.notModified, ...extra]);
        res.end();
        return true;
      }
      const { form } = pickForm(req, e);
      res.writeHead(e.status, [...form.head, ...extra]);
      res.end(req.method === 'HEAD' ? undefined : form.body);
      return true;
    },

    /**
     * Express middleware, mounted once before the routes: on a cacheable GET it answers from the
     * cache, waits for a request already asking the route, or lets the route answer and keeps
     * its 200 (the route's own res.json/res.send/res.end is intercepted; nothing to change there).
     */
    capture: ((req, res, next) => {
      if (!listening || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      const k = keyOf(req, req.originalUrl);
      if (!k) return next();
      const hit = fresh(k.key);
      if (hit) {
        opts.onLookup?.(req, k.route.name, true);
        return sendOn(req, res, hit);
      }
      const inflight = pending.get(k.key);
      if (inflight) {
        inflight.then((e) => {
          opts.onLookup?.(req, k.route.name, !!e);
          return e ? sendOn(req, res, e) : next();
        }, next);
        return;
      }
      opts.onLookup?.(req, k.route.name, false);
      if (req.method !== 'GET') return next();
      capturing.add(res);
      const before = new Set(res.getHeaderNames());
      const end = res.end;
      let answered!: (p: Produced | null) => void;
      const answer = new Promise<Produced | null>((resolve) => (answered = resolve));
      res.end = function (this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown) {
        res.end = end;
        const passThrough = () => {
          answered(null);
          return (end as (...a: unknown[]) => Response).call(res, chunk, encoding, cb);
        };
        if (res.statusCode !== 200 || res.headersSent || res.hasHeader('set-cookie')) return passThrough();
        // one visitor's answer (the owner's preview of a draft's file) is never kept for others
        if (/\b(private|no-store)\b/.test(String(res.getHeader('cache-control') ?? ''))) return passThrough();
        if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return passThrough();
        const headers: Record<string, string> = {};
        for (const name of res.getHeaderNames())
          if (!before.has(name) && !OWN.has(name) && name !== 'content-type')
            headers[name] = String(res.getHeader(name));
        const etag = res.getHeader('etag');
        if (etag) headers.ETag = String(etag);
        const vary = res.getHeader('vary');
        if (vary) headers.Vary = String(vary);
        answered({
          contentType: String(res.getHeader('content-type') ?? 'application/octet-stream'),
          body:
            typeof chunk === 'string' ? Buffer.from(chunk, (encoding as BufferEncoding) || 'utf8') : chunk,
          headers,
        });
        return res;
      } as Response['end'];
      flight(k.key, k.route, () => answer).then(
        (e) => {
          if (e && !res.headersSent) sendOn(req, res, e, end);
        },
        (err) => (res.headersSent ? res.destroy(err) : next(err)),
      );
      next();
    }) as RequestHandler,

    /**
     * For a renderer that produces its answer itself (server-rendered HTML): a warm hit is sent
     * from the cache, otherwise `produce` runs once for every request waiting on the same key and
     * its 200 is stored. The route must be registered with route(); an unregistered path is
     * produced and sent every time. null from produce: the caller answers (e.g. next()).
     */
    async serve(req: Request, res: Response, produce: () => Promise<Produced | null>): Promise<boolean> {
      const k = keyOf(req, req.originalUrl);
      if (capturing.has(res)) {
        // capture (mounted before the routes) is keeping this answer: just send it.
        const p = await produce();
        if (!p) return false;
        res.status(p.status ?? 200).type(p.contentType);
        for (const [name, value] of Object.entries(p.headers ?? {})) res.setHeader(name, value);
        res.end(p.body);
        return true;
      }
      const hit = k ? (fresh(k.key) ?? pending.get(k.key)) : undefined;
      if (k) opts.onLookup?.(req, k.route.name, !!hit);
      const e = k
        ? await (hit ?? flight(k.key, k.route, produce))
        : await produce().then((p) => p && buildEntry(p, true, baseHead));
      if (!e) return false;
      sendOn(req, res, e);
      return true;
    },

    /** Drops every entry here and, over Redis, in every other API process. */
    invalidate(): Promise<void> {
      clear();
      return bus ? withinMs(bus.publish(), PUBLISH_WAIT_MS) : Promise.resolve();
    },

    /**
     * Mounted on /api/admin: a write clears the cache when it starts and again before its answer
     * goes out, and the answer waits (briefly) until the other processes have been told: the
     * owner's next read may be served by another API process, and must not see the old page.
     */
    invalidateOnWrite: ((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        clear();
        const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
        res.end = ((...args: unknown[]) => {
          void cache.invalidate().then(() => end(...args));
          return res;
        }) as typeof res.end;
      }
      next();
    }) as RequestHandler,

    get stats() {
      return { entries: entries.count, bytes: entries.size, generation };
    },
  };

  const bus = opts.redis
    ? connectBus(opts.redis, opts.channel ?? 'wf:response-cache', opts.logger, {
        remoteWrite: clear,
        subscribed: (yes) => {
          clear();
          listening = yes;
        },
      })
    : undefined;
  return cache;
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
