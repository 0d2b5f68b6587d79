import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, dropDatabase, ensureDatabase, migrationConfig, type Db } from '../../src/platform/db';
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
        'item_options',
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
      .where({ table_name: 'item_options', column_name: 'price_cents' })
      .first();
    expect(col.data_type).toBe('integer');
    await db('payment_events').insert({ provider: 'test', event_id: 'evt_1', type: 't', payload: '{}' });
    await expect(
      db('payment_events').insert({ provider: 'test', event_id: 'evt_1', type: 't', payload: '{}' }),
    ).rejects.toThrow(/unique/);
  });
});
