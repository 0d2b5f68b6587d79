// Starts the built app (API + workers, like `npm start`) with demo data on a fresh database.
// Mail goes to .eml files in the data dir's outbox, which the specs read.
import { rmSync } from 'node:fs';
import { loadConfig } from '../../../src/config';
import { DEMO_SITE_NAME } from '../../../src/demo/demo-content';
import { createContext, closeContext } from '../../../src/platform/context';
import { dropDatabase } from '../../../src/platform/db';
import { startApi } from '../../../src/server';
import { waitForRedis } from '../../../src/platform/redis';
import { startWorkers } from '../../../workers/main';
import { e2e } from './e2e-env';
import { startFakeLumaprints } from '../../support/fake-lumaprints';

await dropDatabase(e2e.databaseUrl);
// the print lab's double: the owner connects to it in the Print Lab settings (its test credentials)
const lab = await startFakeLumaprints({ port: Number(new URL(e2e.labUrl).port) });
rmSync(e2e.dataDir, { recursive: true, force: true });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(e2e.port),
  DATABASE_URL: e2e.databaseUrl,
  REDIS_PREFIX: e2e.redisPrefix,
  DATA_DIR: e2e.dataDir,
  DEMO_DATA: 'true',
  SITE_NAME: DEMO_SITE_NAME,
  ADMIN_USERNAME: e2e.admin.username,
  ADMIN_PASSWORD: e2e.admin.password,
  OWNER_EMAIL: 'owner@example.com',
  SMTP_URL: '',
  STRIPE_SECRET_KEY: '',
  LUMAPRINTS_API_BASE: lab.url,
  // MAX_PHOTO_MB unset, as on a fresh shop: admin-photo-upload.spec.ts adds a 16 MB camera JPEG
  MAX_PHOTO_MB: '',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
});
const ctx = createContext(config);
await waitForRedis(ctx.redis);
const keys = await ctx.redis.keys(`${e2e.redisPrefix}:*`);
if (keys.length) await ctx.redis.del(...keys);
const api = await startApi(ctx);
const workers = await startWorkers(ctx);
console.log(`e2e server at ${api.url}`);

const stop = async () => {
  await api.close();
  await workers.close();
  await closeContext(ctx);
  await lab.close();
  await dropDatabase(e2e.databaseUrl).catch(() => undefined);
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
