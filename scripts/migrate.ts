// `npm run migrate` (latest) or `npm run migrate -- rollback`: runs knex migrations.
import { loadConfig } from '../src/config';
import { createDb, ensureDatabase, migrationConfig } from '../src/platform/db';
import { exitOnStartFailure } from '../src/platform/process';

let config;
try {
  config = loadConfig();
  await ensureDatabase(config.DATABASE_URL);
} catch (err) {
  exitOnStartFailure(err);
}
const db = createDb(config.DATABASE_URL, 2, 0);
const [done, log] =
  process.argv[2] === 'rollback'
    ? await db.migrate.rollback(migrationConfig, true)
    : await db.migrate.latest(migrationConfig);
console.log(
  `${process.argv[2] === 'rollback' ? 'Rolled back' : 'Migrated'} batch ${done}: ${log.join(', ') || 'nothing to do'}`,
);
await db.destroy();
