import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { addPhoto, countRows, startCatalogApp } from '../support/catalog-fixtures';
import { bombJpeg, bombPng, disguisedJpeg, makeJpeg, toDataUrl } from '../support/images';

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(() => app?.close());

const counts = async () => ({
  photos: await countRows(app, 'photos'),
  assets: await countRows(app, 'media_assets'),
});
const upload = (imageData: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/admin/photos', { title: 'T', description: '', category: 'birds', imageData, ...extra });

describe('uploads are checked by content', () => {
  it('refuses a non-image disguised as a JPEG and writes nothing', async () => {
    const before = await counts();
    const body = await admin.json<{ message: string; errors: Record<string, string> }>(
      upload(toDataUrl(disguisedJpeg())),
      400,
    );
    expect(body.message).toBe('The file is not a supported image (JPEG, PNG, WebP or AVIF).');
    expect(body.errors).toEqual({ imageData: body.message });
    expect(await counts()).toEqual(before);
  });

  it('refuses a pixel flood (a small file declaring 900 megapixels), PNG or JPEG, and writes nothing', async () => {
    const before = await counts();
    for (const [flood, type] of [
      [bombPng(30_000, 30_000), 'image/png'],
      [await bombJpeg(30_000, 30_000), 'image/jpeg'],
    ] as const) {
      expect(flood.length).toBeLessThan(200 * 1024);
      const body = await admin.json<{ message: string; errors: Record<string, string> }>(
        upload(toDataUrl(flood, type)),
        400,
      );
      expect(body.message).toBe('The image has too many pixels: at most 200 megapixels are accepted.');
      expect(body.errors).toEqual({ imageData: body.message });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await makeJpeg(1200, 800);
    const body = await admin.json<{ message: string }>(
      upload(toDataUrl(jpeg.subarray(0, Math.floor(jpeg.length / 2)))),
      400,
    );
    expect(body.message).toBe('The image could not be read: the file is damaged or incomplete.');
  });

  it('refuses a file that is not an image at all, and data that is not base64', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(
      (await admin.json<{ message: string }>(upload(toDataUrl(svg, 'image/svg+xml')), 400)).message,
    ).toBe('The file is not a supported image (JPEG, PNG, WebP or AVIF).');
    expect((await admin.json<{ message: string }>(upload('%%% not base64 %%%'), 400)).message).toBe(
      'The image data is not valid base64.',
    );
  });

  it('answers 413 with a clear sentence for a main image over 5 MB on add', async () => {
    const big = Buffer.concat([await makeJpeg(200, 200), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const before = await counts();
    const body = await admin.json<{ message: string }>(upload(toDataUrl(big)), 413);
    expect(body.message).toBe('The image is larger than 5 MB.');
    expect(await counts()).toEqual(before);
  });

  it('answers 413 for a thumbnail over 1 MB on add', async () => {
    const thumb = Buffer.concat([await makeJpeg(200, 200), Buffer.alloc(1024 * 1024 + 10)]);
    const body = await admin.json<{ errors: Record<string, string> }>(
      upload(toDataUrl(await makeJpeg(600, 400)), { thumbnailData: toDataUrl(thumb) }),
      413,
    );
    expect(body.errors).toEqual({ thumbnailData: 'The image is larger than 1 MB.' });
  });

  it('accepts PNG, WebP and AVIF, with or without a data: prefix, and stores the size after EXIF rotation', async () => {
    const base = sharp(await makeJpeg(900, 600));
    for (const [buf, type] of [
      [await base.clone().png().toBuffer(), 'image/png'],
      [await base.clone().webp().toBuffer(), 'image/webp'],
      [await base.clone().avif({ effort: 0 }).toBuffer(), 'image/avif'],
    ] as const) {
      const p = await admin.json<{ width: number }>(upload(buf.toString('base64'), { imageType: type }), 201);
      expect(p.width).toBe(900);
    }
    const rotated = await makeJpeg(1200, 800, { orientation: 6 });
    const p = await admin.json<{ width: number; height: number }>(upload(toDataUrl(rotated)), 201);
    expect([p.width, p.height]).toEqual([800, 1200]);
  });
});

describe('serving images before and after the variants job', () => {
  it('resizes the original on the fly once, stores that variant and queues the job', async () => {
    const photo = await addPhoto(admin, { title: 'Fresh' });
    const { original_id: assetId } = await app.ctx.db('photos').where({ id: photo.id }).first();
    const c = app.client();
    const variants = () => app.ctx.db('media_variants').where({ asset_id: assetId }).count('* as n').first();
    expect(Number((await variants())!.n)).toBe(0);
    const first = await c.get(`/api/photos/${photo.id}/image?w=640`, { accept: 'image/webp' });
    expect(first.status).toBe(200);
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(640);
    expect(Number((await variants())!.n)).toBe(1);
    const second = await c.get(`/api/photos/${photo.id}/image?w=640`, { accept: 'image/webp' });
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Number((await variants())!.n)).toBe(1);
    const job = await app.ctx.queues.get('media').getJob(`variants-${assetId}`);
    expect(job?.data).toMatchObject({ assetId });
  });

  it('makes every variant once; later requests only read stored bytes', async () => {
    const photo = await addPhoto(admin, { title: 'Ready' });
    const { original_id: assetId } = await app.ctx.db('photos').where({ id: photo.id }).first();
    expect(await app.modules.media.makeVariants(assetId)).toMatchObject({ outcome: 'done', made: 6 });
    expect(await app.modules.media.makeVariants(assetId)).toMatchObject({ outcome: 'skipped' });
    const rows = () => app.ctx.db('media_variants').where({ asset_id: assetId }).orderBy('id').select('id');
    const before = await rows();
    const c = app.client();
    for (const accept of ['image/avif', 'image/webp', 'image/jpeg'])
      for (const q of ['?w=1', '?w=700', '?w=5000', ''])
        expect((await c.get(`/api/photos/${photo.id}/image${q}`, { accept })).status).toBe(200);
    expect(await rows()).toEqual(before);
  });

  it('keeps the ICC colour profile in the variants', async () => {
    const p3 = await sharp(await makeJpeg(800, 600))
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    const photo = await addPhoto(admin, { title: 'Wide gamut' }, p3);
    const { original_id: assetId } = await app.ctx.db('photos').where({ id: photo.id }).first();
    await app.modules.media.makeVariants(assetId);
    const res = await app.client().get(`/api/photos/${photo.id}/image`, { accept: 'image/webp' });
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.icc).toBeDefined();
    expect(meta.exif).toBeUndefined();
  });
});
