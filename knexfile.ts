// For the knex CLI (`npx knex migrate:make verb_noun -x ts`); the app migrates itself at start.
import { loadConfig } from './src/config';
import { migrationConfig } from './src/platform/db';

const config = loadConfig();

export default {
  client: 'pg',
  connection: config.DATABASE_URL,
  migrations: migrationConfig,
};
