import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoDetail } from '../../src/contract';
import { createMediaModuleForScripts, createMediaStore } from '../../src/modules/media';
import type { HttpClient } from '../support/http-client';
import { makeJpeg } from '../support/images';
import { insertPhoto } from '../support/shop-data';
import { startS3Server } from '../support/s3-server';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

// Issue 27: image bytes live in the media store (here the filesystem under DATA_DIR/media), the
// rows keep what they are and each one's key; images stored in the database before move over.

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  await app.startWorkers();
  admin = await app.admin();
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
});
afterAll(() => app?.close());

const mediaDir = () => path.resolve(app.ctx.config.DATA_DIR, 'media');

async function upload(title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, description: '<p>Marsh.</p>', category: 'birds' }))
    form.append(k, v);
  form.append(
    'image',
    new Blob([new Uint8Array(await makeJpeg(1600, 1067))], { type: 'image/jpeg' }),
    'x.jpg',
  );
  return admin.json<PhotoDetail>(admin.post('/api/admin/photos', form), 201);
}

describe('the filesystem store', () => {
  it('keeps an upload and its variants as files, the rows naming them, and serves them', async () => {
    const photo = await upload('Osprey');
    const { original_id } = await app.ctx.db('photos').where({ id: photo.id }).first();
    const asset = await app.ctx.db('media_assets').where({ id: original_id }).first();
    expect(asset.data).toBeNull();
    expect(asset.storage_key).toMatch(/^originals\/[0-9a-f-]{36}\.jpg$/);
    expect(existsSync(path.join(mediaDir(), asset.storage_key))).toBe(true);
    await eventually(
      async () => !!(await app.ctx.db('media_assets').where({ id: original_id }).first()).variants_ready_at,
    );
    const variants = await app.ctx.db('media_variants').where({ asset_id: original_id });
    expect(variants.length).toBeGreaterThan(3);
    for (const v of variants) {
      expect(v.data).toBeNull();
      expect(existsSync(path.join(mediaDir(), v.storage_key))).toBe(true);
    }
    const res = await fetch(`${app.url}/api/photos/${photo.id}/image`, { headers: { accept: 'image/avif' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('moves images stored in the database into the store, interrupted and resumed, byte for byte', async () => {
    const old = await insertPhoto(app.ctx.db, { title: 'Old Heron', pixels: { width: 64, height: 80 } });
    const { original_id } = await app.ctx.db('photos').where({ id: old.photoId }).first();
    const before = (await app.ctx.db('media_assets').where({ id: original_id }).first()).data as Buffer;
    expect(before.length).toBeGreaterThan(0);
    const media = createMediaModuleForScripts(app.ctx);
    const left = await media.countToMove();
    expect(left).toBeGreaterThan(0);
    // one at a time: as if interrupted after each, then run again
    expect(await media.moveBytesToStore(1)).toBe(1);
    while ((await media.moveBytesToStore(1)) > 0);
    expect(await media.countToMove()).toBe(0);
    const after = await app.ctx.db('media_assets').where({ id: original_id }).first();
    expect(after).toMatchObject({ data: null, storage_key: `originals/migrated-${original_id}.jpg` });
    const stored = await createMediaStore(app.ctx.config).get(after.storage_key);
    expect(stored?.equals(before)).toBe(true);
    // still served (its variants are made from the moved original)
    const res = await fetch(`${app.url}/api/photos/${old.photoId}/image`, {
      headers: { accept: 'image/jpeg' },
    });
    expect(res.status).toBe(200);
  });

  it('sweeps files no row names once they are an hour old, and keeps every named one', async () => {
    const store = createMediaStore(app.ctx.config);
    // a crash between the file and its row: the file is written, the row never is
    await store.put('originals/crashed-before-row.jpg', await makeJpeg(10, 10), 'image/jpeg');
    const named = await app.ctx.db('media_assets').whereNotNull('storage_key').pluck('storage_key');
    const repoSweep = app.modules.media.sweepOrphans;
    // too young: kept (its row may be about to commit)
    expect(await repoSweep()).toBe(0);
    expect(await store.get('originals/crashed-before-row.jpg')).not.toBeNull();
    const removed = await repoSweep(Date.now() + 2 * 3600_000);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await store.get('originals/crashed-before-row.jpg')).toBeNull();
    for (const key of named) expect(await store.get(key)).not.toBeNull();
  });
});

describe('an S3-compatible store', () => {
  it('keeps an upload and its variants as objects in the bucket, and serves them', async () => {
    const s3 = await startS3Server();
    const shop = await createTestApp(s3.env);
    try {
      await shop.startWorkers();
      const owner = await shop.admin();
      await owner.json(owner.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
      const form = new FormData();
      for (const [k, v] of Object.entries({ title: 'Tern', description: '<p>Shore.</p>', category: 'birds' }))
        form.append(k, v);
      form.append(
        'image',
        new Blob([new Uint8Array(await makeJpeg(1200, 800))], { type: 'image/jpeg' }),
        't.jpg',
      );
      const photo = await owner.json<PhotoDetail>(owner.post('/api/admin/photos', form), 201);
      const { original_id } = await shop.ctx.db('photos').where({ id: photo.id }).first();
      await eventually(
        async () =>
          !!(await shop.ctx.db('media_assets').where({ id: original_id }).first()).variants_ready_at,
      );
      const store = createMediaStore(shop.ctx.config);
      const keys = [
        (await shop.ctx.db('media_assets').where({ id: original_id }).first()).storage_key,
        ...(await shop.ctx.db('media_variants').where({ asset_id: original_id }).pluck('storage_key')),
      ];
      for (const key of keys) expect((await store.get(key))?.length, key).toBeGreaterThan(0);
      // nothing went to the filesystem
      expect(existsSync(path.resolve(shop.ctx.config.DATA_DIR, 'media'))).toBe(false);
      for (const url of [`/api/photos/${photo.id}/image`, `/media/${original_id}/1080.jpg`]) {
        const res = await fetch(`${shop.url}${url}`, { headers: { accept: 'image/webp' } });
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toBe('image/jpeg');
      }
      // the bucket's names are the addresses' names: a bucket can serve variants/ as PUBLIC_MEDIA_URL
      expect(keys.slice(1).sort()).toEqual(
        ['1080.avif', '1080.jpg', '640.avif', '640.jpg', 'thumb.avif', 'thumb.jpg'].map(
          (f) => `variants/${original_id}/${f}`,
        ),
      );
    } finally {
      await shop.close();
      await s3.close();
    }
  });
});
