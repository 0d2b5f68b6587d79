import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startTcpProxy } from '../support/tcp-proxy';

let app: TestApp;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
beforeAll(async () => {
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  app = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
});
afterAll(async () => {
  await proxy.restore().catch(() => undefined);
  await app?.close();
  await proxy.close();
});

describe('when Redis goes down', () => {
  it('answers 503 quickly instead of hanging, and recovers by itself when Redis is back', async () => {
    const c = app.client();
    await c.json(c.get('/readyz'));
    await proxy.cut();

    const started = Date.now();
    const ready = await c.get('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ down: ['redis'] });
    const login = await c.post('/api/admin/login', { username: 'owner', password: 'whatever' });
    expect(login.status).toBe(503);
    expect((await login.json()).message).toMatch(/temporarily unavailable/);
    expect(Date.now() - started).toBeLessThan(5000);

    await proxy.restore();
    await eventually(async () => (await c.get('/readyz')).status === 200, 15_000);
    expect((await c.get('/api/admin/user')).status).toBe(401);
  });
});
