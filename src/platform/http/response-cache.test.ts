import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createResponseCache } from './response-cache';

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** An app the way app.ts wires it: tryServe before Express, capture before the routes. */
async function start(
  setup: (app: express.Express, cache: ReturnType<typeof createResponseCache>) => void,
  opts: Parameters<typeof createResponseCache>[0] = {},
) {
  const cache = createResponseCache({ baseHeaders: [['X-Frame-Options', 'SAMEORIGIN']], ...opts });
  const app = express();
  app.use(cache.capture);
  setup(app, cache);
  const server = http.createServer((req, res) => cache.tryServe(req, res) || app(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { cache, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const page = `<!doctype html><html><body>${'<p>A heron waits in the reeds.</p>'.repeat(60)}</body></html>`;

describe('response cache: the API a renderer uses', () => {
  it('serve(): produces once, then answers from memory until invalidated', async () => {
    let renders = 0;
    const { cache, url } = await start((app, cache) => {
      cache.route(/^\/photo\/\d+$/, {
        vary: (req) => (req.headers.accept?.includes('json') ? null : 'html'),
      });
      app.get('/photo/:id', async (req, res) => {
        await cache.serve(req, res, async () => {
          renders++;
          return {
            contentType: 'text/html; charset=utf-8',
            body: page,
            headers: { 'Cache-Control': 'no-cache' },
          };
        });
      });
    });
    const first = await fetch(`${url}/photo/1`, { headers: { 'accept-encoding': 'br' } });
    expect(await first.text()).toBe(page);
    const again = await fetch(`${url}/photo/1`, { headers: { 'accept-encoding': 'br' } });
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(again.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe(page);
    expect(renders).toBe(1);
    const notModified = await fetch(`${url}/photo/1`, {
      headers: { 'if-none-match': again.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    expect(renders).toBe(1);

    cache.invalidate();
    await fetch(`${url}/photo/1`);
    expect(renders).toBe(2);
  });

  it('capture: keeps what a route sends with res.send, and one request asks the route in a burst', async () => {
    let calls = 0;
    const { url } = await start((app, cache) => {
      cache.route(/^\/api\/faqs$/);
      app.get('/api/faqs', async (_req, res) => {
        calls++;
        await new Promise((r) => setTimeout(r, 50));
        res.set('Cache-Control', 'no-cache').json([{ q: 'Frames?'.repeat(300) }]);
      });
    });
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/api/faqs`).then((r) => r.text())),
    );
    expect(calls).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    const raw = await new Promise<Buffer>((resolve) =>
      http.get(`${url}/api/faqs`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d)).on('end', () => resolve(Buffer.concat(chunks)));
      }),
    );
    expect(brotliDecompressSync(raw).toString()).toBe(bodies[0]);
  });

  it('never keeps an error, a cookie, or an uncacheable request', async () => {
    let calls = 0;
    const { url } = await start((app, cache) => {
      cache.route(/^\/x\/\w+$/);
      app.get('/x/missing', (_req, res) => void (calls++, res.status(404).json({ message: 'no' })));
      app.get('/x/cookie', (_req, res) => void (calls++, res.cookie('a', 'b').json({ ok: true })));
    });
    for (let i = 0; i < 2; i++) {
      await fetch(`${url}/x/missing`);
      await fetch(`${url}/x/cookie`);
    }
    expect(calls).toBe(4);
  });
});

describe('response cache: answers that change by themselves (nextChangeAt)', () => {
  it('uses no entry past the next change time, and asks for it again when cleared', async () => {
    let next: Date | null = null;
    let asked = 0;
    let reads = 0;
    const { cache, url } = await start(
      (app, cache) => {
        cache.route(/^\/api\/photos$/);
        app.get('/api/photos', (_req, res) => {
          reads++;
          res.json({ reads });
        });
      },
      {
        nextChangeAt: async () => {
          asked++;
          return next;
        },
      },
    );
    const get = async () => (await (await fetch(`${url}/api/photos`)).json()).reads;
    expect(await get()).toBe(1);
    expect(await get()).toBe(1); // kept: nothing scheduled
    // a write schedules something 300 ms from now; the clear asks again
    next = new Date(Date.now() + 300);
    const before = asked;
    await cache.invalidate();
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBe(before + 1);
    expect(await get()).toBe(2);
    expect(await get()).toBe(2); // kept until that time
    next = null;
    await new Promise((r) => setTimeout(r, 320));
    expect(await get()).toBe(3); // its time has come: read again, without any write
    expect(await get()).toBe(3); // and kept again (nothing more is scheduled)
  });
});
