import type { RequestHandler, Response } from 'express';

type Entry = { expires: number; body: string; etag: string | undefined; cacheControl: string | undefined };

/**
 * A short-lived, per-process cache of public JSON reads (catalog and content), so a burst of
 * visitors costs one database round trip per URL per interval instead of one per request.
 * Every write through this process clears it (a generation counter also stops a read that raced a
 * write from storing its stale answer); another API instance may serve an answer up to `ttlMs`
 * old after a write elsewhere, which is why the interval is kept short.
 */
export function createResponseCache(ttlMs = 2000) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  const invalidate = () => {
    generation++;
    entries.clear();
  };

  /** Mounted on /api for every request: a write clears the cache when it starts and when it ends. */
  const invalidateOnWrite: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      invalidate();
      res.on('finish', invalidate);
    }
    next();
  };

  /** Mounted only on the cacheable public GET routes. */
  const cache: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET') return next();
    const key = req.originalUrl;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      res.type('json');
      if (hit.etag) res.setHeader('ETag', hit.etag);
      if (hit.cacheControl) res.setHeader('Cache-Control', hit.cacheControl);
      if (req.fresh) return void res.status(304).end();
      return void res.send(hit.body);
    }
    const startedAt = generation;
    res.json = (body: unknown): Response => {
      const text = JSON.stringify(body);
      res.type('json');
      const sent = res.send(text);
      if (res.statusCode === 200 && generation === startedAt) {
        entries.set(key, {
          expires: Date.now() + ttlMs,
          body: text,
          etag: res.getHeader('ETag') as string | undefined,
          cacheControl: res.getHeader('Cache-Control') as string | undefined,
        });
      }
      return sent;
    };
    next();
  };

  return { invalidateOnWrite, cache, invalidate };
}
