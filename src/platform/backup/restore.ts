import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import knexFactory, { type Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ensureDatabase, migrationConfig } from '../db';
import {
  appliedMigrations,
  foreignKeyOrder,
  ident,
  readTables,
  setCopySettings,
  tablesWithRows,
  seededTables,
  type TableInfo,
} from './catalog';
import { connect, describeDatabase } from './connect';
import { BackupError, backupMessages } from './errors';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  manifestSchema,
  parsePartPath,
  type Manifest,
  type ManifestTable,
} from './manifest';
import { TarReader, readEntry, type TarEntry } from './tar';

export type RestoreOptions = {
  databaseUrl: string;
  dataDir: string;
  archive: string;
  /** overwrite files in dataDir that the backup also has (default: refuse) */
  force?: boolean;
  progress?: (line: string) => void;
};

export type RestoreResult = {
  manifest: Pick<Manifest, 'appVersion' | 'createdAt'>;
  tables: { name: string; rows: number }[];
  rows: number;
  files: number;
  fileBytes: number;
  /** migrations newer than the backup, run after its data was loaded */
  migratedAfter: string[];
};

/** A relative path inside dataDir, or null for one that would escape it (or is not a path). */
function safeRelative(p: string): string | null {
  if (!p || p.includes('\0') || p.includes('\\') || path.posix.isAbsolute(p)) return null;
  const normal = path.posix.normalize(p);
  if (normal !== p || normal === '.' || normal.startsWith('../') || normal === '..') return null;
  return normal;
}

async function knownMigrations(): Promise<string[]> {
  const source = migrationConfig.migrationSource!;
  return (await source.getMigrations([])).map((m) => source.getMigrationName(m));
}

/** The archive opened: its manifest read and checked, the reader positioned after it. */
async function openArchive(file: string): Promise<{ manifest: Manifest; reader: TarReader; close(): void }> {
  const st = await stat(file).catch(() => null);
  if (!st?.isFile()) throw new BackupError(backupMessages.archiveMissing(file), 'not_found');
  const gunzip = createGunzip();
  // a read error reaches the reader through the gunzip stream
  pipeline(createReadStream(file), gunzip).catch(() => undefined);
  const reader = new TarReader(gunzip as AsyncIterable<Buffer>);
  let raw: unknown;
  try {
    const first = await reader.next();
    if (first?.path !== MANIFEST) throw new Error(`it does not start with ${MANIFEST}`);
    raw = JSON.parse((await readEntry(first, 64 * 1024 * 1024)).toString('utf8'));
  } catch (err) {
    gunzip.destroy();
    throw new BackupError(backupMessages.notABackup(file, reason(err)), 'not_a_backup');
  }
  const head = raw as { format?: unknown; formatVersion?: unknown };
  if (
    head?.format === FORMAT &&
    typeof head.formatVersion === 'number' &&
    head.formatVersion > FORMAT_VERSION
  ) {
    gunzip.destroy();
    throw new BackupError(backupMessages.newerFormat(head.formatVersion), 'newer');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    gunzip.destroy();
    const issue = parsed.error.issues[0];
    throw new BackupError(
      backupMessages.notABackup(file, `manifest.json: ${issue.path.join('.') || 'root'}: ${issue.message}`),
      'not_a_backup',
    );
  }
  return { manifest: parsed.data, reader, close: () => gunzip.destroy() };
}

const reason = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  if (e.message === 'incorrect header check') return 'it is not a .tar.gz file';
  if (e.code === 'Z_BUF_ERROR') return `the file is cut short: ${e.message}`;
  if (e.code === 'Z_DATA_ERROR') return `its compressed data is corrupt: ${e.message}`;
  return e.message ?? String(err);
};

/** Checks the target is empty and compatible; throws the operator's message otherwise. */
async function checkTarget(client: pg.Client, manifest: Manifest, database: string): Promise<string[]> {
  const tables = await readTables(client);
  const seeded = await seededTables(client);
  const full = await tablesWithRows(
    client,
    tables.map((t) => t.name).filter((t) => !seeded.includes(t)),
  );
  if (full.length) throw new BackupError(backupMessages.notEmpty(database, full), 'not_empty');
  const applied = await appliedMigrations(client);
  const past = applied.filter((m) => !manifest.database.migrations.includes(m));
  if (past.length) throw new BackupError(backupMessages.migratedPast(database, past), 'migrated_past');
  return applied;
}

function checkSchema(manifest: Manifest, target: TableInfo[]): void {
  for (const t of manifest.tables) {
    const here = target.find((x) => x.name === t.name);
    if (!here) throw new BackupError(backupMessages.schemaMismatch(`no table ${t.name}`), 'schema_mismatch');
    const missing = t.columns.filter((c) => !here.columns.includes(c));
    if (missing.length)
      throw new BackupError(
        backupMessages.schemaMismatch(`${t.name} has no column ${missing.join(', ')}`),
        'schema_mismatch',
      );
  }
}

/** An error while the archive's data is read and loaded: the archive is damaged (or is not ours). */
class Damaged extends Error {}

/**
 * Restores a backup into an empty database and DATA_DIR. The database is created when missing,
 * migrated to exactly the backup's migrations, loaded table by table with COPY in foreign-key
 * order in one transaction (with every sequence set past the ids in use), then migrated to this
 * version's latest. Files are written under temporary names and put in place only after the
 * transaction commits: a restore that fails leaves no data and no files behind.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const say = opts.progress ?? (() => undefined);
  const archive = path.resolve(opts.archive);
  const { name: database, where } = describeDatabase(opts.databaseUrl);
  const { manifest, reader, close } = await openArchive(archive);
  let client: pg.Client | undefined;
  let knex: Knex | undefined;
  let spool: string | undefined;
  const pendingFiles: { temp: string; final: string }[] = [];
  const createdDirs: string[] = []; // removed again when the restore fails
  let committed = false;
  try {
    const known = await knownMigrations();
    const unknown = manifest.database.migrations.filter((m) => !known.includes(m));
    if (unknown.length) throw new BackupError(backupMessages.newerMigrations(unknown), 'newer');

    const dataDir = path.resolve(opts.dataDir);
    for (const f of manifest.files.entries) {
      if (!safeRelative(f.path))
        throw new BackupError(
          backupMessages.notABackup(archive, `a file path leaves DATA_DIR: ${f.path}`),
          'not_a_backup',
        );
    }
    const existing = manifest.files.entries
      .filter((f) => existsSync(path.join(dataDir, f.path)))
      .map((f) => f.path);
    if (existing.length && !opts.force)
      throw new BackupError(backupMessages.filesExist(dataDir, existing), 'files_exist');

    try {
      await ensureDatabase(opts.databaseUrl);
    } catch (err) {
      throw new BackupError(backupMessages.cannotConnect(where, (err as Error).message), 'database');
    }
    const conn = (client = await connect(opts.databaseUrl));
    const applied = await checkTarget(conn, manifest, database);

    // the schema the backup was taken with: its migrations, and only those, in their order
    knex = knexFactory({ client: 'pg', connection: opts.databaseUrl, pool: { min: 0, max: 1 } });
    const toRun = manifest.database.migrations.filter((m) => !applied.includes(m));
    for (const name of toRun) await knex.migrate.up({ ...migrationConfig, name });
    if (toRun.length) say(`  created the tables (${toRun.length} migrations, as in the backup)`);

    await conn.query('begin');
    await setCopySettings(conn);
    const target = await readTables(conn);
    checkSchema(manifest, target);
    const names = target.map((t) => t.name);
    if (names.length) await conn.query(`lock table ${names.map(ident).join(', ')} in access exclusive mode`);
    const seeded = await seededTables(conn);
    const full = await tablesWithRows(
      conn,
      names.filter((t) => !seeded.includes(t)),
    );
    if (full.length) throw new BackupError(backupMessages.notEmpty(database, full), 'not_empty');

    const inArchive = new Map(manifest.tables.map((t) => [t.name, t]));
    // a migration's starting rows give way to the archive's (an older archive without the table keeps them)
    for (const t of seeded) if (inArchive.has(t)) await conn.query(`delete from ${ident(t)}`);
    const references = new Map(target.map((t) => [t.name, t.references.filter((r) => inArchive.has(r))]));
    const loaded = new Map<string, number>(); // table -> rows loaded
    for (const t of manifest.tables) if (t.rows === 0) loaded.set(t.name, 0);
    const ready = (table: string) => (references.get(table) ?? []).every((r) => loaded.has(r));
    const spooled = new Map<string, string>(); // table -> temp file of its COPY text

    const copyIn = async (t: ManifestTable, body: AsyncIterable<Buffer>) => {
      const stream = conn.query(
        copyFrom(`copy ${ident(t.name)} (${t.columns.map(ident).join(', ')}) from stdin`),
      );
      try {
        await pipeline(body, stream);
      } catch (err) {
        if (err instanceof Damaged || err instanceof BackupError) throw err;
        throw new Damaged(`table ${t.name}: ${reason(err)}`);
      }
      if (stream.rowCount !== t.rows)
        throw new Damaged(`table ${t.name} has ${stream.rowCount} rows, the manifest says ${t.rows}`);
      loaded.set(t.name, stream.rowCount);
      say(`  ${t.name}: ${t.rows} rows`);
    };
    // a table whose references were not loaded yet waits in a file (an archive not in foreign-key order)
    const loadWaiting = async () => {
      for (let again = true; again;) {
        again = false;
        for (const [table, file] of spooled) {
          if (!ready(table)) continue;
          spooled.delete(table);
          await copyIn(inArchive.get(table)!, createReadStream(file) as AsyncIterable<Buffer>);
          await rm(file);
          again = true;
        }
      }
    };

    const seenFiles = new Map<string, number>();
    const expectedFiles = new Map(manifest.files.entries.map((f) => [f.path, f.size]));
    try {
      let entry: TarEntry | null = await reader.next();
      while (entry) {
        const part = parsePartPath(entry.path);
        if (part) {
          const t = inArchive.get(part.table);
          if (!t || loaded.has(t.name) || spooled.has(t.name) || part.part !== 1)
            throw new Damaged(`unexpected entry ${entry.path}`);
          // the table's parts follow each other: one COPY reads them all
          let current: TarEntry = entry;
          let next: TarEntry | null = null;
          let expectedPart = 1;
          const body = async function* (): AsyncGenerator<Buffer> {
            for (;;) {
              yield* current.body();
              next = await reader.next();
              const p = next && parsePartPath(next.path);
              if (!p || p.table !== t.name) return;
              if (p.part !== ++expectedPart) throw new Damaged(`unexpected entry ${next!.path}`);
              current = next!;
            }
          };
          if (ready(t.name)) {
            await copyIn(t, body());
            await loadWaiting();
          } else {
            spool ??= await mkdtemp(path.join(os.tmpdir(), 'wildframe-restore-'));
            const file = path.join(spool, `${encodeURIComponent(t.name)}.copy`);
            await pipeline(body(), createWriteStream(file));
            spooled.set(t.name, file);
          }
          entry = next;
          continue;
        }
        if (entry.path.startsWith('files/')) {
          const rel = safeRelative(entry.path.slice('files/'.length));
          if (!rel || expectedFiles.get(rel) !== entry.size || seenFiles.has(rel))
            throw new Damaged(`unexpected entry ${entry.path}`);
          const final = path.join(dataDir, rel);
          const temp = `${final}.restoring-${process.pid}`;
          const created = await mkdir(path.dirname(final), { recursive: true });
          if (created) createdDirs.push(created);
          pendingFiles.push({ temp, final });
          await pipeline(entry.body(), createWriteStream(temp, { flags: 'wx' }));
          seenFiles.set(rel, entry.size);
          entry = await reader.next();
          continue;
        }
        throw new Damaged(`unexpected entry ${entry.path}`);
      }
      // the end of the gzip stream: its checksum is verified only there
      await reader.drain();
    } catch (err) {
      if (err instanceof BackupError) throw err;
      throw new BackupError(backupMessages.damaged(archive, reason(err)), 'damaged');
    }
    const missing = [
      ...manifest.tables.filter((t) => !loaded.has(t.name)).map((t) => `table ${t.name}`),
      ...[...expectedFiles.keys()].filter((f) => !seenFiles.has(f)).map((f) => `file ${f}`),
    ];
    if (missing.length)
      throw new BackupError(
        backupMessages.damaged(archive, `missing or not loadable: ${missing.slice(0, 5).join(', ')}`),
        'damaged',
      );

    await resetSequences(conn, manifest, target);
    await conn.query('commit');
    committed = true;

    for (const f of pendingFiles.splice(0)) await rename(f.temp, f.final);
    // the migrations this version has beyond the backup's, now that its data is in
    let log: string[];
    try {
      [, log] = (await knex.migrate.latest(migrationConfig)) as [number, string[]];
    } catch (err) {
      throw new BackupError(backupMessages.migrateAfter((err as Error).message), 'database');
    }
    const tables = foreignKeyOrder(target)
      .filter((t) => inArchive.has(t.name))
      .map((t) => ({ name: t.name, rows: loaded.get(t.name) ?? 0 }));
    return {
      manifest: { appVersion: manifest.appVersion, createdAt: manifest.createdAt },
      tables,
      rows: tables.reduce((s, t) => s + t.rows, 0),
      files: seenFiles.size,
      fileBytes: [...seenFiles.values()].reduce((s, n) => s + n, 0),
      migratedAfter: log.map((m) => m.replace(/\.[jt]s$/, '')),
    };
  } finally {
    if (!committed) await client?.query('rollback').catch(() => undefined);
    await client?.end().catch(() => undefined);
    await knex?.destroy();
    close();
    for (const f of pendingFiles) await rm(f.temp, { force: true });
    if (!committed) for (const d of createdDirs) await rm(d, { recursive: true, force: true });
    if (spool) await rm(spool, { recursive: true, force: true });
  }
}

/**
 * Every sequence owned by a restored table's column goes past both the largest id in the table
 * and the value it had when the backup was taken: ids of rows deleted before the backup (an order
 * number, a photo's URL) are not handed out a second time.
 */
async function resetSequences(client: pg.Client, manifest: Manifest, target: TableInfo[]): Promise<void> {
  for (const t of manifest.tables) {
    const here = target.find((x) => x.name === t.name)!;
    for (const column of here.sequenceColumns) {
      const { rows } = await client.query<{ seq: string | null }>(
        'select pg_get_serial_sequence($1, $2) as seq',
        [ident(t.name), column],
      );
      const seq = rows[0].seq;
      if (!seq) continue;
      const saved = t.sequences.find((s) => s.column === column);
      // the last value handed out: the saved one (if it was used), or the largest in the table
      await client.query(
        `select setval($1::regclass, greatest(coalesce(max(${ident(column)})::bigint, 0), $2::bigint, 1),
                       greatest(coalesce(max(${ident(column)})::bigint, 0), $2::bigint) > 0)
           from ${ident(t.name)}`,
        [seq, saved ? (saved.isCalled ? saved.lastValue : String(BigInt(saved.lastValue) - 1n)) : '0'],
      );
    }
  }
}
