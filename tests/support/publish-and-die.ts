// Run as its own process by tests/workers/events.test.ts: publishes test.happened {n} in a
// transaction and is killed (SIGKILL) the moment that transaction commits, before it can relay.
import { createDb } from '../../src/platform/db';
import { eventJobs } from '../../src/platform/events';
import { createLogger } from '../../src/platform/logger';
import { Queues } from '../../src/platform/queue';
import { createRedis } from '../../src/platform/redis';
import { createTestBus } from './test-events';

const db = createDb(process.env.DATABASE_URL!);
const redis = createRedis(process.env.REDIS_URL!);
const bus = createTestBus({
  db,
  queues: new Queues(redis, process.env.REDIS_PREFIX!, eventJobs),
  logger: createLogger('silent'),
});
const trx = await db.transaction();
// registered before publish(), so it runs before the bus's own after-commit relay
void trx.executionPromise.then(() => process.kill(process.pid, 'SIGKILL'));
await bus.publish(trx, 'test.happened', { n: Number(process.env.N) });
await trx.commit();
await new Promise((r) => setTimeout(r, 10_000)); // never reached
