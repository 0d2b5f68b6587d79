import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A rendered page: its status and HTML, or where it moved. */
export type RenderedPage = { status: number; html: string; redirect?: undefined } | { redirect: string };

type Entry = {
  expires: number;
  html: Buffer;
  etag: string;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
};

export type CachedPage = {
  status: number;
  etag: string;
  /** The body in the encoding asked for (br, gzip or none), compressed once per cached render. */
  body(encoding: 'br' | 'gzip' | 'identity'): Promise<Buffer>;
};

/**
 * Rendered storefront HTML, per process: the same for every visitor (session parts are filled in
 * by the browser), kept with its ETag and compressed bytes. Like the JSON cache
 * (response-cache.ts), every write through this process clears it, a generation counter stops a
 * render that raced a write from storing its stale page, and entries live `ttlMs` at most because
 * another instance's writes are not seen here. Only 200 pages are kept (404s are cheap to render
 * and unbounded in number).
 */
export function createPageCache(
  render: (path: string) => Promise<RenderedPage | null>,
  ttlMs = 2000,
  maxEntries = 500,
) {
  type Rendered = { status: number; entry: Entry } | { redirect: string } | null;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Rendered>>();
  let generation = 0;
  const invalidate = () => {
    generation++;
    entries.clear();
    inFlight.clear();
  };

  /** Mounted on /api next to the JSON cache's: a write clears it when it starts and when it ends. */
  const invalidateOnWrite: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      invalidate();
      res.on('finish', invalidate);
    }
    next();
  };

  const toEntry = (html: string): Entry => {
    const bytes = Buffer.from(html);
    return {
      expires: Date.now() + ttlMs,
      html: bytes,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
      encoded: new Map(),
    };
  };

  const served = (status: number, entry: Entry): CachedPage => ({
    status,
    etag: entry.etag,
    body(encoding) {
      if (encoding === 'identity') return Promise.resolve(entry.html);
      let body = entry.encoded.get(encoding);
      if (!body) {
        body =
          encoding === 'br'
            ? brotli(entry.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
            : gzip(entry.html, { level: 9 });
        entry.encoded.set(encoding, body);
      }
      return body;
    },
  });

  /** The page at `path`, from the cache or rendered (concurrent requests share one render). */
  async function get(path: string): Promise<CachedPage | { redirect: string } | null> {
    const hit = entries.get(path);
    if (hit && hit.expires > Date.now()) return served(200, hit);
    let rendering = inFlight.get(path);
    if (!rendering) {
      const startedAt = generation;
      rendering = render(path).then((page): Rendered => {
        if (!page) return null;
        if (page.redirect !== undefined) return { redirect: page.redirect };
        const entry = toEntry(page.html);
        if (page.status === 200 && generation === startedAt) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
          entries.set(path, entry);
        }
        return { status: page.status, entry };
      });
      const current = rendering;
      inFlight.set(path, current);
      const done = () => {
        if (inFlight.get(path) === current) inFlight.delete(path);
      };
      current.then(done, done);
    }
    const page = await rendering;
    return !page || 'redirect' in page ? page : served(page.status, page.entry);
  }

  return { get, invalidate, invalidateOnWrite };
}
export type PageCache = ReturnType<typeof createPageCache>;
