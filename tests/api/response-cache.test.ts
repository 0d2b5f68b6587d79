import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { createModules } from '../../src/modules';
import { waitForRedis } from '../../src/platform/redis';
import { addPhoto } from '../support/catalog-fixtures';
import { HttpClient } from '../support/http-client';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

let app: TestApp;
/** A second API process on the same database and Redis: its own cache, its own connections. */
let other: { ctx: AppContext; server: http.Server; client: () => HttpClient };
let queries = 0;

beforeAll(async () => {
  app = await createTestApp();
  app.ctx.db.on('query', () => queries++);
  const ctx = createContext(app.ctx.config, app.ctx.logger);
  await waitForRedis(ctx.redis);
  const server = http.createServer(createApp(ctx, createModules(ctx)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  other = { ctx, server, client: () => new HttpClient(url) };
});
afterAll(async () => {
  if (other) {
    await new Promise<void>((resolve) => {
      other.server.close(() => resolve());
      other.server.closeAllConnections();
    });
    await closeContext(other.ctx);
  }
  await app?.close();
});

/** The database queries a request costs. */
async function queriesOf(res: Promise<Response>): Promise<{ res: Response; body: Buffer; queries: number }> {
  const before = queries;
  const r = await res;
  const body = Buffer.from(await r.arrayBuffer());
  return { res: r, body, queries: queries - before };
}

/** The cache is used once this process is subscribed to invalidations (right after start). */
async function warm(c: HttpClient, path: string, headers: Record<string, string> = {}) {
  await eventually(async () => {
    await (await c.get(path, headers)).arrayBuffer();
    return (await queriesOf(c.get(path, headers))).queries === 0;
  });
}

type Faq = { question: string };
const browser = { 'accept-encoding': 'gzip, deflate, br' };

describe('cache of public reads as finished bytes', () => {
  it('answers a repeated read without a database query, in every encoding, with the same JSON', async () => {
    const c = app.client();
    await warm(c, '/api/categories');
    const admin = await app.admin();
    // Big enough to be worth compressing: the cache keeps gzip and brotli forms.
    for (let i = 0; i < 12; i++)
      await admin.json(
        admin.post('/api/admin/faqs', {
          question: `Question ${i}: do you ship prints abroad?`,
          answer: 'Yes, to most countries, in a rigid tube.',
        }),
        201,
      );
    // Node's fetch decodes bodies: ask with node:http to see the bytes on the wire.
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
        http
          .get(`${app.url}/api/faqs`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res
              .on('data', (d: Buffer) => chunks.push(d))
              .on('end', () => {
                resolve({ headers: res.headers, body: Buffer.concat(chunks) });
              });
          })
          .on('error', reject),
      );
    let before = queries;
    const plain = await raw('identity');
    expect(queries - before).toBeGreaterThan(0); // the first read after a write asks the database
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveLength(12);

    before = queries;
    const br = await raw('gzip, deflate, br');
    const gz = await raw('gzip');
    const none = await raw('identity');
    expect(queries - before).toBe(0);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(none.body.equals(plain.body)).toBe(true);
    // One ETag for the answer, whatever its encoding; the security headers are all there.
    expect(new Set([br, gz, none].map((r) => r.headers.etag)).size).toBe(1);
    const viaExpress = await fetch(`${app.url}/api/site?uncached`);
    expect(br.headers['content-security-policy']).toBe(viaExpress.headers.get('content-security-policy'));
    expect(br.headers['strict-transport-security'] ?? null).toBe(
      viaExpress.headers.get('strict-transport-security'),
    );
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['x-request-id']).toBeTruthy();
  });

  it('keeps ETag and 304s on cached answers', async () => {
    const c = app.client();
    await warm(c, '/api/categories');
    const first = await c.get('/api/categories');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await queriesOf(c.get('/api/categories', { 'if-none-match': etag }));
    expect(again.res.status).toBe(304);
    expect(again.queries).toBe(0);
    expect(again.body.length).toBe(0);
  });

  it('shows an admin write at once in this process and within the bound in another one', async () => {
    const here = app.client();
    const there = other.client();
    await warm(here, '/api/faqs');
    await warm(there, '/api/faqs');
    const count = (await here.json<Faq[]>(here.get('/api/faqs'))).length;

    // A change made behind the API's back is not seen while the cached answer lives...
    await app.ctx.db('faqs').insert({ question: 'Behind the back?', answer: 'Yes.', order_index: 99 });
    expect(await here.json<Faq[]>(here.get('/api/faqs'))).toHaveLength(count);
    expect(await there.json<Faq[]>(there.get('/api/faqs'))).toHaveLength(count);

    // ...but a write through the API is visible on the very next read here,
    const admin = await app.admin();
    await admin.json(admin.post('/api/admin/faqs', { question: 'Do you frame prints?', answer: 'No.' }), 201);
    const questions = (await here.json<Faq[]>(here.get('/api/faqs'))).map((f) => f.question);
    expect(questions).toContain('Behind the back?');
    expect(questions).toContain('Do you frame prints?');
    // and in the other process as soon as the Redis message arrives (well under a second).
    const start = Date.now();
    await eventually(
      async () => (await there.json<Faq[]>(there.get('/api/faqs'))).length === count + 2,
      1000,
    );
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it('does not let a visitor write (a cart, a contact message) empty the cache', async () => {
    const c = app.client();
    await warm(c, '/api/faqs');
    await c.json(
      c.post('/api/contact', { name: 'Rosa Marsh', email: 'rosa@example.org', message: 'A question.' }),
      201,
    );
    // the message's domain event is relayed after the commit: let that background work finish first
    await eventually(async () => {
      const [{ count }] = await app.ctx.db('domain_events').whereNull('relayed_at').count({ count: '*' });
      return Number(count) === 0;
    });
    expect((await queriesOf(c.get('/api/faqs'))).queries).toBe(0);
  });
});

describe('cached image variants', () => {
  it('serves a warm negotiated variant without a query, never compressed, one entry per format', async () => {
    const admin = await app.admin();
    await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
    const photo = await addPhoto(admin, { title: 'Blue hour' });
    const c = app.client();
    const url = `${photo.imageUrl}&w=640`;
    const avif = { ...browser, accept: 'image/avif,image/webp,*/*' };
    const webp = { ...browser, accept: 'image/webp,*/*' };
    await warm(c, url, avif);
    await warm(c, url, webp);

    const a = await queriesOf(c.get(url, avif));
    const w = await queriesOf(c.get(url, webp));
    expect(a.queries + w.queries).toBe(0);
    expect(a.res.headers.get('content-type')).toBe('image/avif');
    expect(w.res.headers.get('content-type')).toBe('image/jpeg');
    for (const r of [a, w]) {
      expect(r.res.headers.get('content-encoding')).toBeNull();
      expect(r.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.res.headers.get('vary')).toBe('Accept');
      expect(Number(r.res.headers.get('content-length'))).toBe(r.body.length);
    }
    const notModified = await queriesOf(c.get(url, { ...avif, 'if-none-match': a.res.headers.get('etag')! }));
    expect(notModified.res.status).toBe(304);
    expect(notModified.queries).toBe(0);
  });

  it('serves a warm media file without a query: one entry, whatever the Accept', async () => {
    const admin = await app.admin();
    await admin.json(admin.post('/api/admin/categories', { name: 'waders', displayName: 'Waders' }), 201);
    const photo = await addPhoto(admin, { title: 'Files at blue hour', category: 'waders' });
    const url = (photo.files as { display: { url: string }[] }[])[0].display[0].url;
    expect(url).toMatch(/^\/media\/\d+\/640\.avif$/);
    const c = app.client();
    await warm(c, url, browser);
    const a = await queriesOf(c.get(url, { ...browser, accept: 'image/avif,*/*' }));
    const j = await queriesOf(c.get(url, { ...browser, accept: 'image/jpeg' }));
    expect(a.queries + j.queries).toBe(0);
    expect(j.body.equals(a.body)).toBe(true);
    for (const r of [a, j]) {
      expect(r.res.headers.get('content-type')).toBe('image/avif');
      expect(r.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.res.headers.get('vary')).toBeNull();
      expect(r.res.headers.get('content-encoding')).toBeNull();
    }
  });
});
