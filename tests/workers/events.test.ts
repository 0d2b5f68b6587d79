import { spawn } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { dropDatabase, ensureDatabase, migrateLatest } from '../../src/platform/db';
import { createEventBus } from '../../src/platform/events';
import { createLogger } from '../../src/platform/logger';
import { createWorkerRedis } from '../../src/platform/redis';
import { createEffectsTable, createTestBus, testCatalog } from '../support/test-events';
import { testConfig } from '../support/test-config';
import { eventually } from '../support/test-app';

const config = testConfig();
let ctx: AppContext;
let bus: ReturnType<typeof createTestBus>;
const failures = { b: 0 };
let worker: Worker;
const connection = createWorkerRedis(config.REDIS_URL);

beforeAll(async () => {
  await ensureDatabase(config.DATABASE_URL);
  ctx = createContext(config, createLogger('silent'));
  await migrateLatest(ctx.db);
  await createEffectsTable(ctx.db);
  bus = createTestBus(ctx, failures);
  // the 'events' queue's worker, running the bus's delivery job (see handleJobs in src/platform/events.ts)
  worker = new Worker('events', (job) => bus.deliver(Number(job.data.eventId), String(job.data.subscriber)), {
    connection,
    prefix: `${config.REDIS_PREFIX}:bull`,
    concurrency: 2,
  });
});
afterAll(async () => {
  await worker?.close();
  connection.disconnect();
  const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
  if (keys.length) await ctx.redis.del(...keys);
  await closeContext(ctx);
  await dropDatabase(config.DATABASE_URL);
});

const effects = (n: number) => ctx.db('test_effects').where({ n }).orderBy('subscriber').pluck('subscriber');
const delivery = (eventId: number, subscriber: string) =>
  ctx.db('event_deliveries').where({ event_id: eventId, subscriber }).first();
const publish = (n: number) => ctx.db.transaction((trx) => bus.publish(trx, 'test.happened', { n }));

describe('domain events', () => {
  it('delivers an event committed with its state change exactly once to each subscriber', async () => {
    const id = await publish(1);
    await eventually(async () => (await delivery(id, 'test.record-a'))?.status === 'done');
    // the job run again, twice at once (BullMQ may run a job twice after a stall): nothing changes
    const again = await Promise.all([bus.deliver(id, 'test.record-a'), bus.deliver(id, 'test.record-a')]);
    expect(again.map((r) => r.outcome)).toEqual(['skipped', 'skipped']);
    await eventually(async () => (await delivery(id, 'test.record-b'))?.status === 'done');
    expect(await effects(1)).toEqual(['a', 'b']);
    expect((await ctx.db('domain_events').where({ id }).first()).relayed_at).not.toBeNull();
    // the re-drive finds nothing left to do for it
    await bus.relayPending({ graceSeconds: 0, redriveAfterSeconds: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await effects(1)).toEqual(['a', 'b']);
  });

  it('retries a failing subscriber with backoff without holding up the others', async () => {
    failures.b = 2; // b fails twice, then succeeds
    const id = await publish(2);
    await eventually(async () => (await delivery(id, 'test.record-a'))?.status === 'done');
    // a is done while b is failing, and b's failure is visible with its error
    const failing = await eventually(async () => {
      const d = await delivery(id, 'test.record-b');
      return d?.status === 'failed' && d;
    });
    expect(failing.last_error).toMatch(/b fails on purpose/);
    expect(await effects(2)).toEqual(['a']);
    const done = await eventually(async () => {
      const d = await delivery(id, 'test.record-b');
      return d?.status === 'done' && d;
    }, 20_000);
    expect(done).toMatchObject({ attempts: 3, last_error: null });
    expect(await effects(2)).toEqual(['a', 'b']);
    const job = await ctx.queues.get('events').getJob(`event-${id}-test.record-b`);
    expect(job?.attemptsMade).toBe(3); // retried by BullMQ: two failed runs, then the one that succeeded
  });

  it('still delivers after the publishing process is killed right after the commit', async () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const child = spawn(tsx, ['tests/support/publish-and-die.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        REDIS_PREFIX: config.REDIS_PREFIX,
        N: '4',
      },
      stdio: 'inherit',
    });
    // tsx runs the script in a node child of its own: it reports the kill as exit code 137
    const exit = await new Promise((resolve) => child.on('exit', (code, sig) => resolve(sig ?? code)));
    expect(['SIGKILL', 137]).toContain(exit);
    const event = await ctx
      .db('domain_events')
      .where({ name: 'test.happened' })
      .whereRaw("payload->>'n' = '4'")
      .first();
    expect(event).toBeDefined();
    expect(event.relayed_at).toBeNull(); // it died before relaying
    expect(await ctx.db('event_deliveries').where({ event_id: event.id })).toEqual([]);
    // the periodic re-drive (another process, after a restart) picks it up
    expect((await bus.relayPending({ graceSeconds: 0 })).relayed).toBe(1);
    await eventually(async () => (await effects(4)).length === 2, 20_000);
    expect(await effects(4)).toEqual(['a', 'b']);
  });

  it('re-drives a delivery whose job Redis lost', async () => {
    const id = await ctx.db.transaction(async (trx) => {
      const eventId = await bus.publish(trx, 'test.happened', { n: 5 });
      return eventId;
    });
    await eventually(async () => (await effects(5)).length === 2, 20_000);
    // as if the job of a still-open delivery vanished: reopen it and remove its job
    await ctx
      .db('event_deliveries')
      .where({ event_id: id, subscriber: 'test.record-a' })
      .update({ status: 'pending' });
    await ctx.db('test_effects').where({ n: 5, subscriber: 'a' }).delete();
    await (await ctx.queues.get('events').getJob(`event-${id}-test.record-a`))?.remove();
    expect((await bus.relayPending({ redriveAfterSeconds: 0 })).redriven).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await effects(5)).length === 2);
  });

  it('never delivers an event published in a rolled-back transaction', async () => {
    await expect(
      ctx.db.transaction(async (trx) => {
        await bus.publish(trx, 'test.happened', { n: 6 });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await bus.relayPending({ graceSeconds: 0, redriveAfterSeconds: 0 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await effects(6)).toEqual([]);
    expect(await ctx.db('domain_events').whereRaw("payload->>'n' = '6'")).toEqual([]);
  });

  it('refuses an event without a declared type and a subscriber to an unknown event', async () => {
    const other = createEventBus(ctx, testCatalog);
    expect(() =>
      // @ts-expect-error not in the catalog
      other.subscribe('test.nothing', 'test.x', async () => undefined),
    ).toThrow(/Unknown event "test.nothing"/);
    expect(() => other.subscribe('test.happened', 'Bad Name', async () => undefined)).toThrow(
      /module.reaction/,
    );
    await expect(
      // @ts-expect-error not in the catalog
      ctx.db.transaction((trx) => other.publish(trx, 'test.nothing', {})),
    ).rejects.toThrow(/Unknown event/);
    await expect(
      // @ts-expect-error the payload does not match its type
      ctx.db.transaction((trx) => other.publish(trx, 'test.happened', { n: 'x' })),
    ).rejects.toThrow();
  });
});
