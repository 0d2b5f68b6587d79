import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config';
import { createApp } from '../../src/app';
import { createContext, closeContext, type AppContext } from '../../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { createModules, type ModuleOptions, type Modules } from '../../src/modules';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import type { Mailer } from '../../src/platform/mailer';
import { HttpClient } from './http-client';
import { testConfig } from './test-config';

export type TestApp = {
  ctx: AppContext;
  modules: Modules;
  url: string;
  client(): HttpClient;
  /** Signs a fresh client in as the test admin. */
  admin(): Promise<HttpClient>;
  startWorkers(mailer?: Mailer): Promise<RunningWorkers>;
  close(): Promise<void>;
};

export const ADMIN = { username: 'owner', password: 'correct horse battery' };

/** The real app on a random port, against its own fresh database and Redis prefix. */
export async function createTestApp(
  env: Record<string, string> = {},
  config?: Config,
  /** What the modules are made with, in the web and the workers alike (a test's own lab). */
  options: ModuleOptions = {},
): Promise<TestApp> {
  const cfg =
    config ?? testConfig({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env });
  await ensureDatabase(cfg.DATABASE_URL);
  const ctx = createContext(cfg, createLogger(cfg.LOG_LEVEL));
  await migrateLatest(ctx.db);
  const modules = createModules(ctx, options);
  await modules.adminAuth.service.ensureAdmin({ username: ADMIN.username, password: ADMIN.password });
  const server = http.createServer(createApp(ctx, modules));
  // a PUBLIC_URL on this host names the port to listen on (a test whose URLs others fetch: the lab)
  const publicPort = env.PUBLIC_URL ? Number(new URL(env.PUBLIC_URL).port) || 0 : 0;
  await new Promise<void>((resolve) => server.listen(publicPort, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const running: RunningWorkers[] = [];
  return {
    ctx,
    modules,
    url,
    client: () => new HttpClient(url),
    async admin() {
      const c = new HttpClient(url);
      await c.json(c.post('/api/admin/login', ADMIN));
      return c;
    },
    async startWorkers(mailer) {
      const w = await startWorkers(ctx, mailer, options);
      running.push(w);
      return w;
    },
    async close() {
      for (const w of running) await w.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await modules.visits.flush();
      const keys = await ctx.redis.keys(`${cfg.REDIS_PREFIX}:*`).catch(() => []);
      if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
      await closeContext(ctx);
      await dropDatabase(cfg.DATABASE_URL);
    },
  };
}

/** Polls until check() returns a truthy value (jobs run asynchronously in workers). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const start = Date.now();
  let last: unknown;
  while (Date.now() - start < timeoutMs) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}
