// Issue 35, "Originals without GPS": an original is stored without its GPS position or any place
// tag (XMP, IPTC), losslessly (decoded pixels equal), keeping orientation, ICC profile and camera
// tags; originals stored before are cleaned by a resumable run over both media stores; variants
// carry no location in any format and keep the colour profile.
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createMediaModuleForScripts, createMediaStore, type MediaStore } from '../../src/modules/media';
import { addPhoto, startCatalogApp } from '../support/catalog-fixtures';
import type { HttpClient } from '../support/http-client';
import {
  CAMERA,
  PLACE_TEXTS,
  cameraTagsIn,
  gpsRationalBytes,
  locationTagsIn,
  makeLocatedImage,
  rawPixels,
  type LocatedFormat,
} from '../support/located-images';
import { startS3Server } from '../support/s3-server';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let admin: HttpClient;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
  s3 = await startS3Server();
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const MIME: Record<LocatedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** What the file says of where it was taken, and proof it is the same picture as `input`. */
async function expectCleanCopyOf(stored: Buffer, input: Buffer) {
  expect(await locationTagsIn(stored)).toEqual([]);
  for (const text of PLACE_TEXTS) expect(stored.includes(text), text).toBe(false);
  for (const coordinate of gpsRationalBytes()) expect(stored.includes(coordinate)).toBe(false);
  const [before, after] = await Promise.all([sharp(input).metadata(), sharp(stored).metadata()]);
  expect(after.orientation).toBe(before.orientation);
  expect(after.icc).toBeDefined();
  expect(Buffer.compare(after.icc!, before.icc!)).toBe(0);
  expect(await cameraTagsIn(stored)).toMatchObject({ Make: CAMERA.Make, Model: CAMERA.Model });
  const [a, b] = await Promise.all([rawPixels(input), rawPixels(stored)]);
  expect([b.width, b.height, b.channels]).toEqual([a.width, a.height, a.channels]);
  expect(b.pixels.equals(a.pixels)).toBe(true);
}

const assetRow = (id: number) => app.ctx.db('media_assets').where({ id }).first();

describe('an original uploaded through the admin photo API', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'is stored without GPS or place tags, with the same orientation, ICC profile, camera tags and pixels (%s)',
    async (format) => {
      // AVIF encodes slowly: a smaller one
      const size = format === 'avif' ? { width: 240, height: 160 } : { width: 900, height: 600 };
      const input = await makeLocatedImage(format, size);
      expect(await locationTagsIn(input)).toEqual(expect.arrayContaining(['GPSLatitude']));
      const photo = await addPhoto(admin, { title: `Owl ${format}`, imageType: MIME[format] }, input);
      const { original_id: id } = await app.ctx.db('photos').where({ id: photo.id }).first();
      const row = await assetRow(id);
      expect(row.location_cleaned_at).not.toBeNull();
      const stored = (await createMediaStore(app.ctx.config).get(row.storage_key))!;
      await expectCleanCopyOf(stored, input);
      expect(row.sha256).toBe(sha(stored));
      expect(Number(row.byte_size)).toBe(stored.length);
      // orientation 6: the stored size is the upright one
      expect([row.width, row.height]).toEqual([size.height, size.width]);
    },
  );

  it('makes variants (AVIF, JPEG) that carry no location and keep the ICC profile', async () => {
    const input = await makeLocatedImage('jpeg', { width: 1400, height: 900 });
    const photo = await addPhoto(admin, { title: 'Owl variants' }, input);
    const { original_id: id } = await app.ctx.db('photos').where({ id: photo.id }).first();
    await app.modules.media.makeVariants(id);
    const variants = await app.ctx.db('media_variants').where({ asset_id: id });
    expect(new Set(variants.map((v) => v.format))).toEqual(new Set(['avif', 'jpeg']));
    const store = createMediaStore(app.ctx.config);
    for (const v of variants) {
      const data = (await store.get(v.storage_key))!;
      expect(await locationTagsIn(data), v.storage_key).toEqual([]);
      expect((await sharp(data).metadata()).icc, v.storage_key).toBeDefined();
      for (const text of PLACE_TEXTS) expect(data.includes(text)).toBe(false);
    }
  });

  it('cleans a logo too, and its PNG variants carry no location', async () => {
    const input = await makeLocatedImage('png', { width: 300, height: 120 });
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(input)], { type: 'image/png' }), 'logo.png');
    await admin.json(admin.post('/api/admin/logo', form));
    const row = await app.ctx.db('media_assets').where({ kind: 'logo' }).orderBy('id', 'desc').first();
    const store = createMediaStore(app.ctx.config);
    await expectCleanCopyOf((await store.get(row.storage_key))!, input);
    await app.modules.media.makeVariants(row.id);
    const variants = await app.ctx.db('media_variants').where({ asset_id: row.id });
    expect(variants.map((v) => v.format)).toContain('png');
    for (const v of variants) {
      const data = (await store.get(v.storage_key))!;
      expect(await locationTagsIn(data), v.storage_key).toEqual([]);
      expect((await sharp(data).metadata()).icc, v.storage_key).toBeDefined();
    }
  });
});

describe('a large JPEG original, streamed to the store (never whole in memory)', () => {
  it.each(['filesystem', 's3'] as const)(
    'is stored on %s without GPS or place tags, a second frame after it cleaned too, its bytes hashing to the recorded sha256',
    async (storeName) => {
      // a camera-size file in many of the stream's 1 MB chunks, with an appended frame (as MPF
      // writes) that carries a position of its own
      const main = await makeLocatedImage('jpeg', { width: 3000, height: 2000 });
      const input = Buffer.concat([main, await makeLocatedImage('jpeg', { width: 160, height: 120 })]);
      expect(input.length).toBeGreaterThan(4 * 1024 * 1024);
      const target = storeName === 's3' ? await createTestApp(s3.env) : app;
      try {
        const client = target === app ? admin : await target.admin();
        if (target !== app)
          await client.json(
            client.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }),
            201,
          );
        // multipart: the part is a file on disk, which media reads by path
        const form = new FormData();
        const fields = { title: `Big owl ${storeName}`, description: '<p>Dawn.</p>', category: 'birds' };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('image', new Blob([new Uint8Array(input)], { type: 'image/jpeg' }), 'owl.jpg');
        const photo = await client.json<{ id: number }>(client.post('/api/admin/photos', form), 201);
        const { original_id: id } = await target.ctx.db('photos').where({ id: photo.id }).first();
        const row = await target.ctx.db('media_assets').where({ id }).first();
        const stored = (await createMediaStore(target.ctx.config).get(row.storage_key))!;
        expect(createMediaStore(target.ctx.config).name).toBe(storeName);
        await expectCleanCopyOf(stored, main);
        // edited in place: same length, nothing from the first scan on changed but the second frame's head
        expect(stored.length).toBe(input.length);
        expect(
          stored.subarray(main.length - 1024 * 1024, main.length).equals(main.subarray(-1024 * 1024)),
        ).toBe(true);
        expect(row.sha256).toBe(sha(stored));
        expect(Number(row.byte_size)).toBe(stored.length);
      } finally {
        if (target !== app) await target.close();
      }
    },
  );
});

/**
 * Originals as they were stored before issue 35 (GPS and all): each file put in `store` under an
 * original's key and a row naming it with no `location_cleaned_at`.
 */
async function storeTheOldWay(store: MediaStore, inputs: Buffer[]): Promise<{ id: number; key: string }[]> {
  const made: { id: number; key: string }[] = [];
  for (const data of inputs) {
    const key = `originals/${randomUUID()}.jpg`;
    await store.put(key, data, 'image/jpeg');
    const [{ id }] = await app.ctx
      .db('media_assets')
      .insert({
        kind: 'photo',
        storage_key: key,
        mime_type: 'image/jpeg',
        width: 600,
        height: 900,
        byte_size: data.length,
        sha256: sha(data),
        placeholder_color: '#406080',
        variants_ready_at: new Date(), // not this test's subject: no variant jobs queued for them
      })
      .returning('id');
    made.push({ id, key });
  }
  return made;
}

/** After any interruption: every row names a whole file in the store. */
async function expectEveryRowNamesAFile(store: MediaStore, ids: number[]) {
  for (const id of ids) {
    const row = await assetRow(id);
    const data = await store.get(row.storage_key);
    expect(data, `asset ${id}`).not.toBeNull();
    expect(sha(data!), `asset ${id}`).toBe(row.sha256);
  }
}

async function expectAllCleaned(store: MediaStore, old: { id: number; key: string }[], input: Buffer) {
  let checked: string | null = null; // every copy of one input cleans to the same bytes: decoded once
  for (const { id, key } of old) {
    const row = await assetRow(id);
    expect(row.location_cleaned_at, `asset ${id}`).not.toBeNull();
    expect(row.replaced_storage_key).toBeNull();
    expect(row.storage_key).not.toBe(key);
    expect(await store.get(key), `old file of asset ${id}`).toBeNull();
    const data = (await store.get(row.storage_key))!;
    expect(sha(data)).toBe(row.sha256);
    if (checked) expect(row.sha256).toBe(checked);
    else {
      await expectCleanCopyOf(data, input);
      checked = row.sha256;
    }
  }
  // nothing left in the store with a place in it (a clean copy written by an interrupted step may be
  // there, named by no row, until the orphan sweep)
  for await (const f of store.list('originals')) {
    const data = (await store.get(f.key))!;
    expect(await locationTagsIn(data), f.key).toEqual([]);
  }
}

/**
 * An HTTP proxy in front of s3rver that breaks the connection of DeleteObjects requests number
 * `from` to `from + count - 1` (the network failing between switching a row and deleting the old
 * file: the worst moment to stop).
 */
async function deleteBreakingProxy(target: string, from: number, count: number) {
  let deletes = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      if (new URL(url, target).searchParams.has('delete')) {
        deletes++;
        if (deletes >= from && deletes < from + count) {
          req.socket.destroy();
          return;
        }
      }
      const upstream = http.request(
        new URL(url, target),
        { method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('cleaning originals stored before', () => {
  it('on S3: a run broken off mid-batch leaves every row naming a file, and the rerun finishes with no old file left', async () => {
    const input = await makeLocatedImage('jpeg', { width: 900, height: 600 });
    // s3rver's SDK retries a broken request up to 3 times: deletes 3-5 all fail, so the third
    // asset's old file cannot be deleted after its row switched
    const proxy = await deleteBreakingProxy(s3.endpoint, 3, 3);
    try {
      const s3Store = (endpoint: string) =>
        createMediaStore(loadConfig({ NODE_ENV: 'test', ...s3.env, MEDIA_S3_ENDPOINT: endpoint }));
      const direct = s3Store(s3.endpoint);
      const old = await storeTheOldWay(direct, [input, input, input, input, input]);
      const ids = old.map((o) => o.id);
      const broken = createMediaModuleForScripts(app.ctx, s3Store(proxy.endpoint));
      expect(await broken.countToClean()).toBe(5);
      await expect(broken.cleanLocations(25)).rejects.toThrow();

      await expectEveryRowNamesAFile(direct, ids);
      const rows = await Promise.all(ids.map(assetRow));
      expect(rows.filter((r) => r.location_cleaned_at).length).toBe(3);
      // the third one switched to its clean file; its old file (with GPS) is still to delete
      expect(rows[2].replaced_storage_key).toBe(old[2].key);
      expect(await direct.get(old[2].key)).not.toBeNull();
      expect(await broken.countToClean()).toBe(3);

      // resumed (the proxy passes deletes again)
      while ((await broken.cleanLocations(2)) > 0);
      expect(await broken.countToClean()).toBe(0);
      await expectAllCleaned(direct, old, input);
    } finally {
      await proxy.close();
    }
  });

  it('on the filesystem: `npm run media:migrate -- clean-locations` killed mid-run, then run again, leaves every original clean', async () => {
    const input = await makeLocatedImage('jpeg', { width: 1800, height: 1200 });
    const store = createMediaStore(app.ctx.config);
    const old = await storeTheOldWay(
      store,
      Array.from({ length: 40 }, () => input),
    );
    const ids = old.map((o) => o.id);
    const run = () =>
      spawn(
        process.execPath,
        ['--import', 'tsx', path.join('scripts', 'media-migrate.ts'), 'clean-locations'],
        {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: app.ctx.config.DATABASE_URL,
            DATA_DIR: app.ctx.config.DATA_DIR,
            MEDIA_STORE: 'filesystem',
            LOG_LEVEL: 'silent',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    const cleanedCount = async () =>
      Number(
        (
          await app.ctx
            .db('media_assets')
            .whereIn('id', ids)
            .whereNotNull('location_cleaned_at')
            .count({ n: '*' })
        )[0].n,
      );

    const first = run();
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      first.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    // killed (no chance to finish a step) as soon as it has cleaned some
    const deadline = Date.now() + 60_000;
    while ((await cleanedCount()) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    first.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const atKill = await cleanedCount();
    expect(atKill).toBeGreaterThanOrEqual(3);
    expect(atKill).toBeLessThan(ids.length);
    await expectEveryRowNamesAFile(store, ids);

    const second = run();
    let out = '';
    second.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    second.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', (c) => resolve(c)));
    expect(code, out).toBe(0);
    expect(out).toMatch(/Done: \d+ cleaned, 0 left\./);
    await expectAllCleaned(store, old, input);
  }, 120_000);

  it('cleans a row from before the media store, whose bytes are still in the database', async () => {
    const input = await makeLocatedImage('png', { width: 200, height: 120 });
    const [{ id }] = await app.ctx
      .db('media_assets')
      .insert({
        kind: 'headshot',
        data: input,
        mime_type: 'image/png',
        width: 120,
        height: 200,
        byte_size: input.length,
        sha256: sha(input),
        placeholder_color: '#406080',
        variants_ready_at: new Date(),
      })
      .returning('id');
    const media = createMediaModuleForScripts(app.ctx);
    while ((await media.cleanLocations(25)) > 0);
    const row = await assetRow(id);
    expect(row.location_cleaned_at).not.toBeNull();
    expect(row.storage_key).toBeNull();
    expect(row.sha256).toBe(sha(row.data));
    await expectCleanCopyOf(row.data, input);
  });

  it('is done by the worker by itself: the sweep queues each original still to clean', async () => {
    const input = await makeLocatedImage('webp', { width: 300, height: 200 });
    const store = createMediaStore(app.ctx.config);
    const key = `originals/${randomUUID()}.webp`;
    await store.put(key, input, 'image/webp');
    const [{ id }] = await app.ctx
      .db('media_assets')
      .insert({
        kind: 'photo',
        storage_key: key,
        mime_type: 'image/webp',
        width: 200,
        height: 300,
        byte_size: input.length,
        sha256: sha(input),
        placeholder_color: '#406080',
        variants_ready_at: new Date(),
      })
      .returning('id');
    const workers = await app.startWorkers();
    try {
      await workers.redriver.runOnce();
      const start = Date.now();
      // done: cleaned, and the replaced file (with GPS) deleted, which comes just after
      const done = async () => {
        const r = await assetRow(id);
        return !!r.location_cleaned_at && !r.replaced_storage_key;
      };
      while (!(await done()) && Date.now() - start < 30_000) await new Promise((r) => setTimeout(r, 100));
      const row = await assetRow(id);
      expect(row.location_cleaned_at).not.toBeNull();
      expect(await store.get(key)).toBeNull();
      await expectCleanCopyOf((await store.get(row.storage_key))!, input);
    } finally {
      await workers.close();
    }
  });
});
