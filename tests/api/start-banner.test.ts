import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { closeContext, createContext } from '../../src/platform/context';
import { dropDatabase } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { freePort } from '../support/redis-server';
import { eventually } from '../support/test-app';
import { testConfig } from '../support/test-config';

// A first `npm start` as a newcomer runs it (development, demo content, no ADMIN_* variables): the
// one-time admin password must still be on screen once the shop has been browsed and the demo
// photos' jobs have run, not scrolled away under a line per request and per job.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = testConfig();
let proc: ChildProcess | undefined;

afterAll(async () => {
  if (proc?.pid && proc.exitCode === null) process.kill(-proc.pid, 'SIGKILL');
  const ctx = createContext(config, createLogger('silent'));
  const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
  if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
  await closeContext(ctx);
  await dropDatabase(config.DATABASE_URL);
  rmSync(config.DATA_DIR, { recursive: true, force: true });
}, 60_000);

it('npm start: the one-time admin password is the last thing on screen after browsing', async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    REDIS_PREFIX: config.REDIS_PREFIX,
    DATA_DIR: config.DATA_DIR,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  for (const name of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'DEMO_DATA']) delete env[name];
  proc = spawn('npm', ['start'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  for (const stream of [proc.stdout!, proc.stderr!]) stream.on('data', (d: Buffer) => (output += d));

  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => output.includes('one-time admin password: '), 170_000);
  for (const page of ['/', '/api/photos', '/about', '/admin', '/api/cart', '/nowhere'])
    await fetch(`${url}${page}`).then((r) => r.arrayBuffer());
  // the demo photos' variant jobs finish meanwhile
  await new Promise((resolve) => setTimeout(resolve, 8000));

  const lines = output.split('\n').filter((l) => l.trim());
  expect(lines.at(-1)).toMatch(/^ {2}one-time admin password: \S{12,}$/);
  // the build `npm test` made is newer than every source: started as it is, not built again
  // (a rebuild here would also rewrite dist/ under the tests running beside this one)
  expect(output, 'run npm run build').not.toContain('Building the web app');
}, 200_000);
