// `npm run migrate` (latest) or `npm run migrate -- rollback`: runs knex migrations.
import { createDb, migrationConfig } from '../src/platform/db';
import { loadConfigWithDatabase } from '../src/platform/process';

const config = await loadConfigWithDatabase();
const db = createDb(config.DATABASE_URL, 2, 0);
const [done, log] =
  process.argv[2] === 'rollback'
    ? await db.migrate.rollback(migrationConfig, true)
    : await db.migrate.latest(migrationConfig);
console.log(
  `${process.argv[2] === 'rollback' ? 'Rolled back' : 'Migrated'} batch ${done}: ${log.join(', ') || 'nothing to do'}`,
);
await db.destroy();
