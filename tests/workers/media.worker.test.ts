import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, startCatalogApp } from '../support/catalog-fixtures';
import { makeJpeg } from '../support/images';
import { createMediaStore } from '../../src/modules/media';

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
  await app.startWorkers();
});
afterAll(() => app?.close());

const assetOf = async (photoId: number) =>
  (await app.ctx.db('photos').where({ id: photoId }).first()).original_id as number;
const ready = async (assetId: number) =>
  (await app.ctx.db('media_assets').where({ id: assetId }).first()).variants_ready_at !== null;

describe('media worker', () => {
  it('makes a thumbnail and every display width in AVIF, and JPEG to 1600 px, after an upload, without metadata', async () => {
    const photo = await addPhoto(admin, { title: 'Big' }, await makeJpeg(2600, 1733, { gps: true }));
    const assetId = await assetOf(photo.id);
    await eventually(() => ready(assetId));
    const rows = await app.ctx
      .db('media_variants')
      .where({ asset_id: assetId })
      .select('kind', 'width', 'height', 'format', 'storage_key');
    const keys = rows.map((r) => `${r.kind}:${r.width}:${r.format}`).sort();
    const expected = [
      ...['thumb:400', 'display:640', 'display:1080', 'display:1600', 'display:2400'].map((k) => `${k}:avif`),
      ...['thumb:400', 'display:640', 'display:1080', 'display:1600'].map((k) => `${k}:jpeg`),
    ];
    expect(keys).toEqual(expected.sort());
    // the files are in the media store, the rows name them
    const store = createMediaStore(app.ctx.config);
    for (const r of rows) {
      const meta = await sharp((await store.get(r.storage_key))!).metadata();
      expect(meta.width).toBe(r.width);
      expect(meta.height).toBe(r.height);
      expect(meta.exif).toBeUndefined();
      expect(meta.format).toBe(r.format === 'avif' ? 'heif' : r.format);
    }
  });

  it('never upscales: a small image gets one display size at its own width', async () => {
    const photo = await addPhoto(admin, { title: 'Small' }, await makeJpeg(500, 400));
    const assetId = await assetOf(photo.id);
    await eventually(() => ready(assetId));
    const widths = await app.ctx
      .db('media_variants')
      .where({ asset_id: assetId })
      .select('kind', 'width', 'height')
      .distinct();
    expect(widths.sort((a, b) => a.width - b.width)).toEqual([
      { kind: 'thumb', width: 375, height: 300 },
      { kind: 'display', width: 500, height: 400 },
    ]);
  });

  it('the sweeper queues images whose variants were never made', async () => {
    const asset = await app.modules.media.ingest(await makeJpeg(800, 600), {
      kind: 'logo',
      maxBytes: 2 << 20,
    });
    expect(await ready(asset.id)).toBe(false);
    expect(await app.modules.media.sweepMissingVariants()).toBeGreaterThanOrEqual(1);
    await eventually(() => ready(asset.id));
  });
});
