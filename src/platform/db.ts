import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { Model } from 'objection';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readdirSync } from 'node:fs';
import { answersWithin } from './dependency-errors';
import type { Logger } from './logger';

export type Db = Knex;

// BIGINT counts and NUMERIC sums come back as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

// Our own source so migrations load through whatever runs the app (tsx, vitest) as TypeScript.
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
  },
  getMigrationName: (file) => file.replace(/\.ts$/, ''),
  getMigration: (file) => import(pathToFileURL(path.join(migrationsDir, file)).href),
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/**
 * A request must not hang when Postgres is gone, whether it refuses connections or silently drops
 * packets (a partition): connecting, waiting for a pooled connection and every query are bounded,
 * the error handler answers 503, and a connection whose query timed out is thrown away rather than
 * reused (its socket may be dead).
 */
export function createDb(databaseUrl: string, poolMax = 10, queryTimeoutMs = 5000, logger?: Logger): Db {
  // 0 turns the query and statement limits off (the migration script); connecting stays bounded
  const connectMs = Math.min(3000, queryTimeoutMs || 3000);
  const db = knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      connectionTimeoutMillis: connectMs,
      // client side: gives up on an answer that never comes (packets dropped)
      query_timeout: queryTimeoutMs,
      // server side: cancels a statement the database is too slow to finish
      statement_timeout: queryTimeoutMs,
      keepAlive: true,
    },
    pool: {
      min: 0,
      max: poolMax,
      validate: (conn: { _getActiveQuery?: () => unknown }) => !conn._getActiveQuery?.(),
    },
    acquireConnectionTimeout: connectMs + 1000,
    migrations: migrationConfig,
    // knex's own warnings (e.g. "Acquire connection error" while Postgres is away) as structured logs
    ...(logger && {
      log: {
        warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database warning'),
        error: (message: unknown) => logger.error({ knex: String(message) }, 'database error'),
        debug: (message: unknown) => logger.debug({ knex: String(message) }, 'database debug'),
        deprecate: (method: string, alternative: string) =>
          logger.warn({ method, alternative }, 'knex deprecation'),
      },
    }),
  });
  Model.knex(db);
  return db;
}

/** Runs `work` on a connection to the server's `postgres` database, given the URL's database name, quoted. */
async function onMaintenanceDb(
  databaseUrl: string,
  work: (admin: pg.Client, name: string, quotedName: string) => Promise<unknown>,
): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await work(admin, name, `"${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  await onMaintenanceDb(databaseUrl, async (admin, name, quotedName) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${quotedName}`);
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onMaintenanceDb(databaseUrl, (admin, _name, quotedName) =>
    admin.query(`drop database if exists ${quotedName} with (force)`),
  );
}

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest(migrationConfig);
}

/** Postgres answers within `timeoutMs` (readiness must answer quickly even during a partition). */
export function dbReady(db: Db, timeoutMs = 1000): Promise<boolean> {
  return answersWithin(() => db.raw('select 1').then(() => true), timeoutMs);
}
