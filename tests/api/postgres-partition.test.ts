import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startTcpProxy } from '../support/tcp-proxy';
import { insertPhoto } from '../support/shop-data';

// Postgres behind a network that silently drops packets: no refusal, no reset, just silence.
// Every request must still end within a few seconds with a 503 naming the database.
let app: TestApp;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let photoId: number;
beforeAll(async () => {
  const pg = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  proxy = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
  const db = new URL(pg);
  db.host = `127.0.0.1:${proxy.port}`;
  db.pathname = `/wildframe_test_partition_${process.pid}`;
  app = await createTestApp({ DATABASE_URL: db.toString() });
  ({ photoId } = await insertPhoto(app.ctx.db));
});
afterAll(async () => {
  proxy?.heal();
  await app?.close();
  await proxy?.close();
});

describe('when Postgres is partitioned', () => {
  it('answers 503 naming the database within seconds, readyz within 2 s, and recovers after', async () => {
    const visitor = app.client();
    const admin = await app.admin();
    const options = await visitor.json<{ id: number }[]>(visitor.get(`/api/photos/${photoId}/item-options`));
    await visitor.json(visitor.post('/api/cart', { photoId, printOptionId: options[0].id }), 201);
    // some pooled connections are warm (they will hang), others must be made (they cannot)
    await Promise.all([1, 2, 3].map(() => visitor.json(visitor.get('/api/cart'))));

    proxy.partition();
    const t0 = Date.now();
    const ready = await visitor.get('/readyz');
    const readyMs = Date.now() - t0;
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ down: ['database'] });
    expect(readyMs).toBeLessThan(2000);

    const requests: [string, () => Promise<Response>][] = [
      ['GET /api/photos?category=birds', () => visitor.get('/api/photos?category=birds')],
      [`GET /api/photos/${photoId}`, () => visitor.get(`/api/photos/${photoId}?x=1`)],
      ['GET /api/cart', () => visitor.get('/api/cart')],
      ['POST /api/cart', () => visitor.post('/api/cart', { photoId, printOptionId: options[0].id })],
      ['GET /api/admin/orders', () => admin.get('/api/admin/orders')],
      ['GET /api/faqs', () => visitor.get('/api/faqs?y=2')],
      [
        'POST /api/contact',
        () =>
          visitor.post('/api/contact', {
            name: 'Rosa',
            email: 'r@example.org',
            message: 'Hello there, anyone?',
          }),
      ],
    ];
    // all at once, twice over: more than the pool holds must still end in time
    const results = await Promise.all(
      [...requests, ...requests].map(async ([what, send]) => {
        const start = Date.now();
        const res = await send();
        return {
          what,
          status: res.status,
          body: (await res.json()) as { message: string },
          ms: Date.now() - start,
        };
      }),
    );
    for (const r of results) {
      expect(r.status, `${r.what}: ${JSON.stringify(r.body)}`).toBe(503);
      expect(r.body.message, r.what).toBe(
        'The service is temporarily unavailable (database). Please try again shortly.',
      );
      expect(r.ms, r.what).toBeLessThan(8000); // 5 s query limit, plus a loaded CI machine
    }
    const slowest = Math.max(...results.map((r) => r.ms));
    console.log(`partition: readyz ${readyMs} ms, slowest 503 ${slowest} ms`);
    // and readyz stays quick while everything else is stuck
    const t1 = Date.now();
    expect((await visitor.get('/readyz')).status).toBe(503);
    expect(Date.now() - t1).toBeLessThan(2000);

    proxy.heal();
    await eventually(async () => (await visitor.get('/readyz')).status === 200, 20_000);
    expect((await visitor.get('/api/cart')).status).toBe(200);
    expect((await admin.get('/api/admin/orders')).status).toBe(200);
  }, 60_000);
});
