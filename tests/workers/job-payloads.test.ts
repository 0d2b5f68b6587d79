import type { Worker } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRegistry } from '../../src/jobs';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { createLogger } from '../../src/platform/logger';
import { startWorkers, type JobOutcome } from '../../src/platform/queue';
import { createWorkerRedis } from '../../src/platform/redis';
import { eventually } from '../support/test-app';
import { testConfig } from '../support/test-config';

const config = testConfig();
let ctx: AppContext;
let workers: Worker[] = [];
const connection = createWorkerRedis(config.REDIS_URL);
const logLines: string[] = [];
/** What each handler was called with: a rejected payload must never get here. */
const calls: { job: string; payload: unknown }[] = [];

beforeAll(async () => {
  ctx = createContext(config, createLogger('silent'));
  if (ctx.redis.status !== 'ready') await new Promise((resolve) => ctx.redis.once('ready', resolve));
  const jobs = createAppJobRegistry();
  const record =
    (job: string) =>
    async (payload: unknown): Promise<JobOutcome> => {
      calls.push({ job, payload });
      return { outcome: 'done' };
    };
  for (const [queue, names] of Object.entries(jobs.catalog))
    for (const name of Object.keys(names))
      jobs.handle(queue as 'payments', name as 'check-pending-order', record(`${queue}/${name}`));
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  workers = startWorkers(jobs, connection, config.REDIS_PREFIX, logger);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  connection.disconnect();
  const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
  if (keys.length) await ctx.redis.del(...keys);
  await closeContext(ctx);
});

describe('job payloads', () => {
  it('refuses to queue a payload that does not match its declared type', async () => {
    await expect(
      // @ts-expect-error a wrong payload does not compile either
      ctx.queues.enqueue('payments', 'check-pending-order', { orderId: 'seven' }, { jobId: 'bad-enqueue' }),
    ).rejects.toThrow(/Bad payload for payments\/check-pending-order: orderId/);
    await expect(
      // @ts-expect-error nor does a job the catalog does not declare
      ctx.queues.enqueue('payments', 'refund-everything', {}),
    ).rejects.toThrow('Unknown job payments/refund-everything');
    expect(await ctx.queues.get('payments').getJob('bad-enqueue')).toBeUndefined();
  });

  it('fails a job whose payload does not parse at once, without retries, and never runs its handler', async () => {
    // as if an older release (or a hand-made job) put it there: straight into BullMQ, unchecked
    const queue = ctx.queues.get('payments');
    await queue.add('check-pending-order', { orderId: 'seven' }, { jobId: 'bad-payload' });
    await ctx.queues.enqueue('payments', 'check-pending-order', { orderId: 7 }, { jobId: 'good-payload' });
    await eventually(async () => (await queue.getJob('good-payload'))?.finishedOn !== undefined);
    await eventually(async () => (await queue.getJob('bad-payload'))?.failedReason !== undefined);
    const bad = (await queue.getJob('bad-payload'))!;
    expect(await bad.getState()).toBe('failed');
    expect(bad.attemptsMade).toBe(1); // of the 6 every job gets: not retried
    expect(bad.failedReason).toMatch(/Bad payload for payments\/check-pending-order: orderId/);
    expect(calls).toEqual([{ job: 'payments/check-pending-order', payload: { orderId: 7 } }]);
    expect(logLines.some((l) => l.includes('job payload rejected') && l.includes('bad-payload'))).toBe(true);
  });
});
