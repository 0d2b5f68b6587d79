// The demo shop the benchmarks measure: production mode, demo data, on a database of its own,
// started with its media worker and returned once every demo photo has its variants.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { DEMO_SITE_NAME } from '../src/demo/demo-content';
import { closeContext, createContext } from '../src/platform/context';
import { dropDatabase } from '../src/platform/db';
import { startApi } from '../src/server';
import { startWorkers } from '../workers/main';

export async function startBenchShop(opts: {
  port: number;
  database: string;
  redisPrefix: string;
  logLevel?: string;
}) {
  const dbUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  dbUrl.pathname = `/${opts.database}`;
  await dropDatabase(dbUrl.toString());
  // its own data folder (the media store's files), removed on close
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-bench-shop-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
    PAYMENTS_PROVIDER: 'test',
    PORT: String(opts.port),
    DATABASE_URL: dbUrl.toString(),
    REDIS_PREFIX: opts.redisPrefix,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    SITE_NAME: DEMO_SITE_NAME,
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: 'bench-owner-password',
    LOG_LEVEL: opts.logLevel ?? 'warn',
    PUBLIC_URL: `http://localhost:${opts.port}`,
  });
  const ctx = createContext(config);
  const api = await startApi(ctx);
  const workers = await startWorkers(ctx);
  // Wait for the media worker to finish the demo photos' variants (the steady state visitors see).
  for (let i = 0; i < 240; i++) {
    const pending = await ctx
      .db('media_assets as a')
      .leftJoin('media_variants as v', 'v.asset_id', 'a.id')
      .whereNull('v.id')
      .count<{ count: number }[]>('a.id as count');
    if (Number(pending[0].count) === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    ctx,
    base: `http://localhost:${opts.port}`,
    async close() {
      await api.close();
      await workers.close();
      await closeContext(ctx);
      await dropDatabase(dbUrl.toString());
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
