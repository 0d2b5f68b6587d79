import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoDetail } from '../../src/contract';
import { PHOTO_UPLOAD_DIR } from '../../src/modules/catalog';
import type { HttpClient } from '../support/http-client';
import { countRows, startCatalogApp } from '../support/catalog-fixtures';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { CAMERA_EXIF, GPS_TRACES, makeCameraJpeg } from '../support/camera-jpeg';
import { bombJpeg, bombPng, disguisedJpeg, makeJpeg, toDataUrl } from '../support/images';

// The admin's photo form sends multipart/form-data (files, not base64): limits, refusals, the
// aspect ratio and date read from the image, the camera EXIF kept and the GPS never.

type Err = { message: string; errors?: Record<string, string> };
const MB = 1024 * 1024;

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(async () => {
  await app?.close();
  if (app) await rm(app.ctx.config.DATA_DIR, { recursive: true, force: true });
});

/** Every file under `dir` (none when it does not exist). */
async function filesUnder(dir: string, named: (name: string) => boolean = () => true) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && named(e.name)).map((e) => path.join(e.parentPath, e.name));
}
/** The media store's files (DATA_DIR/media): a refused upload writes none. */
const mediaFiles = () => filesUnder(path.join(app.ctx.config.DATA_DIR, 'media'));
/** This process's temporary upload files (photo-uploads.ts starts their names with the pid). */
const leftoverUploads = () => filesUnder(PHOTO_UPLOAD_DIR, (name) => name.startsWith(`${process.pid}-`));

const counts = async () => ({
  photos: await countRows(app, 'photos'),
  assets: await countRows(app, 'media_assets'),
  options: await countRows(app, 'print_options'),
  files: (await mediaFiles()).length,
});
/** Nothing of an upload is left behind: its temporary files go once the answer is sent. */
const noTemporaryFiles = () => eventually(async () => (await leftoverUploads()).length === 0, 5000);

function photoForm(
  image: Buffer | string | null,
  fields: Record<string, string> = {},
  thumbnail?: Buffer,
): FormData {
  const form = new FormData();
  const all = { title: 'Osprey', description: '<p>Over the marsh.</p>', category: 'birds', ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  const blob = (data: Buffer | string) =>
    new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type: 'image/jpeg' });
  if (image !== null) form.append('image', blob(image), 'osprey.jpg');
  if (thumbnail) form.append('thumbnail', blob(thumbnail), 'thumb.jpg');
  return form;
}

describe('POST /api/admin/photos as multipart', () => {
  it('stores a camera JPEG given only title, description and category: ratio 3:2 and the date from EXIF', async () => {
    const jpeg = await makeCameraJpeg(4000, 2667);
    const created = await admin.json<PhotoDetail>(admin.post('/api/admin/photos', photoForm(jpeg)), 201);
    expect(created).toMatchObject({
      title: 'Osprey',
      aspectRatio: '3:2',
      dateTaken: '2024-05-17',
      width: 4000,
      height: 2667,
      showCameraDetails: false,
      camera: {
        camera: 'NIKON Z 6_2',
        lens: 'NIKKOR Z 100-400mm f/4.5-5.6 VR S',
        focalLength: '400 mm',
        aperture: 'f/5.6',
        shutter: '1/1000 s',
        iso: 800,
      },
    });
    // stored: the jsonb column holds the camera and nothing of the position
    const row = await app.ctx.db('photos').where({ id: created.id }).first();
    expect(row.aspect_ratio).toBe('3:2');
    expect(JSON.stringify(row.camera_details)).not.toMatch(/gps|lat|lon/i);
    // the public answer hides the camera details until the owner shows them
    const pub = app.client();
    const publicPhoto = await pub.json<PhotoDetail>(pub.get(`/api/photos/${created.id}`));
    expect(publicPhoto.camera).toBeNull();
    for (const trace of GPS_TRACES) expect(JSON.stringify(publicPhoto)).not.toMatch(trace);
    for (const trace of GPS_TRACES) expect(JSON.stringify(created)).not.toMatch(trace);
  });

  it('keeps what the form says over the file, and shows the camera details when asked', async () => {
    const jpeg = await makeCameraJpeg(1200, 800);
    const created = await admin.json<PhotoDetail>(
      admin.post(
        '/api/admin/photos',
        photoForm(jpeg, { aspectRatio: '4:3', dateTaken: 'May 2024', showCameraDetails: 'true' }),
      ),
      201,
    );
    expect(created).toMatchObject({ aspectRatio: '4:3', dateTaken: 'May 2024', showCameraDetails: true });
    const pub = app.client();
    const publicPhoto = await pub.json<PhotoDetail>(pub.get(`/api/photos/${created.id}`));
    expect(publicPhoto.camera).toMatchObject({ camera: 'NIKON Z 6_2', iso: 800 });
  });

  it('saves the add form print options with the ratio read from the image', async () => {
    const jpeg = await makeCameraJpeg(1600, 900);
    const options = JSON.stringify([{ size: '16x9 inch', material: 'Metal', price: 120 }]);
    const created = await admin.json<PhotoDetail>(
      admin.post('/api/admin/photos', photoForm(jpeg, { printOptions: options })),
      201,
    );
    expect(created.aspectRatio).toBe('16:9');
    expect(created.printOptions).toMatchObject([{ aspectRatio: '16:9', size: '16x9', format: 'Metal' }]);
  });

  it('serves image variants without any EXIF, so no GPS', async () => {
    const created = await admin.json<PhotoDetail>(
      admin.post('/api/admin/photos', photoForm(await makeCameraJpeg(1200, 800))),
      201,
    );
    const sharp = (await import('sharp')).default;
    for (const [path, accept] of [
      [created.imageUrl, 'image/jpeg'],
      [`${created.imageUrl}&w=640`, 'image/webp'],
      [created.thumbnailUrl, 'image/avif'],
    ]) {
      const res = await app.client().get(path, { accept });
      expect(res.status, path).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, path).toBeUndefined();
      expect(bytes.includes(Buffer.from(CAMERA_EXIF.IFD0.Make)), path).toBe(false);
      expect(bytes.includes(Buffer.from('GPS')), path).toBe(false);
    }
  });

  it('answers 413 naming the 50 MB limit for a file just over it, and stores nothing', async () => {
    const before = await counts();
    const big = Buffer.concat([await makeJpeg(600, 400), Buffer.alloc(50 * MB + 1)]);
    const err = await admin.json<Err>(admin.post('/api/admin/photos', photoForm(big)), 413);
    expect(err).toEqual({
      message: 'The image is larger than 50 MB.',
      errors: { image: 'The image is larger than 50 MB.' },
    });
    expect(await counts()).toEqual(before);
    await noTemporaryFiles();
  }, 30_000);

  it('refuses a decompression bomb (a tiny PNG or JPEG declaring 30000 x 30000), and stores nothing', async () => {
    const before = await counts();
    for (const bomb of [bombPng(30_000, 30_000), await bombJpeg(30_000, 30_000)]) {
      expect(bomb.length).toBeLessThan(200 * 1024);
      const err = await admin.json<Err>(admin.post('/api/admin/photos', photoForm(bomb)), 400);
      expect(err).toEqual({
        message: 'The image has too many pixels: at most 200 megapixels are accepted.',
        errors: { image: 'The image has too many pixels: at most 200 megapixels are accepted.' },
      });
    }
    // replacing a photo's image with one is refused the same way, the photo unchanged
    const photo = await admin.json<PhotoDetail>(
      admin.post('/api/admin/photos', photoForm(await makeJpeg())),
      201,
    );
    const stored = await counts();
    const err = await admin.json<Err>(admin.put(`/api/admin/photos/${photo.id}`, photoForm(bombPng())), 400);
    expect(err.message).toBe('The image has too many pixels: at most 200 megapixels are accepted.');
    expect(await counts()).toEqual(stored);
    expect(await admin.json<PhotoDetail>(admin.get(`/api/admin/photos/${photo.id}`))).toEqual(photo);
    expect(stored).toMatchObject({ photos: before.photos + 1, assets: before.assets + 1 });
    await noTemporaryFiles();
  });

  it('refuses a file that is not an image with the spec message (400), and stores nothing', async () => {
    const before = await counts();
    const err = await admin.json<Err>(admin.post('/api/admin/photos', photoForm(disguisedJpeg())), 400);
    expect(err.message).toBe('The file is not a supported image (JPEG, PNG, WebP or AVIF).');
    const text = await admin.json<Err>(admin.post('/api/admin/photos', photoForm('just words')), 400);
    expect(text.message).toBe('The file is not a supported image (JPEG, PNG, WebP or AVIF).');
    expect(await counts()).toEqual(before);
  });

  it('asks for the image when the form has none (400), and stores nothing', async () => {
    const before = await counts();
    const err = await admin.json<Err>(admin.post('/api/admin/photos', photoForm(null)), 400);
    expect(err).toMatchObject({ message: 'Please upload a photo image' });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 to a broken multipart body, and stores nothing', async () => {
    const before = await counts();
    const boundary = 'wfboundary';
    const truncated =
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nOsprey\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff partial`;
    const err = await admin.json<Err>(
      admin.request('POST', '/api/admin/photos', truncated, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      }),
      400,
    );
    expect(err.message).toBe('The upload is not a valid multipart form.');
    expect(await counts()).toEqual(before);
  });

  it('refuses a third file field (400), and stores nothing', async () => {
    const before = await counts();
    const form = photoForm(await makeJpeg(600, 400));
    form.append('extra', new Blob([new Uint8Array(await makeJpeg(60, 40))]), 'x.jpg');
    const err = await admin.json<Err>(admin.post('/api/admin/photos', form), 400);
    expect(err.message).toBe('Unexpected file field in the upload.');
    expect(await counts()).toEqual(before);
  });

  it('still refuses an upload from another site', async () => {
    const before = await counts();
    const res = await admin.request('POST', '/api/admin/photos', photoForm(await makeJpeg(600, 400)), {
      'sec-fetch-site': 'cross-site',
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await app.client().post('/api/admin/photos', photoForm(await makeJpeg(600, 400)));
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/admin/photos/:id as multipart', () => {
  it('replaces the image, reading its ratio, date and camera; keeps the show choice', async () => {
    const created = await admin.json<PhotoDetail>(
      admin.post('/api/admin/photos', photoForm(await makeJpeg(800, 800), { showCameraDetails: 'true' })),
      201,
    );
    expect(created).toMatchObject({ aspectRatio: '1:1', dateTaken: null, camera: null });
    const updated = await admin.json<PhotoDetail>(
      admin.put(`/api/admin/photos/${created.id}`, photoForm(await makeCameraJpeg(1500, 2000))),
    );
    expect(updated).toMatchObject({
      aspectRatio: '3:4',
      dateTaken: '2024-05-17',
      showCameraDetails: true,
      camera: { camera: 'NIKON Z 6_2' },
    });
  });

  it('keeps the JSON form of the spec working, filling the ratio from the image', async () => {
    const created = await admin.json<PhotoDetail>(
      admin.post('/api/admin/photos', {
        title: 'Heron',
        description: '<p>Still.</p>',
        category: 'birds',
        imageData: toDataUrl(await makeCameraJpeg(1200, 800)),
        imageType: 'image/jpeg',
      }),
      201,
    );
    expect(created).toMatchObject({ aspectRatio: '3:2', dateTaken: '2024-05-17' });
    const updated = await admin.json<PhotoDetail>(
      admin.put(`/api/admin/photos/${created.id}`, {
        title: 'Heron at rest',
        description: '<p>Still.</p>',
        category: 'birds',
        aspectRatio: '3:2',
      }),
    );
    expect(updated).toMatchObject({ title: 'Heron at rest', camera: { camera: 'NIKON Z 6_2' } });
  });
});

describe('camera files on a fresh shop (MAX_PHOTO_MB unset)', () => {
  it('tells the admin the limits: 50 MB photos, the spec thumbnails', async () => {
    expect(await admin.json(admin.get('/api/admin/photo-upload-limits'))).toEqual({
      addImage: 50 * MB,
      addThumbnail: 1 * MB,
      editImage: 50 * MB,
      editThumbnail: 2 * MB,
    });
    expect((await app.client().get('/api/admin/photo-upload-limits')).status).toBe(401);
  });

  it('takes a real camera JPEG just under 50 MB, and leaves no temporary file', async () => {
    const before = await counts();
    const jpeg = await makeCameraJpeg(7380, 4920, { noise: true, quality: 100 });
    expect(jpeg.length).toBeGreaterThan(48 * MB);
    expect(jpeg.length).toBeLessThan(50 * MB);
    const created = await admin.json<PhotoDetail>(admin.post('/api/admin/photos', photoForm(jpeg)), 201);
    expect(created).toMatchObject({ aspectRatio: '3:2', width: 7380, height: 4920, dateTaken: '2024-05-17' });
    const { original_id } = await app.ctx.db('photos').where({ id: created.id }).first();
    const asset = await app.ctx.db('media_assets').where({ id: original_id }).first();
    expect(Number(asset.byte_size)).toBe(jpeg.length);
    expect(await counts()).toEqual({
      ...before,
      photos: before.photos + 1,
      assets: before.assets + 1,
      files: before.files + 1,
    });
    await noTemporaryFiles();
  }, 90_000);

  it('saves photos sent at the same time, each whole (their saves take turns)', async () => {
    const before = await counts();
    const jpegs = await Promise.all([1200, 1500, 1800].map((w) => makeCameraJpeg(w, 1200, { noise: true })));
    const created = await Promise.all(
      jpegs.map((jpeg, i) =>
        admin.json<PhotoDetail>(
          admin.post('/api/admin/photos', photoForm(jpeg, { title: `Burst ${i}` })),
          201,
        ),
      ),
    );
    expect(created.map((p) => [p.title, p.width])).toEqual([
      ['Burst 0', 1200],
      ['Burst 1', 1500],
      ['Burst 2', 1800],
    ]);
    for (const [i, photo] of created.entries()) {
      const { original_id } = await app.ctx.db('photos').where({ id: photo.id }).first();
      const asset = await app.ctx.db('media_assets').where({ id: original_id }).first();
      expect(Number(asset.byte_size)).toBe(jpegs[i].length);
    }
    expect(await counts()).toMatchObject({ photos: before.photos + 3, files: before.files + 3 });
    await noTemporaryFiles();
  });

  it('keeps the spec limits for the JSON upload: 5 MB to add', async () => {
    const before = await counts();
    const big = Buffer.concat([await makeJpeg(600, 400), Buffer.alloc(5 * MB + 1)]);
    const err = await admin.json<Err>(
      admin.post('/api/admin/photos', {
        title: 'Too big for JSON',
        description: '',
        category: 'birds',
        imageData: toDataUrl(big),
      }),
      413,
    );
    expect(err).toEqual({
      message: 'The image is larger than 5 MB.',
      errors: { imageData: 'The image is larger than 5 MB.' },
    });
    expect(await counts()).toEqual(before);
  });

  it('is still configurable: MAX_PHOTO_MB=20 takes a 12 MB camera file and refuses 20 MB + 1 byte', async () => {
    const raised = await createTestApp({ MAX_PHOTO_MB: '20' });
    try {
      const owner = await raised.admin();
      await owner.json(owner.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
      expect(await owner.json(owner.get('/api/admin/photo-upload-limits'))).toMatchObject({
        addImage: 20 * MB,
        editImage: 20 * MB,
        addThumbnail: 1 * MB,
      });
      const big = await makeCameraJpeg(4000, 2667, { noise: true });
      expect(big.length).toBeGreaterThan(12 * MB);
      const created = await owner.json<PhotoDetail>(owner.post('/api/admin/photos', photoForm(big)), 201);
      expect(created).toMatchObject({ aspectRatio: '3:2', width: 4000 });
      const over = Buffer.concat([big, Buffer.alloc(20 * MB - big.length + 1)]);
      const err = await owner.json<Err>(owner.post('/api/admin/photos', photoForm(over)), 413);
      expect(err.message).toBe('The image is larger than 20 MB.');
    } finally {
      await raised.close();
      await rm(raised.ctx.config.DATA_DIR, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the spec's JSON upload and its imageType", () => {
  const jsonPhoto = async (extra: Record<string, unknown>) => ({
    title: 'Heron',
    description: '<p>Still.</p>',
    category: 'birds',
    imageData: toDataUrl(await makeJpeg(900, 600)),
    ...extra,
  });
  const invalid = 'Image type must be an image media type, e.g. image/jpeg';

  it.each([
    ['1 MB of text', 'x'.repeat(MB)],
    ['1 MB that starts like an image type', `image/${'x'.repeat(MB)}`],
    ['a number', 42],
    ['text/html', 'text/html'],
    ['an object', { type: 'image/jpeg' }],
  ])('refuses an imageType of %s with 400, and stores nothing', async (_name, imageType) => {
    const before = await counts();
    const err = await admin.json<Err>(admin.post('/api/admin/photos', await jsonPhoto({ imageType })), 400);
    expect(err.errors).toEqual({ imageType: invalid });
    expect(err.message).toBe(`Invalid photo: ${invalid}`);
    expect(await counts()).toEqual(before);
  });

  it('refuses a malformed imageType when replacing an image too, changing nothing', async () => {
    const photo = await admin.json<PhotoDetail>(admin.post('/api/admin/photos', await jsonPhoto({})), 201);
    const before = await counts();
    const err = await admin.json<Err>(
      admin.put(
        `/api/admin/photos/${photo.id}`,
        await jsonPhoto({ title: 'Changed', imageType: 'text/html' }),
      ),
      400,
    );
    expect(err.errors).toEqual({ imageType: invalid });
    expect(await counts()).toEqual(before);
    expect((await admin.json<PhotoDetail>(admin.get(`/api/admin/photos/${photo.id}`))).title).toBe('Heron');
  });

  it('stores a photo with imageType image/jpeg, without one, null or blank; the type is read from the bytes', async () => {
    for (const extra of [
      { imageType: 'image/jpeg' },
      {},
      { imageType: null },
      { imageType: '' },
      { imageType: 'image/png' },
    ]) {
      const created = await admin.json<PhotoDetail>(
        admin.post('/api/admin/photos', await jsonPhoto(extra)),
        201,
      );
      expect(created).toMatchObject({ title: 'Heron', aspectRatio: '3:2', width: 900 });
      const { original_id } = await app.ctx.db('photos').where({ id: created.id }).first();
      const asset = await app.ctx.db('media_assets').where({ id: original_id }).first();
      expect(asset.mime_type, JSON.stringify(extra)).toBe('image/jpeg');
    }
  });
});
