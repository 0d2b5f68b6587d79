import type pg from 'pg';

/** What the database says about the app's tables (the current schema, knex's own tables aside). */

export const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

/**
 * A table's comment that keeps it out of backups (and so out of restores): rows that must not
 * outlive their day in a backup file either (the visit counter's salts and hashes).
 */
export const UNSAVED_TABLE_COMMENT = 'not backed up';

export type TableInfo = {
  name: string;
  /** plain or partitioned (a partitioned table is copied through a SELECT) */
  partitioned: boolean;
  /** stored columns in table order (generated columns are computed again on restore) */
  columns: string[];
  /** the other tables this one references by foreign key */
  references: string[];
  /** columns whose default is a sequence they own (serial, identity) */
  sequenceColumns: string[];
};

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function readTables(client: pg.Client): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; partitioned: boolean }>(
    `select c.relname as name, c.relkind = 'p' as partitioned
       from pg_class c
      where c.relnamespace = current_schema()::regnamespace
        and c.relkind in ('r', 'p') and not c.relispartition and c.relpersistence <> 't'
        and c.relname <> all($1)
        and coalesce(obj_description(c.oid, 'pg_class'), '') not like $2
      order by c.relname`,
    [KNEX_TABLES, `${UNSAVED_TABLE_COMMENT}%`],
  );
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = current_schema()::regnamespace
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const { rows: fks } = await client.query<{ table: string; references: string }>(
    `select c.relname as table, r.relname as references
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class r on r.oid = k.confrelid
      where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`,
  );
  const { rows: sequences } = await client.query<{ table: string; column: string }>(
    `select t.relname as table, a.attname as column
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and t.relnamespace = current_schema()::regnamespace
      order by t.relname, a.attnum`,
  );
  return tables.map(({ name, partitioned }) => ({
    name,
    partitioned,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
    references: [
      ...new Set(fks.filter((f) => f.table === name && f.references !== name).map((f) => f.references)),
    ],
    sequenceColumns: sequences.filter((s) => s.table === name).map((s) => s.column),
  }));
}

/**
 * Tables ordered so that each comes after the tables it references (a self-reference is fine:
 * one COPY statement checks its foreign keys at its end). Tables caught in a cycle of references
 * between different tables come last, by name.
 */
export function foreignKeyOrder<T extends Pick<TableInfo, 'name' | 'references'>>(tables: T[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const placed = new Set<string>();
  const ordered: T[] = [];
  let progress = true;
  while (progress) {
    progress = false;
    for (const t of tables) {
      if (placed.has(t.name)) continue;
      if (t.references.every((r) => placed.has(r) || !byName.has(r))) {
        placed.add(t.name);
        ordered.push(t);
        progress = true;
      }
    }
  }
  return [...ordered, ...tables.filter((t) => !placed.has(t.name))];
}

/** The tables among `tables` that have at least one row. */
export async function tablesWithRows(client: pg.Client, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const t of tables) {
    const { rowCount } = await client.query(`select 1 from ${ident(t)} limit 1`);
    if (rowCount) found.push(t);
  }
  return found;
}

/** A table's comment that says its migration fills it with starting rows (the owner edits them later). */
export const SEEDED_TABLE_COMMENT = 'seeded by its migration';

/**
 * Tables a migration fills with starting rows (commented SEEDED_TABLE_COMMENT): those rows are not
 * data a restore would overwrite, and the archive's rows replace them.
 */
export async function seededTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
        and obj_description(c.oid, 'pg_class') like $1`,
    [`${SEEDED_TABLE_COMMENT}%`],
  );
  return rows.map((r) => r.name);
}

/** The migrations applied to this database, in the order they ran (none when it has no knex table). */
export async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(
    `select to_regclass(current_schema() || '.knex_migrations') is not null as present`,
  );
  if (!rows[0].present) return [];
  const applied = await client.query<{ name: string }>('select name from knex_migrations order by id');
  return applied.rows.map((r) => r.name);
}

/**
 * The session settings both ends use, so COPY's text means the same thing on the way out and in:
 * like pg_dump's (ISO dates, UTC, hex bytea, floats exact, UTF8). SET LOCAL: PgBouncer-safe.
 */
export async function setCopySettings(client: pg.Client): Promise<void> {
  await client.query(
    `set local client_encoding = 'UTF8';
     set local datestyle = 'ISO, YMD';
     set local intervalstyle = 'postgres';
     set local timezone = 'UTC';
     set local extra_float_digits = 3;
     set local bytea_output = 'hex';
     set local statement_timeout = 0;
     set local idle_in_transaction_session_timeout = 0`,
  );
}
