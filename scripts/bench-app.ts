// The real app for an HTTP bench: the server side built as production runs it, an API process and
// a worker process on a database and data folder of their own, signed in as an admin.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { closeContext, createContext, type AppContext } from '../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { createModules } from '../src/modules';
import { envDefaults, nodeFlags } from './api-node-flags';

const ADMIN = { username: 'bench', password: 'bench upload password' };
export const CATEGORY = 'birds';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type App = {
  base: string;
  api: ChildProcess;
  worker: ChildProcess;
  ctx: AppContext;
  cookie: string;
  close(): Promise<void>;
};

/**
 * Where the built API and worker are (`dist/node/api.js`, `worker.js`). BENCH_DIST names another
 * build (another checkout's dist/node: the same bench against code before a change).
 */
const DIST = process.env.BENCH_DIST ?? path.join('dist', 'node');

/** The server side built as production runs it (a second or two), so the figures are this code's. */
export function buildServer() {
  if (process.env.BENCH_DIST) return;
  const built = spawnSync(
    process.execPath,
    [
      path.join('node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'vite.node.config.ts',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the server build failed');
}

/**
 * The built entry run by plain node as `npm run start:api` / `start:worker` run it (the API with
 * its production flags): its pid is the process itself, no loader in its memory.
 */
function run(entry: 'api' | 'worker', env: Record<string, string>): ChildProcess {
  const script = entry === 'api' ? 'start:api' : 'start:worker';
  const child = spawn(process.execPath, [...nodeFlags(script), path.join(DIST, `${entry}.js`)], {
    env: { ...envDefaults(script), ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Signs the admin in on `base`; the session's Cookie header. */
export async function signIn(base: string, admin: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function startApp(): Promise<App> {
  const db = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wildframe');
  db.pathname = `/wildframe_bench_http_${randomBytes(3).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-bench-http-'));
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    DATABASE_URL: db.toString(),
    REDIS_PREFIX: `wfbenchhttp_${randomBytes(3).toString('hex')}`,
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
  const config = loadConfig({ ...process.env, ...env, LOG_LEVEL: 'silent' });
  await ensureDatabase(config.DATABASE_URL);
  const ctx = createContext(config, createLogger('silent'));
  await migrateLatest(ctx.db);
  await createModules(ctx).adminAuth.service.ensureAdmin(ADMIN);
  await ctx.db('categories').insert({ name: CATEGORY, display_name: 'Birds' }).onConflict('name').ignore();
  // BENCH_APP_PORT pins the API's port (a shared machine's helpers each keep to their own range)
  const port = process.env.BENCH_APP_PORT ? Number(process.env.BENCH_APP_PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = run('api', { ...env, PORT: String(port) });
  const worker = run('worker', env);
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) break;
    if (i > 600) throw new Error('the API did not start');
    await sleep(100);
  }
  const cookie = await signIn(base, ADMIN);
  return {
    base,
    api,
    worker,
    ctx,
    cookie,
    async close() {
      await Promise.all([stop(api), stop(worker)]);
      const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
      if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
      await closeContext(ctx);
      await dropDatabase(config.DATABASE_URL);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
