import { createReadStream, existsSync, statSync } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { packageVersion } from '../version';
import {
  appliedMigrations,
  foreignKeyOrder,
  ident,
  readTables,
  setCopySettings,
  type TableInfo,
} from './catalog';
import { connect, describeDatabase } from './connect';
import { BackupError, backupMessages } from './errors';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  PART_BYTES,
  filePath,
  partPath,
  type Manifest,
  type ManifestTable,
} from './manifest';
import { TarWriter } from './tar';

/**
 * DATA_DIR's subdirectories a backup leaves out. outbox/ holds copies of e-mails written when no
 * SMTP server is set (a development aid): every e-mail is in outbound_emails already, and a copy
 * restored there would only look like mail that was sent again.
 */
export const EXCLUDED_DIRS = ['outbox'];

export type BackupOptions = {
  databaseUrl: string;
  dataDir: string;
  /** a file, or a directory to put the default name in; default <backupDir>/wildframe-<UTC time>.tar.gz */
  output?: string;
  /** where a backup goes when `output` is not given (BACKUP_DIR; default backups/) */
  backupDir?: string;
  now?: Date;
  /** largest part of a table's COPY text (default PART_BYTES; tests make it small) */
  partBytes?: number;
  /** one line per step, for a CLI to print */
  progress?: (line: string) => void;
};

export type BackupResult = {
  file: string;
  /** size of the archive */
  bytes: number;
  tables: { name: string; rows: number; bytes: number }[];
  /** COPY text of all tables, before compression */
  tableBytes: number;
  files: number;
  fileBytes: number;
  migrations: number;
};

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z'); // 20261123T101500Z
export const defaultBackupName = (now: Date) => `wildframe-${stamp(now)}.tar.gz`;
const BACKUP_NAME = /^wildframe-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

/** Where `npm run backup` writes when given no path: BACKUP_DIR (backups/ in the working directory). */
export const defaultBackupDir = (dir = 'backups') => path.resolve(dir);

/**
 * The newest backup in `dir` (BACKUP_DIR, where `npm run backup` writes), by the time in its
 * name, or null when there is none. Only a finished backup has that name (it is written as
 * `.partial` and renamed once complete), so each one found succeeded.
 */
export async function latestBackup(
  dir: string,
): Promise<{ file: string; createdAt: Date; bytes: number } | null> {
  dir = defaultBackupDir(dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const newest = names
    .map((name) => ({ name, m: BACKUP_NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => ({ name, at: new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) }))
    .filter((x) => !Number.isNaN(x.at.getTime()))
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!newest) return null;
  const file = path.join(dir, newest.name);
  const st = await stat(file).catch(() => null);
  return st?.isFile() ? { file, createdAt: newest.at, bytes: st.size } : null;
}

function outputPath(output: string | undefined, now: Date, dir?: string): string {
  if (!output) return path.join(defaultBackupDir(dir), defaultBackupName(now));
  const isDir = output.endsWith('/') || (existsSync(output) && statSync(output).isDirectory());
  return path.resolve(isDir ? path.join(output, defaultBackupName(now)) : output);
}

type FileEntry = { path: string; absolute: string; size: number; mtime: Date; mtimeMs: number };

/** The regular files under dataDir (no symlinks followed), but EXCLUDED_DIRS and `skip`. */
async function listFiles(dataDir: string, skip: Set<string>): Promise<FileEntry[]> {
  const root = path.resolve(dataDir);
  if (!existsSync(root)) return [];
  const found: FileEntry[] = [];
  async function walk(dir: string, relative: string): Promise<void> {
    const names = (await readdir(dir)).sort();
    for (const name of names) {
      const rel = relative ? `${relative}/${name}` : name;
      const absolute = path.join(dir, name);
      if (skip.has(absolute) || (!relative && EXCLUDED_DIRS.includes(name))) continue;
      const st = await lstat(absolute);
      if (st.isDirectory()) await walk(absolute, rel);
      else if (st.isFile())
        found.push({ path: rel, absolute, size: st.size, mtime: st.mtime, mtimeMs: st.mtimeMs });
    }
  }
  await walk(root, '');
  return found;
}

/** Streams one table's COPY text into the archive in parts of at most PART_BYTES. */
async function dumpTable(
  client: pg.Client,
  writer: TarWriter,
  table: TableInfo,
  mtime: Date,
  partBytes: number,
): Promise<{ rows: number; bytes: number }> {
  const columns = table.columns.map(ident).join(', ');
  const sql = table.partitioned
    ? `copy (select ${columns} from ${ident(table.name)}) to stdout`
    : `copy ${ident(table.name)} (${columns}) to stdout`;
  const stream = client.query(copyTo(sql));
  let part = 0;
  let bytes = 0;
  let rows = 0; // COPY text ends every row with a newline (one inside a value is escaped as \n)
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!pendingBytes) return;
    const chunks = pending;
    await writer.add(partPath(table.name, ++part), pendingBytes, Buffer.concat(chunks), mtime);
    bytes += pendingBytes;
    pending = [];
    pendingBytes = 0;
  };
  for await (let chunk of stream as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
    while (pendingBytes + chunk.length >= partBytes) {
      const take = partBytes - pendingBytes;
      pending.push(chunk.subarray(0, take));
      pendingBytes += take;
      await flush();
      chunk = chunk.subarray(take);
    }
    if (chunk.length) {
      pending.push(chunk);
      pendingBytes += chunk.length;
    }
  }
  await flush();
  return { rows, bytes };
}

async function* fileBody(file: FileEntry): AsyncGenerator<Buffer> {
  yield* createReadStream(file.absolute) as AsyncIterable<Buffer>;
  const now = await stat(file.absolute);
  if (now.size !== file.size || now.mtimeMs !== file.mtimeMs) {
    throw new BackupError(
      `${file.absolute} changed while it was backed up; run the backup again.`,
      'damaged',
    );
  }
}

/**
 * Writes one .tar.gz with the database (every table of the app's schema as COPY text, read in one
 * REPEATABLE READ READ ONLY transaction: a consistent snapshot while the shop keeps running) and
 * the files under DATA_DIR. Streams throughout: memory stays at one part (PART_BYTES) whatever
 * the size of the photos. The archive appears under its name only once it is complete.
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const now = opts.now ?? new Date();
  const file = outputPath(opts.output, now, opts.backupDir);
  const partial = `${file}.partial`;
  if (existsSync(file)) throw new BackupError(backupMessages.outputExists(file), 'exists');
  const say = opts.progress ?? (() => undefined);
  const { name: database } = describeDatabase(opts.databaseUrl);

  const client = await connect(opts.databaseUrl);
  let completed = false;
  let gzip: Gzip | undefined;
  let written: Promise<void> | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    await setCopySettings(client);
    const migrations = await appliedMigrations(client);
    if (!migrations.length) throw new BackupError(backupMessages.notMigrated(database), 'database');
    const tables = foreignKeyOrder(await readTables(client));
    // no migration can change a table under the dump (pg_dump takes the same locks)
    if (tables.length)
      await client.query(`lock table ${tables.map((t) => ident(t.name)).join(', ')} in access share mode`);
    const { rows: version } = await client.query<{ server_version: string }>('show server_version');

    const manifestTables: ManifestTable[] = [];
    for (const t of tables) {
      const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${ident(t.name)}`);
      const sequences: ManifestTable['sequences'] = [];
      for (const column of t.sequenceColumns) {
        const { rows: seq } = await client.query<{ name: string | null }>(
          'select pg_get_serial_sequence($1, $2) as name',
          [ident(t.name), column],
        );
        if (!seq[0].name) continue;
        const { rows: value } = await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text, is_called from ${seq[0].name}`,
        );
        sequences.push({ column, lastValue: value[0].last_value, isCalled: value[0].is_called });
      }
      manifestTables.push({ name: t.name, columns: t.columns, rows: Number(rows[0].n), sequences });
    }

    await mkdir(path.dirname(file), { recursive: true });
    const files = await listFiles(opts.dataDir, new Set([file, partial]));
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: packageVersion(),
      createdAt: now.toISOString(),
      database: {
        name: database,
        serverVersion: version[0].server_version,
        migrations,
        copy: { format: 'text', encoding: 'UTF8' },
      },
      tables: manifestTables,
      files: {
        excluded: EXCLUDED_DIRS.map((d) => `${d}/`),
        entries: files.map((f) => ({ path: f.path, size: f.size })),
      },
    };

    gzip = createGzip();
    written = pipeline(gzip, (await open(partial, 'w')).createWriteStream());
    written.catch(() => undefined); // awaited below; the writer sees the error first
    const writer = new TarWriter(gzip);
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.add(MANIFEST, json.length, json, now);

    const result: BackupResult['tables'] = [];
    for (const t of tables) {
      const expected = manifestTables.find((m) => m.name === t.name)!.rows;
      const { rows, bytes } = await dumpTable(client, writer, t, now, opts.partBytes ?? PART_BYTES);
      if (rows !== expected) throw new Error(`${t.name}: COPY gave ${rows} rows, count(*) ${expected}`);
      result.push({ name: t.name, rows, bytes });
      say(`  ${t.name}: ${rows} rows`);
    }
    await client.query('commit');

    for (const f of files) await writer.add(filePath(f.path), f.size, fileBody(f), f.mtime);
    if (files.length) say(`  ${files.length} files from ${opts.dataDir}`);
    await writer.finish();
    await written;
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    completed = true;
    return {
      file,
      bytes: (await stat(file)).size,
      tables: result,
      tableBytes: result.reduce((s, t) => s + t.bytes, 0),
      files: files.length,
      fileBytes: files.reduce((s, f) => s + f.size, 0),
      migrations: migrations.length,
    };
  } finally {
    await client.end().catch(() => undefined);
    if (!completed) {
      gzip?.destroy();
      await written?.catch(() => undefined);
      await rm(partial, { force: true });
    }
  }
}
