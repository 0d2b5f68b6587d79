import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDb,
  dropDatabase,
  ensureDatabase,
  migrateLatest,
  migrationConfig,
  type Db,
} from '../../src/platform/db';
import { testConfig } from '../support/test-config';

const config = testConfig();
let db: Db;
beforeAll(async () => {
  await ensureDatabase(config.DATABASE_URL);
  db = createDb(config.DATABASE_URL);
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(config.DATABASE_URL);
});

describe('migrations', () => {
  it('run forward from an empty database, roll all the way back, and forward again', async () => {
    await db.migrate.latest(migrationConfig);
    const tables = async () =>
      (await db('pg_tables').where({ schemaname: 'public' }).pluck('tablename')).filter(
        (t) => !t.startsWith('knex_'),
      );
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'photos',
        'print_options',
        'orders',
        'order_line_items',
        'payment_events',
        'media_variants',
      ]),
    );
    await db.migrate.rollback(migrationConfig, true);
    expect(await tables()).toEqual([]);
    await db.migrate.latest(migrationConfig);
    expect((await tables()).length).toBeGreaterThan(10);
  });

  it('keeps money in integer cents and refuses a payment event recorded twice', async () => {
    const col = await db('information_schema.columns')
      .where({ table_name: 'print_options', column_name: 'price_cents' })
      .first();
    expect(col.data_type).toBe('integer');
    await db('payment_events').insert({ provider: 'test', event_id: 'evt_1', type: 't', payload: '{}' });
    await expect(
      db('payment_events').insert({ provider: 'test', event_id: 'evt_1', type: 't', payload: '{}' }),
    ).rejects.toThrow(/unique/);
  });
});

describe('several processes starting on a new database at once', () => {
  it('all finish migrating it: none fails on tables another one created first', async () => {
    const fresh = testConfig();
    await ensureDatabase(fresh.DATABASE_URL);
    // one pool per "process", as three API instances starting together have
    const pools = [1, 2, 3].map(() => createDb(fresh.DATABASE_URL));
    try {
      await Promise.all(pools.map((p) => migrateLatest(p)));
      const [done] = await pools[0]('knex_migrations').count({ n: '*' });
      const files = await migrationConfig.migrationSource!.getMigrations([]);
      expect(done.n).toBe(files.length);
    } finally {
      await Promise.all(pools.map((p) => p.destroy()));
      await dropDatabase(fresh.DATABASE_URL);
    }
  });

  it("are not locked out for good when two of them each wrote knex's lock row", async () => {
    // knex checks the lock table is empty, then inserts its row: two processes can both insert,
    // and its lock (one row updated from 0 to 1) then matches two rows and is never taken
    await migrateLatest(db);
    await db('knex_migrations_lock').insert({ is_locked: 0 });
    await migrateLatest(db, 10_000);
    expect(await db('knex_migrations_lock').pluck('is_locked')).toEqual([0]);
  });
});
