import { z } from 'zod';
import type { Db } from '../../src/platform/db';
import type { Logger } from '../../src/platform/logger';
import type { Queues } from '../../src/platform/queue';
import { createEventBus, type EventJobs } from '../../src/platform/events';

/** A catalog of test-only events, so the backbone is proved apart from any module's rules. */
export const testCatalog = {
  'test.happened': z.object({ n: z.number().int() }),
  'test.unheard': z.object({}),
};

/**
 * A bus over testCatalog with two subscribers to test.happened. Each writes its effect into the
 * test_effects table in its delivery transaction; `failures.b` makes b fail that many more times.
 */
export function createTestBus(
  deps: { db: Db; queues: Queues<EventJobs>; logger: Logger },
  failures = { b: 0 },
) {
  const bus = createEventBus(deps, testCatalog);
  bus.subscribe('test.happened', 'test.record-a', async ({ n }, { trx }) => {
    await trx('test_effects').insert({ subscriber: 'a', n });
  });
  bus.subscribe('test.happened', 'test.record-b', async ({ n }, { trx }) => {
    if (failures.b > 0) {
      failures.b--;
      throw new Error(`b fails on purpose (${failures.b} more)`);
    }
    await trx('test_effects').insert({ subscriber: 'b', n });
  });
  bus.check();
  return bus;
}

export async function createEffectsTable(db: Db): Promise<void> {
  await db.schema.createTable('test_effects', (t) => {
    t.increments('id');
    t.string('subscriber').notNullable();
    t.integer('n').notNullable();
  });
}
