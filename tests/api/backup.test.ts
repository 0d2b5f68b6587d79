import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory from 'knex';
import pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { BackupError, createBackup, restoreBackup, type BackupResult } from '../../src/platform/backup';
import { dropDatabase, ensureDatabase, migrationConfig } from '../../src/platform/db';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';
import type { HttpClient } from '../support/http-client';
import { makeJpeg } from '../support/images';
import { placeOrder } from '../support/shop-data';
import { createMediaStore } from '../../src/modules/media';
import { loadConfig } from '../../src/config';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

let app: TestApp;
let config: Config;
let admin: HttpClient;
let work: string; // backups and scratch data dirs
let backup: BackupResult;
let photos: CreatedPhoto[];
let deletedPhotoId: number;
let orderId: number;
const keepsake = randomBytes(3 * 1024 * 1024 + 17); // a file under DATA_DIR (not the outbox)
const extraDatabases: string[] = [];

/** Another database (and data dir) on the same server, dropped after the file. */
function scratch(label: string): { databaseUrl: string; dataDir: string } {
  const url = new URL(config.DATABASE_URL);
  url.pathname = `${url.pathname}_${label}`;
  extraDatabases.push(url.toString());
  return { databaseUrl: url.toString(), dataDir: path.join(work, `data-${label}`) };
}

async function tableRows(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
        and relname not like 'knex%' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of rows)
      counts[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

async function body(client: HttpClient, url: string, accept = 'image/jpeg') {
  const res = await client.get(url, { accept });
  expect(res.status, url).toBe(200);
  return {
    type: res.headers.get('content-type'),
    etag: res.headers.get('etag'),
    sha: sha(Buffer.from(await res.arrayBuffer())),
  };
}

/** What the shop shows and stores: public pages' data, the admin's orders, every image's bytes. */
async function shopState(a: TestApp) {
  const visitor = a.client();
  const owner = await a.admin();
  const list = await visitor.json<CreatedPhoto[]>(visitor.get('/api/photos'));
  const images: Record<string, unknown> = {};
  for (const p of list) {
    for (const accept of ['image/avif', 'image/webp', 'image/jpeg']) {
      images[`${p.id} image ${accept}`] = await body(visitor, `/api/photos/${p.id}/image`, accept);
      images[`${p.id} image w=400 ${accept}`] = await body(
        visitor,
        `/api/photos/${p.id}/image?w=400`,
        accept,
      );
    }
    images[`${p.id} thumbnail`] = await body(visitor, `/api/photos/${p.id}/thumbnail`, 'image/webp');
  }
  images.logo = await body(visitor, '/api/logo/image', 'image/png');
  const orderList = await owner.json<{ id: number }[]>(owner.get('/api/admin/orders'));
  const details = [];
  for (const o of orderList) details.push(await owner.json(owner.get(`/api/admin/orders/${o.id}`)));
  // each image's bytes, from the database (older rows) or the media store's file
  const store = createMediaStore(a.ctx.config);
  const stored = await a.ctx.db.raw(
    `select 'asset' as kind, id, storage_key, encode(sha256(data), 'hex') as sha from media_assets
     union all select 'variant', id, storage_key, encode(sha256(data), 'hex') from media_variants order by 1, 2`,
  );
  for (const row of stored.rows as { storage_key: string | null; sha: string | null }[])
    if (row.storage_key) row.sha = sha((await store.get(row.storage_key)) ?? Buffer.alloc(0));
  return {
    categories: await visitor.json<{ id: number }[]>(visitor.get('/api/categories')),
    photos: list,
    photoDetails: await Promise.all(list.map((p) => visitor.json(visitor.get(`/api/photos/${p.id}`)))),
    logo: await visitor.json(visitor.get('/api/logo')),
    adminPhotos: await owner.json(owner.get('/api/admin/photos')),
    orders: orderList,
    orderDetails: details,
    images,
    storedBytes: stored.rows,
  };
}

let before: Awaited<ReturnType<typeof shopState>>;
/** The files under DATA_DIR a backup holds (all but the outbox): the keepsake and the media store's. */
let filesBefore: string[];
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('outbox'))
    .sort();
}
let rowsBefore: Record<string, number>;

beforeAll(async () => {
  app = await createTestApp();
  config = app.ctx.config;
  work = await mkdtemp(path.join(os.tmpdir(), 'wildframe-backup-test-'));
  await app.startWorkers();
  admin = await app.admin();
  for (const [name, displayName] of [
    ['birds', 'Birds'],
    ['mammals', 'Mammals'],
  ])
    await admin.json(admin.post('/api/admin/categories', { name, displayName }), 201);
  const option = (size: string, price: number) => ({ size, material: 'Lustre Paper', price, inStock: true });
  photos = [
    await addPhoto(
      admin,
      { title: 'Heron at Dawn', printOptions: [option('8x12 inch', 95), option('12x18 inch', 150)] },
      await makeJpeg(1500, 1000),
    ),
    await addPhoto(
      admin,
      { title: 'Red Fox', category: 'mammals', aspectRatio: '4:5', printOptions: [option('8x10 inch', 80)] },
      await makeJpeg(800, 1000),
    ),
  ];
  // a photo deleted before the backup: its id must not be handed out again after a restore
  const gone = await addPhoto(admin, { title: 'Deleted later' });
  deletedPhotoId = gone.id;
  await admin.json(admin.delete(`/api/admin/photos/${gone.id}`));
  const logo = new FormData();
  const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: '#2a5a3c' } })
    .png()
    .toBuffer();
  logo.append('logo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  await admin.json(admin.post('/api/admin/logo', logo));
  // every original has its variants (the media worker made them)
  await eventually(async () => {
    const waiting = await app.ctx.db('media_assets').whereNull('variants_ready_at').count('* as n').first();
    return Number(waiting!.n) === 0;
  }, 30_000);

  // a paid order through checkout and the test card
  const buyer = app.client();
  const items = [
    { photoId: photos[0].id, printOptionId: photos[0].printOptions[1].id, quantity: 2 },
    { photoId: photos[1].id, printOptionId: photos[1].printOptions[0].id, quantity: 1 },
  ];
  await buyer.json(buyer.delete('/api/cart'));
  for (const item of items) await buyer.json(buyer.post('/api/cart', item), 201);
  const { total } = await buyer.json<{ total: number }>(buyer.get('/api/cart'));
  ({ orderId } = await placeOrder(buyer, items, total));
  const { clientSecret } = await buyer.json<{ clientSecret: string }>(
    buyer.post('/api/create-payment-intent', { orderId, amount: total }),
  );
  await buyer.json(
    buyer.post('/api/test-payments/confirm', {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ada',
      email: 'ada@example.com',
      clientSecret,
    }),
  );
  await eventually(async () => (await app.ctx.db('orders').where({ id: orderId }).first()).status === 'paid');
  // no SMTP server: the confirmation is written to DATA_DIR/outbox
  await eventually(async () => existsSync(path.join(config.DATA_DIR, 'outbox')));
  await mkdir(path.join(config.DATA_DIR, 'media'), { recursive: true });
  await writeFile(path.join(config.DATA_DIR, 'media', 'keepsake.bin'), keepsake);

  before = await shopState(app);
  rowsBefore = await tableRows(config.DATABASE_URL);
  filesBefore = await filesUnder(config.DATA_DIR);
}, 120_000);

afterAll(async () => {
  await app?.close();
  for (const url of extraDatabases) await dropDatabase(url).catch(() => undefined);
  if (work) await rm(work, { recursive: true, force: true });
  await rm(config?.DATA_DIR ?? '/nonexistent', { recursive: true, force: true });
});

describe('backup, drop, restore', () => {
  it('writes one archive: the manifest first, each table as COPY text, the files but the outbox', async () => {
    // small parts: the tables span many entries, as big ones do with the default 8 MB
    backup = await createBackup({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      output: work,
      partBytes: 1024,
    });
    expect(path.dirname(backup.file)).toBe(work);
    expect(path.basename(backup.file)).toMatch(/^wildframe-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(backup.bytes).toBeGreaterThan(keepsake.length);
    expect(backup.tables.find((t) => t.name === 'orders')?.rows).toBe(1);
    expect(backup.files).toBe(filesBefore.length);
    expect(filesBefore).toContain('media/keepsake.bin');
    expect(filesBefore.filter((f) => f.startsWith('media/originals/')).length).toBeGreaterThan(0);

    // a plain .tar.gz that node-tar lists
    const entries: string[] = [];
    await tar.t({ file: backup.file, onReadEntry: (e) => entries.push(e.path) });
    expect(entries[0]).toBe('manifest.json');
    expect(entries).toContain('tables/orders/000001.copy');
    expect(entries).toContain('tables/media_variants/000002.copy');
    expect(entries).toContain('tables/media_variants/000001.copy');
    expect(entries).toContain('files/media/keepsake.bin');
    expect(entries.some((e) => e.includes('outbox'))).toBe(false);
    expect(entries.some((e) => e.includes('knex_migrations'))).toBe(false);
    // referenced tables come before the tables referencing them
    const at = (t: string) => entries.indexOf(`tables/${t}/000001.copy`);
    expect(at('media_assets')).toBeLessThan(at('photos'));
    expect(at('photos')).toBeLessThan(at('order_line_items'));
    expect(at('orders')).toBeLessThan(at('order_line_items'));

    const manifestDir = await mkdtemp(path.join(work, 'manifest-'));
    await tar.x({ file: backup.file, cwd: manifestDir, filter: (p) => p === 'manifest.json' });
    const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'wildframe-backup',
      formatVersion: 1,
      appVersion: expect.any(String),
    });
    expect(manifest.database.migrations).toEqual(
      (await app.ctx.db('knex_migrations').orderBy('id').select('name')).map((r: { name: string }) => r.name),
    );
    // every table but the day's visit counting (its salt and hashes are never in a backup)
    const { visit_hits: _hits, visit_salts: _salts, ...backedUp } = rowsBefore;
    expect(
      Object.fromEntries(manifest.tables.map((t: { name: string; rows: number }) => [t.name, t.rows])),
    ).toEqual(backedUp);
    expect(manifest.files.excluded).toEqual(['outbox/']);
    expect(manifest.files.entries.map((e: { path: string }) => e.path).sort()).toEqual(filesBefore);
    expect(manifest.files.entries).toContainEqual({ path: 'media/keepsake.bin', size: keepsake.length });
  });

  it('restores into a fresh database and data dir: the same orders, photos, categories and image bytes', async () => {
    await app.close(); // drops the database
    await rm(config.DATA_DIR, { recursive: true, force: true });
    const gone = new pg.Client({ connectionString: config.DATABASE_URL });
    await expect(gone.connect()).rejects.toThrow(/does not exist/);

    const restored = await restoreBackup({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      archive: backup.file,
    });
    expect(restored.rows).toBe(Object.values(rowsBefore).reduce((s, n) => s + n, 0));
    expect(restored.files).toBe(filesBefore.length);
    expect(await filesUnder(config.DATA_DIR)).toEqual(filesBefore);
    expect(restored.migratedAfter).toEqual([]);

    app = await createTestApp({}, config);
    expect(await shopState(app)).toEqual(before);
    expect(await tableRows(config.DATABASE_URL)).toEqual(rowsBefore);
    expect(sha(await readFile(path.join(config.DATA_DIR, 'media', 'keepsake.bin')))).toBe(sha(keepsake));
    expect(existsSync(path.join(config.DATA_DIR, 'outbox'))).toBe(false);
    // the restored admin signs in with the old password (shopState did); the order reads the same
    const order = await app.ctx.db('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ status: 'paid', customer_name: 'Ada Lovelace' });
  });

  it('hands out fresh ids after a restore (sequences continue past deleted rows too)', async () => {
    admin = await app.admin();
    const next = await addPhoto(admin, { title: 'After the restore', category: 'birds' });
    expect(next.id).toBeGreaterThan(deletedPhotoId);
    expect(deletedPhotoId).toBeGreaterThan(Math.max(...photos.map((p) => p.id)));
    const buyer = app.client();
    const item = { photoId: photos[1].id, printOptionId: photos[1].printOptions[0].id, quantity: 1 };
    await buyer.json(buyer.post('/api/cart', item), 201);
    const { total } = await buyer.json<{ total: number }>(buyer.get('/api/cart'));
    const again = await placeOrder(buyer, [item], total);
    expect(again.orderId).toBeGreaterThan(orderId);
    const category = await admin.json<{ id: number }>(
      admin.post('/api/admin/categories', { name: 'insects', displayName: 'Insects' }),
      201,
    );
    const known = before.categories;
    expect(category.id).toBeGreaterThan(Math.max(...known.map((c) => c.id)));
  });

  it('refuses to restore into a database that holds data, and changes nothing', async () => {
    const rows = await tableRows(config.DATABASE_URL);
    const emptyDir = path.join(work, 'data-unused');
    const err = await restoreBackup({
      databaseUrl: config.DATABASE_URL,
      dataDir: emptyDir,
      archive: backup.file,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err.code).toBe('not_empty');
    expect(err.message).toMatch(
      /^The database wildframe_test_\w+ is not empty \(admin_users, cart_items, .+ and \d+ more hold rows\)\. A backup is restored only into an empty database/,
    );
    expect(err.message).toMatch(/Nothing was changed\.$/);
    expect(await tableRows(config.DATABASE_URL)).toEqual(rows);
    expect(existsSync(emptyDir)).toBe(false);
  });

  it('refuses to overwrite files in DATA_DIR unless forced, before touching the database', async () => {
    const target = scratch('files');
    await mkdir(path.join(target.dataDir, 'media'), { recursive: true });
    await writeFile(path.join(target.dataDir, 'media', 'keepsake.bin'), 'mine');
    const err = await restoreBackup({ ...target, archive: backup.file }).catch((e) => e);
    expect(err.code).toBe('files_exist');
    expect(err.message).toContain('(media/keepsake.bin). Move them away, or run the restore with --force');
    expect(await readFile(path.join(target.dataDir, 'media', 'keepsake.bin'), 'utf8')).toBe('mine');
    const probe = new pg.Client({ connectionString: target.databaseUrl });
    await expect(probe.connect()).rejects.toThrow(/does not exist/);

    await restoreBackup({ ...target, archive: backup.file, force: true });
    expect(sha(await readFile(path.join(target.dataDir, 'media', 'keepsake.bin')))).toBe(sha(keepsake));
    expect(await tableRows(target.databaseUrl)).toEqual(rowsBefore);
  });
});

describe('an archive whose tables are not in foreign-key order', () => {
  it('still restores: a table waits for the tables it references', async () => {
    const dir = await mkdtemp(path.join(work, 'reordered-'));
    const entries: string[] = [];
    await tar.x({ file: backup.file, cwd: dir, onReadEntry: (e) => entries.push(e.path) });
    const tables = entries.filter((e) => e.startsWith('tables/'));
    // referencing tables first (each table's parts stay together and in order)
    const names = [...new Set(tables.map((e) => e.split('/')[1]))].reverse();
    const reordered = [
      'manifest.json',
      ...names.flatMap((n) => tables.filter((e) => e.split('/')[1] === n)),
      ...entries.filter((e) => e.startsWith('files/')),
    ];
    expect(reordered.indexOf('tables/photos/000001.copy')).toBeLessThan(
      reordered.indexOf('tables/media_assets/000001.copy'),
    );
    const file = path.join(work, 'reordered.tar.gz');
    await tar.c({ gzip: true, file, cwd: dir, portable: true }, reordered);
    const target = scratch('reordered');
    await restoreBackup({ ...target, archive: file });
    expect(await tableRows(target.databaseUrl)).toEqual(rowsBefore);
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      `select 'asset' as kind, id, storage_key, encode(sha256(data), 'hex') as sha from media_assets
       union all select 'variant', id, storage_key, encode(sha256(data), 'hex') from media_variants order by 1, 2`,
    );
    await client.end();
    // the restored files, read from the restored data dir's media store
    const store = createMediaStore(loadConfig({ ...process.env, DATA_DIR: target.dataDir }));
    for (const row of rows as { storage_key: string | null; sha: string | null }[])
      if (row.storage_key) row.sha = sha((await store.get(row.storage_key)) ?? Buffer.alloc(0));
    expect(rows).toEqual(before.storedBytes);
  });
});

describe('a backup made by an older version', () => {
  it('is loaded at its own schema, then migrated to this version', async () => {
    const old = scratch('older');
    await ensureDatabase(old.databaseUrl);
    const db = knexFactory({ client: 'pg', connection: old.databaseUrl, pool: { min: 0, max: 1 } });
    const [completed] = (await db.migrate.list(migrationConfig)) as [unknown[], { file: string }[]];
    expect(completed).toEqual([]);
    const source = migrationConfig.migrationSource!;
    const names = (await source.getMigrations([])).map((m) => source.getMigrationName(m));
    const last = names.at(-1)!;
    for (const name of names.slice(0, -1)) await db.migrate.up({ ...migrationConfig, name });
    await db('categories').insert({ name: 'owls', display_name: 'Owls' });
    await db.destroy();
    const made = await createBackup({ ...old, output: path.join(work, 'older.tar.gz') });

    const target = scratch('upgraded');
    const restored = await restoreBackup({ ...target, archive: made.file });
    expect(restored.migratedAfter).toEqual([last]);
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    const migrations = await client.query('select name from knex_migrations order by id');
    const categories = await client.query('select name, display_name from categories');
    await client.end();
    expect(migrations.rows.map((r) => r.name)).toEqual(names);
    expect(categories.rows).toEqual([{ name: 'owls', display_name: 'Owls' }]);
  });
});

describe('a bad archive gives a clear error and restores nothing', () => {
  it('a damaged archive: the transaction is rolled back, no file is left behind', async () => {
    const archive = await readFile(backup.file);
    // bytes flipped inside the compressed data, past the manifest: found while loading
    const damaged = Buffer.from(archive);
    for (let i = 0; i < 64; i++) damaged[Math.floor(archive.length * 0.6) + i] ^= 0xa5;
    const file = path.join(work, 'damaged.tar.gz');
    await writeFile(file, damaged);
    const target = scratch('damaged');
    const err = await restoreBackup({ ...target, archive: file }).catch((e) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect(err.code).toBe('damaged');
    expect(err.message).toMatch(/damaged\.tar\.gz is damaged \(.+\)\. Nothing was restored/);
    // nothing of the archive: only the starting rows its migrations put in (the sensitive species,
    // the rights settings' row, the starting licences, sizes and prices, the gift card settings' row)
    const {
      sensitive_species: seeded,
      rights_settings: rights,
      gift_card_settings: giftCardSettings,
      licences,
      download_sizes: sizes,
      licence_prices: prices,
      ...restored
    } = await tableRows(target.databaseUrl);
    expect([licences, sizes, prices]).toEqual([3, 2, 6]);
    expect(Object.values(restored).every((n) => n === 0)).toBe(true);
    expect(seeded).toBeGreaterThan(0);
    expect(rights).toBe(1);
    expect(giftCardSettings).toBe(1);
    expect(existsSync(target.dataDir) ? readdirSync(target.dataDir, { recursive: true }) : []).toEqual([]);

    // cut short: the same, and the empty database takes a good backup afterwards
    const cut = path.join(work, 'cut.tar.gz');
    await writeFile(cut, archive.subarray(0, Math.floor(archive.length * 0.8)));
    const cutErr = await restoreBackup({ ...target, archive: cut }).catch((e) => e);
    expect(cutErr.message).toMatch(/cut\.tar\.gz is damaged \(the file is cut short/);
    await restoreBackup({ ...target, archive: backup.file });
    expect(await tableRows(target.databaseUrl)).toEqual(rowsBefore);
  });

  it('a file that is not a backup, a missing file, a backup from a newer version', async () => {
    const target = scratch('bad');
    const notGzip = path.join(work, 'notes.tar.gz');
    await writeFile(notGzip, 'just some text\n');
    await expect(restoreBackup({ ...target, archive: notGzip })).rejects.toThrow(
      `${notGzip} is not a Wildframe backup, or it is damaged (it is not a .tar.gz file).`,
    );
    const otherTar = path.join(work, 'other.tar.gz');
    await writeFile(path.join(work, 'readme.txt'), 'hello');
    await tar.c({ gzip: true, file: otherTar, cwd: work }, ['readme.txt']);
    await expect(restoreBackup({ ...target, archive: otherTar })).rejects.toThrow(
      'is not a Wildframe backup, or it is damaged (it does not start with manifest.json)',
    );
    await expect(restoreBackup({ ...target, archive: path.join(work, 'nope.tar.gz') })).rejects.toThrow(
      `There is no backup file at ${path.join(work, 'nope.tar.gz')}.`,
    );

    const dir = await mkdtemp(path.join(work, 'newer-'));
    await tar.x({ file: backup.file, cwd: dir, filter: (p) => p === 'manifest.json' });
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    manifest.database.migrations.push('29991231235959_add_holograms');
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const newer = path.join(work, 'newer.tar.gz');
    await tar.c({ gzip: true, file: newer, cwd: dir }, ['manifest.json']);
    const err = await restoreBackup({ ...target, archive: newer }).catch((e) => e);
    expect(err.code).toBe('newer');
    expect(err.message).toBe(
      'This backup was made by a newer version of Wildframe: its database has migrations this version does not know (29991231235959_add_holograms). Update Wildframe, then restore.',
    );
    // none of these created the database
    const probe = new pg.Client({ connectionString: target.databaseUrl });
    await expect(probe.connect()).rejects.toThrow(/does not exist/);
  });
});

describe('npm run backup / npm run restore', () => {
  const tsx = path.join(repo, 'node_modules/.bin/tsx');
  const cli = (script: string, args: string[], env: Record<string, string>) =>
    run(tsx, [path.join(repo, 'scripts', script), ...args], {
      cwd: repo,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('backs up, restores into an empty database, refuses a non-empty one, with exit codes', async () => {
    const source = { DATABASE_URL: config.DATABASE_URL, DATA_DIR: config.DATA_DIR };
    const out = path.join(work, 'cli');
    const made = await cli('backup.ts', [`${out}/`], source);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const file = /Backup written: (\S+) \(/.exec(made.stdout)?.[1];
    expect(file).toMatch(new RegExp(`^${out}/wildframe-\\d{8}T\\d{6}Z\\.tar\\.gz$`));
    expect(existsSync(file!)).toBe(true);
    // the keepsake and the media store's files (the worker may still be adding variants)
    const backedUp = Number(/files: (\d+) from .* \(3\.\d MB; outbox\/ left out\)/.exec(made.stdout)?.[1]);
    expect(backedUp).toBeGreaterThan(1);

    const target = scratch('cli');
    const env = { DATABASE_URL: target.databaseUrl, DATA_DIR: target.dataDir };
    const restored = await cli('restore.ts', [file!], env);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      new RegExp(
        `Restored the backup of \\S+ \\(Wildframe [\\d.]+\\): \\d+ tables, \\d+ rows, ${backedUp} files\\.`,
      ),
    );
    expect(await tableRows(target.databaseUrl)).toEqual(await tableRows(config.DATABASE_URL));

    const again = await cli('restore.ts', [file!, '--force'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The database \w+_cli is not empty/);

    const missing = await cli('restore.ts', [path.join(work, 'missing.tar.gz')], env);
    expect(missing).toMatchObject({
      code: 1,
      stderr: `There is no backup file at ${path.join(work, 'missing.tar.gz')}.\n`,
    });
    const usage = await cli('restore.ts', [], env);
    expect(usage).toMatchObject({ code: 2, stderr: 'Usage: npm run restore -- <backup.tar.gz> [--force]\n' });
    const exists = await cli('backup.ts', [file!], source);
    expect(exists).toMatchObject({
      code: 1,
      stderr: `${file} already exists; give another path or move it away.\n`,
    });
  }, 60_000);
});
