import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoDetail } from '../../src/contract';
import type { HttpClient } from '../support/http-client';
import { countRows, startCatalogApp } from '../support/catalog-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { CAMERA_EXIF, GPS_TRACES, makeCameraJpeg } from '../support/camera-jpeg';
import { disguisedJpeg, makeJpeg, toDataUrl } from '../support/images';

// The admin's photo form sends multipart/form-data (files, not base64): limits, refusals, the
// aspect ratio and date read from the image, the camera EXIF kept and the GPS never.

type Err = { message: string; errors?: Record<string, string> };
const MB = 1024 * 1024;

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(() => app?.close());

const counts = async () => ({
  photos: await countRows(app, 'photos'),
  assets: await countRows(app, 'media_assets'),
  options: await countRows(app, 'print_options'),
});

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
    expect(created.printOptions).toMatchObject([{ aspectRatio: '16:9', size: '16x9 inch', format: 'Metal' }]);
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

  it('answers 413 with the limit over 5 MB, and stores nothing', async () => {
    const before = await counts();
    const big = Buffer.concat([await makeJpeg(600, 400), Buffer.alloc(5 * MB + 1)]);
    const err = await admin.json<Err>(admin.post('/api/admin/photos', photoForm(big)), 413);
    expect(err.message).toBe('The image is larger than 5 MB.');
    expect(await counts()).toEqual(before);
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

describe('MAX_PHOTO_MB', () => {
  it('tells the admin the limits (the spec defaults)', async () => {
    expect(await admin.json(admin.get('/api/admin/photo-upload-limits'))).toEqual({
      addImage: 5 * MB,
      addThumbnail: 1 * MB,
      editImage: 10 * MB,
      editThumbnail: 2 * MB,
    });
    expect((await app.client().get('/api/admin/photo-upload-limits')).status).toBe(401);
  });

  it('raises the photo limit: a 12 MB camera file is taken with MAX_PHOTO_MB=20', async () => {
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
    }
  }, 60_000);
});
