import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { Model } from 'objection';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readdirSync } from 'node:fs';
import { databaseSetupError } from './database-setup-error';
import { answersWithin } from './dependency-errors';
import type { Logger } from './logger';
import { packageRoot, runsCompiled } from './package-root';

export type Db = Knex;

// BIGINT counts and NUMERIC sums come back as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

// Our own source so migrations load through whatever runs the app: as TypeScript from migrations/
// under tsx and vitest, compiled from dist/node/migrations/ in the production build
// (vite.node.config.ts). The names (knex_migrations) are the same either way: no extension.
const migrationsDir = path.join(packageRoot, runsCompiled ? 'dist/node/migrations' : 'migrations');
const migrationFile = runsCompiled ? /^\d{14}_[a-z0-9_]+\.js$/ : /^\d{14}_[a-z0-9_]+\.ts$/;

const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((f) => migrationFile.test(f))
      .sort();
  },
  getMigrationName: (file) => file.replace(/\.[jt]s$/, ''),
  getMigration: (file) => import(pathToFileURL(path.join(migrationsDir, file)).href),
};

export const migrationConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/**
 * A request must not hang when Postgres is gone, whether it refuses connections or silently drops
 * packets (a partition): connecting, waiting for a pooled connection and every query are bounded,
 * the error handler answers 503, and a connection whose query timed out is thrown away rather than
 * reused (its socket may be dead).
 *
 * Works behind PgBouncer (what managed Postgres offers) too: no startup parameters but user and
 * database (PgBouncer refuses `statement_timeout` there), and no session state across
 * transactions (advisory locks are transaction-level ones). The server-side statement limit is set
 * with SET once a connection is made: exact on a direct connection and with session pooling; with
 * transaction pooling it lands on whichever server connection PgBouncer picked (every process of
 * this app sets the same value, so they converge), and the client-side limit bounds it regardless.
 * For a hard server-side limit there, set it on the role: `alter role ... set statement_timeout`.
 */
export function createDb(databaseUrl: string, poolMax = 10, queryTimeoutMs = 5000, logger?: Logger): Db {
  // 0 turns the query and statement limits off (the migration script); connecting stays bounded
  const connectMs = Math.min(3000, queryTimeoutMs || 3000);
  const db = knexFactory({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      connectionTimeoutMillis: connectMs,
      // client side: gives up on an answer that never comes (packets dropped) or comes too late;
      // the request answers 503 and the connection is thrown away (see validate)
      query_timeout: queryTimeoutMs,
      keepAlive: true,
    },
    pool: {
      min: 0,
      max: poolMax,
      validate: (conn: { _getActiveQuery?: () => unknown }) => !conn._getActiveQuery?.(),
      // server side: stops the statement the client gave up on, so it does not run on. A little
      // after the client's limit, so the client's error (a 503) comes first every time.
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => {
        if (!queryTimeoutMs) return done(null, conn);
        conn.query(`set statement_timeout = ${Math.trunc(queryTimeoutMs) + 500}`).then(
          () => done(null, conn),
          (err: Error) => done(err, conn),
        );
      },
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
  const admin = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await work(admin, name, `"${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/**
 * Creates the database named in the URL when it does not exist yet. The target is asked first:
 * when it answers, nothing else is touched (behind PgBouncer or on a managed service the `postgres`
 * database is often out of reach); only "database does not exist" (3D000) goes on to create it
 * from the server's `postgres` database. Any other failure (server down, wrong password, no such
 * role) is thrown as a DatabaseSetupError: one sentence an operator can act on.
 */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await target.connect();
    await target.query('select 1');
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw databaseSetupError(databaseUrl, err);
  } finally {
    await target.end().catch(() => undefined);
  }
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await onMaintenanceDb(databaseUrl, async (admin, name, quotedName) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    // another process starting at the same moment may create it first
    await admin.query(`create database ${quotedName}`).catch((err: { code?: string }) => {
      if (err.code !== '42P04' && err.code !== '23505') throw err;
    });
  }).catch((err: unknown) => {
    throw databaseSetupError(databaseUrl, err, name);
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onMaintenanceDb(databaseUrl, (admin, _name, quotedName) =>
    admin.query(`drop database if exists ${quotedName} with (force)`),
  );
}

// Two processes migrating one new database at once (`--scale api=2` on a first start): knex creates
// its tables after checking they are missing, so the slower one hits "already exists", or finds the
// migration lock held. Both mean another process is migrating: wait and try again.
const concurrentMigration = (err: unknown) => {
  const e = err as { code?: string; message?: string; name?: string };
  return (
    ['42P07', '23505', '42710'].includes(e.code ?? '') ||
    e.name === 'MigrationLocked' ||
    /Migration table is already locked/.test(e.message ?? '')
  );
};

export async function migrateLatest(db: Db, waitMs = 180_000): Promise<void> {
  // The wait is a time, not a count of tries: the other process may take long over a big
  // migration (or a busy machine), and giving up early would stop this one for nothing.
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    try {
      await db.migrate.latest(migrationConfig);
      return;
    } catch (err) {
      if (Date.now() >= giveUpAt || !concurrentMigration(err)) throw err;
      // knex checks its lock table is empty, then inserts the lock's row: two processes can each
      // insert one, and its lock (taken when exactly one row goes from 0 to 1) is then never taken
      // by anyone. One row is the lock: extra ones go (none while a single row is held).
      await db
        .raw('delete from knex_migrations_lock where index > (select min(index) from knex_migrations_lock)')
        .catch(() => undefined); // not created yet: the next try creates it
      await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 500));
    }
  }
}

/** Postgres answers within `timeoutMs` (readiness must answer quickly even during a partition). */
export function dbReady(db: Db, timeoutMs = 1000): Promise<boolean> {
  return answersWithin(() => db.raw('select 1').then(() => true), timeoutMs);
}
