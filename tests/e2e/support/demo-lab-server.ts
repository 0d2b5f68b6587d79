// The app with LAB_DEMO=true, as `npm start` runs it for an owner trying the labs (API and workers
// in one process, both labs' doubles inside it), on its own database, Redis keys and data dir
// (e2e.demoLab). Started and stopped by support/demo-lab.ts; mail goes to .eml files in its outbox.
import { rmSync } from 'node:fs';
import { loadConfig } from '../../../src/config';
import { createContext, closeContext } from '../../../src/platform/context';
import { dropDatabase } from '../../../src/platform/db';
import { waitForRedis } from '../../../src/platform/redis';
import { startApi } from '../../../src/server';
import { startWorkers } from '../../../workers/main';
import { e2e } from './e2e-env';

const { demoLab } = e2e;
await dropDatabase(demoLab.databaseUrl);
rmSync(demoLab.dataDir, { recursive: true, force: true });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(demoLab.port),
  DATABASE_URL: demoLab.databaseUrl,
  REDIS_PREFIX: demoLab.redisPrefix,
  DATA_DIR: demoLab.dataDir,
  LAB_DEMO: 'true',
  // the demo lab ships an order this long after it takes it (60 s by default)
  LAB_DEMO_SHIP_SECONDS: process.env.LAB_DEMO_SHIP_SECONDS ?? '3',
  // the labs point at the doubles on this app's own address: nothing set by hand
  LUMAPRINTS_API_BASE: '',
  PRODIGI_API_BASE: '',
  // the spec adds its own photos: no demo content to make variants for meanwhile
  DEMO_DATA: 'false',
  ADMIN_USERNAME: e2e.admin.username,
  ADMIN_PASSWORD: e2e.admin.password,
  OWNER_EMAIL: 'owner@example.com',
  SMTP_URL: '',
  STRIPE_SECRET_KEY: '',
  PAYMENTS_PROVIDER: 'test',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
});
const ctx = createContext(config);
await waitForRedis(ctx.redis);
const clearRedis = async () => {
  const keys = await ctx.redis.keys(`${demoLab.redisPrefix}:*`);
  if (keys.length) await ctx.redis.del(...keys);
};
await clearRedis();
const api = await startApi(ctx);
const workers = await startWorkers(ctx);
console.log(`demo lab app at ${api.url}`);

// Stopped by its starter: nothing of it is left behind (database, Redis keys, files).
const stop = async () => {
  await api.close();
  await workers.close();
  await clearRedis().catch(() => undefined);
  await closeContext(ctx);
  await dropDatabase(demoLab.databaseUrl).catch(() => undefined);
  rmSync(demoLab.dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
