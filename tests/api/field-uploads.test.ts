import { randomUUID } from 'node:crypto';
import { readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoDraft } from '../../src/contract';
import type { HttpClient } from '../support/http-client';
import { countRows, startCatalogApp } from '../support/catalog-fixtures';
import type { TestApp } from '../support/test-app';
import { startS3Server } from '../support/s3-server';

// Uploads from the field (issue 37): camera files sent with tus, resumed after a cut, made draft
// photos once per queue id, kept off every public surface until published. On both media stores:
// files under DATA_DIR/uploads, and S3 multipart uploads in the media bucket (the S3 double).

type Err = { message: string; errors?: Record<string, string> };
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe.each(['filesystem', 's3'] as const)('on the %s store', (store) => {
  let app: TestApp;
  let admin: HttpClient;
  let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
  beforeAll(async () => {
    if (store === 's3') s3 = await startS3Server();
    ({ app, admin } = await startCatalogApp(s3?.env ?? {}));
    // a live catalogue option of 3:2, offered on every new 3:2 draft
    await admin.json(
      admin.post('/api/admin/item-options', {
        aspectRatio: '3:2',
        size: '8x12',
        format: 'Lustre Paper',
        price: 40,
        shipping: 8,
      }),
      201,
    );
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  /** A noisy 3:2 camera-like JPEG without GPS (its stored original is the same bytes). */
  const cameraJpeg = (width = 1800, height = 1200) =>
    sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#406080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 92 })
      .withExif({ IFD0: { Make: 'Nikon', Model: 'Z 8' } })
      .toBuffer();

  /** POST: a new upload; its address (relative). */
  async function createUpload(
    size: number,
    meta: Record<string, string> = {
      filename: 'DSC_0412.JPG',
      filetype: 'image/jpeg',
      queueId: randomUUID(),
    },
    client = admin,
  ) {
    const res = await client.post('/api/admin/uploads', undefined, {
      ...TUS,
      'upload-length': String(size),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    });
    return res;
  }
  /** PATCH: bytes at an offset (raw bytes: the test client would send anything else as JSON). */
  const patch = (location: string, offset: number, bytes: Buffer) =>
    fetch(app.url + location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        cookie: admin.cookieHeader,
        'sec-fetch-site': 'same-origin',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
  const offsetOf = async (location: string) => {
    const res = await admin.request('HEAD', location, undefined, TUS);
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  };
  const uploadIdOf = (location: string) => location.split('/').pop()!;

  /** A whole file sent in one PATCH: its upload id. */
  async function upload(file: Buffer, meta?: Record<string, string>) {
    const created = await createUpload(file.length, meta);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await patch(location, 0, file)).status).toBe(204);
    return uploadIdOf(location);
  }

  const yesterday = new Date(Date.now() - 25 * 3600 * 1000);
  /** Makes an upload a day and an hour old, where each store keeps its beginning. */
  async function beganYesterday(uploadId: string) {
    if (!s3) {
      const info = path.join(app.ctx.config.DATA_DIR, 'uploads', `${uploadId}.json`);
      const meta = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
      meta.creation_date = yesterday.toISOString();
      await writeFile(info, JSON.stringify(meta));
      return;
    }
    // S3 counts from the multipart upload's Initiated (the double: its key file's time)
    const uploads = await s3Uploads();
    const mine = uploads.filter((u) => u.key === `uploads/${uploadId}`);
    expect(mine).toHaveLength(1);
    await utimes(path.join(mine[0].dir, 'key'), yesterday, yesterday);
  }
  /** The double's multipart uploads in progress: their key and directory. */
  async function s3Uploads() {
    const root = path.join(s3!.directory, s3!.bucket);
    const dirs = (await readdir(root)).filter((n) => n.endsWith('._S3rver_uploads'));
    const found: { key: string; dir: string }[] = [];
    for (const d of dirs)
      for (const id of await readdir(path.join(root, d))) {
        const dir = path.join(root, d, id);
        found.push({ key: await readFile(path.join(dir, 'key'), 'utf8'), dir });
      }
    return found;
  }
  /** What is left of an upload in its store (files, objects, multipart uploads). */
  async function leftOf(uploadId: string): Promise<string[]> {
    if (!s3) {
      const dir = path.join(app.ctx.config.DATA_DIR, 'uploads');
      return (await readdir(dir)).filter((n) => n.startsWith(uploadId));
    }
    const objects = (await readdir(path.join(s3.directory, s3.bucket, 'uploads')).catch(() => [])).filter(
      (n) => n.startsWith(uploadId),
    );
    const multipart = (await s3Uploads())
      .filter((u) => u.key.startsWith(`uploads/${uploadId}`))
      .map((u) => u.key);
    return [...objects, ...multipart];
  }

  const storedOriginal = async (queueId: string) => {
    const row = (await app.ctx.db('photos').where({ queue_id: queueId }).first('original_id')) as {
      original_id: number;
    };
    return (await app.modules.media.original(row.original_id))!.data;
  };

  describe('the tus endpoint', () => {
    it('resumes an upload cut at half from the offset the server has, and the draft is the file', async () => {
      // 11 MB: its first half is a whole S3 part (5 MB at least), listed again to resume
      const file = await cameraJpeg(4500, 3000);
      const queueId = randomUUID();
      const created = await createUpload(file.length, {
        filename: 'great-blue-heron_at_dawn.jpg',
        filetype: 'image/jpeg',
        queueId,
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      expect(location).toMatch(/^\/api\/admin\/uploads\/[A-Za-z0-9_-]+$/);
      let sent = 0;
      const half = Math.floor(file.length / 2);
      expect((await patch(location, 0, file.subarray(0, half))).status).toBe(204);
      sent += half;
      if (s3) {
        const [upload] = (await s3Uploads()).filter((u) => u.key === `uploads/${uploadIdOf(location)}`);
        expect(await readdir(upload.dir)).toContain('1.md5');
      }
      // the connection is lost; the phone asks where to go on
      const at = await offsetOf(location);
      expect(at).toEqual({ status: 200, offset: half });
      const rest = file.subarray(at.offset);
      const done = await patch(location, at.offset, rest);
      sent += rest.length;
      expect(done.status).toBe(204);
      expect(sent).toBeLessThanOrEqual(file.length * 1.2);

      const draft = await admin.json<PhotoDraft>(
        admin.post('/api/admin/photo-drafts', { queueId, uploadId: uploadIdOf(location), category: 'birds' }),
        201,
      );
      expect(draft).toMatchObject({
        draft: true,
        published: false,
        queueId,
        title: 'Great blue heron at dawn',
        aspectRatio: '3:2',
        category: 'birds',
        printOptionCount: 1,
      });
      expect((await storedOriginal(queueId)).equals(file)).toBe(true);
      // the upload is gone once it is a photo
      expect((await offsetOf(location)).status).toBe(404);
    });

    it('refuses a file over the per-file limit at creation (413), a missing queueId (400), a stranger (401)', async () => {
      const tooBig = await createUpload(app.modules.catalog.service.uploadLimits().addImage + 1);
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(await tooBig.text())).toEqual({ message: 'The image is larger than 50 MB.' });
      const noQueue = await createUpload(1000, { filename: 'a.jpg', filetype: 'image/jpeg' });
      expect(noQueue.status).toBe(400);
      expect(((await noQueue.json()) as Err).message).toBe('queueId must be a UUID');
      const stranger = await createUpload(1000, undefined, app.client());
      expect(stranger.status).toBe(401);
    });

    // issue 51: tus's own errors were plain text
    it("answers its errors as the API's JSON error, with the tus headers kept", async () => {
      const expectJsonError = async (res: Response, status: number, message: string | RegExp) => {
        expect(res.status).toBe(status);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('tus-resumable')).toBe('1.0.0');
        const body = (await res.json()) as Err;
        expect(Object.keys(body)).toEqual(['message']);
        if (typeof message === 'string') expect(body.message).toBe(message);
        else expect(body.message).toMatch(message);
      };
      // an upload that is not there (expired, or never was)
      await expectJsonError(
        await patch('/api/admin/uploads/nosuchupload', 0, Buffer.alloc(10)),
        404,
        'The upload was not found: it may have expired. Please send the file again.',
      );
      // bytes at an offset the server does not have
      const created = await createUpload(1000);
      const location = created.headers.get('location')!;
      await expectJsonError(
        await patch(location, 5, Buffer.alloc(10)),
        409,
        'The upload offset does not match what the server has: ask for it (HEAD) and go on from there.',
      );
      // no protocol version: tus's own check before any handler
      const noVersion = await fetch(app.url + location, {
        method: 'PATCH',
        headers: {
          cookie: admin.cookieHeader,
          'sec-fetch-site': 'same-origin',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(10),
      });
      await expectJsonError(noVersion, 412, 'The Tus-Resumable header is required (tus 1.0.0).');
      // a header tus refuses: its sentence, as JSON
      await expectJsonError(
        await admin.post('/api/admin/uploads', undefined, { ...TUS, 'upload-length': 'lots' }),
        400,
        /^Invalid upload-length/,
      );
      // the refusals made in our hooks keep their shape (the message and the field)
      const noQueue = await createUpload(1000, { filename: 'a.jpg', filetype: 'image/jpeg' });
      expect(noQueue.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await noQueue.json()).toEqual({
        message: 'queueId must be a UUID',
        errors: { queueId: 'queueId must be a UUID' },
      });
      // a success is tus's as before
      expect((await patch(location, 0, Buffer.alloc(10))).status).toBe(204);
    });

    it('sweeps an unfinished upload once it has expired', async () => {
      const created = await createUpload(5000);
      const location = created.headers.get('location')!;
      await patch(location, 0, Buffer.alloc(100, 1));
      const kept = await createUpload(5000);
      await patch(kept.headers.get('location')!, 0, Buffer.alloc(100, 1));
      await beganYesterday(uploadIdOf(location));
      expect(await app.modules.fieldUploads.sweepExpired()).toBeGreaterThanOrEqual(1);
      expect((await offsetOf(location)).status).toBe(404);
      expect(await leftOf(uploadIdOf(location))).toEqual([]);
      // a younger unfinished upload stays
      expect(await offsetOf(kept.headers.get('location')!)).toEqual({ status: 200, offset: 100 });
    });
  });

  describe('drafts', () => {
    it('a retried create with the same queue id makes one photo, sequential or at the same time', async () => {
      const file = await cameraJpeg(1200, 800);
      const queueId = randomUUID();
      const uploadId = await upload(file, { filename: 'DSC_0412.JPG', filetype: 'image/jpeg', queueId });
      const body = { queueId, uploadId, category: 'birds' };
      const first = await admin.json<PhotoDraft>(admin.post('/api/admin/photo-drafts', body), 201);
      expect(first.title).toBe('DSC 0412');
      const again = await admin.json<PhotoDraft>(admin.post('/api/admin/photo-drafts', body), 200);
      expect(again.id).toBe(first.id);

      const racing = randomUUID();
      const racingUpload = await upload(file, { filename: 'x.jpg', filetype: 'image/jpeg', queueId: racing });
      const answers = await Promise.all(
        [0, 1].map(() =>
          admin.post('/api/admin/photo-drafts', {
            queueId: racing,
            uploadId: racingUpload,
            category: 'birds',
            title: 'Race',
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
      const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as PhotoDraft).id));
      expect(ids[0]).toBe(ids[1]);
      expect(Number((await app.ctx.db('photos').where({ queue_id: racing }).count('* as n'))[0].n)).toBe(1);
    });

    it('titles a draft from XMP dc:title when EXIF names no title, before the EXIF caption', async () => {
      const xmp =
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt>' +
        '<rdf:li xml:lang="x-default">Heron &amp; the pike</rdf:li></rdf:Alt></dc:title></rdf:Description>' +
        '</rdf:RDF></x:xmpmeta>';
      const file = await sharp(await cameraJpeg(600, 400))
        .withExif({ IFD0: { ImageDescription: 'Shot from the dike at first light' } })
        .withXmp(xmp)
        .toBuffer();
      const queueId = randomUUID();
      const uploadId = await upload(file, { filename: 'DSC_0413.JPG', filetype: 'image/jpeg', queueId });
      const draft = await admin.json<PhotoDraft>(
        admin.post('/api/admin/photo-drafts', { queueId, uploadId, category: 'birds' }),
        201,
      );
      expect(draft.title).toBe('Heron & the pike');
    });

    it('answers 404 for an unknown upload, 409 for an unfinished one, 400 for an unknown category', async () => {
      const unknown = await admin.post('/api/admin/photo-drafts', {
        queueId: randomUUID(),
        uploadId: 'nope',
        category: 'birds',
      });
      expect(unknown.status).toBe(404);
      const created = await createUpload(1000);
      const location = created.headers.get('location')!;
      await patch(location, 0, Buffer.alloc(10));
      const half = await admin.post('/api/admin/photo-drafts', {
        queueId: randomUUID(),
        uploadId: uploadIdOf(location),
        category: 'birds',
      });
      expect(half.status).toBe(409);
      expect(((await half.json()) as Err).message).toBe('The upload is not finished yet.');
      const uploadId = await upload(await cameraJpeg(600, 400));
      const badCategory = await admin.post('/api/admin/photo-drafts', {
        queueId: randomUUID(),
        uploadId,
        category: 'nope',
      });
      expect(badCategory.status).toBe(400);
      expect(((await badCategory.json()) as Err).errors).toHaveProperty('category');
    });

    it('a corrupt file and a non-image fail alone with their message, nothing stored; the next file goes on', async () => {
      const before = { photos: await countRows(app, 'photos'), assets: await countRows(app, 'media_assets') };
      const good = await cameraJpeg(600, 400);
      const corrupt = good.subarray(0, Math.floor(good.length / 2)); // cut off: an incomplete file
      for (const [file, message] of [
        [
          Buffer.from('just some text, not a photo'),
          'The file is not a supported image (JPEG, PNG, WebP or AVIF).',
        ],
        [corrupt, 'The image could not be read: the file is damaged or incomplete.'],
      ] as const) {
        const uploadId = await upload(file);
        const res = await admin.post('/api/admin/photo-drafts', {
          queueId: randomUUID(),
          uploadId,
          category: 'birds',
        });
        expect(res.status).toBe(400);
        expect(((await res.json()) as Err).message).toBe(message);
        expect((await offsetOf(`/api/admin/uploads/${uploadId}`)).status).toBe(404);
      }
      expect({
        photos: await countRows(app, 'photos'),
        assets: await countRows(app, 'media_assets'),
      }).toEqual(before);
      const next = await upload(good);
      await admin.json(
        admin.post('/api/admin/photo-drafts', { queueId: randomUUID(), uploadId: next, category: 'birds' }),
        201,
      );
    });

    it('is on no public surface until published, then is', async () => {
      const queueId = randomUUID();
      const uploadId = await upload(await cameraJpeg(900, 600), {
        filename: 'kingfisher.jpg',
        filetype: 'image/jpeg',
        queueId,
      });
      const draft = await admin.json<PhotoDraft>(
        admin.post('/api/admin/photo-drafts', { queueId, uploadId, category: 'birds' }),
        201,
      );
      const visitor = app.client();
      const publicIds = async () =>
        ((await visitor.json<{ id: number }[]>(visitor.get('/api/photos'))) ?? []).map((p) => p.id);
      expect(await publicIds()).not.toContain(draft.id);
      expect((await visitor.get(`/api/photos/${draft.id}`)).status).toBe(404);
      // its image addresses too: ids are sequential, a guess must not find it
      const images = [`/api/photos/${draft.id}/image`, `/api/photos/${draft.id}/thumbnail?v=1`];
      for (const address of images) expect((await visitor.get(address)).status, address).toBe(404);
      expect(await (await visitor.get('/sitemap.xml')).text()).not.toContain(`/photo/${draft.id}`);
      expect(
        (await admin.json<{ id: number }[]>(admin.get('/api/admin/photos'))).map((p) => p.id),
      ).not.toContain(draft.id);
      expect(
        (await admin.json<PhotoDraft[]>(admin.get('/api/admin/photo-drafts'))).map((d) => d.id),
      ).toContain(draft.id);
      await admin.json(admin.get(`/api/admin/photos/${draft.id}`));

      const result = await admin.json<{ published: number[] }>(
        admin.post('/api/admin/photo-drafts/publish', { ids: [draft.id, 999999] }),
      );
      expect(result).toEqual({ published: [draft.id], notForSale: [] });
      expect(await publicIds()).toContain(draft.id);
      await visitor.json(visitor.get(`/api/photos/${draft.id}`));
      for (const address of images) expect((await visitor.get(address)).status, address).toBe(200);
      expect(await (await visitor.get('/sitemap.xml')).text()).toContain(`/photo/${draft.id}`);
      expect(
        (await admin.json<PhotoDraft[]>(admin.get('/api/admin/photo-drafts'))).map((d) => d.id),
      ).not.toContain(draft.id);
    });

    it('publishes a draft no print size fits as not for sale, and says which', async () => {
      // 4:3, and the catalogue has 3:2 sizes only
      const queueId = randomUUID();
      const uploadId = await upload(await cameraJpeg(800, 600), {
        filename: 'fox.jpg',
        filetype: 'image/jpeg',
        queueId,
      });
      const draft = await admin.json<PhotoDraft>(
        admin.post('/api/admin/photo-drafts', { queueId, uploadId, category: 'birds' }),
        201,
      );
      expect(draft).toMatchObject({ aspectRatio: '4:3', printOptionCount: 0 });
      const sized = await upload(await cameraJpeg(900, 600));
      const other = await admin.json<PhotoDraft>(
        admin.post('/api/admin/photo-drafts', { queueId: randomUUID(), uploadId: sized, category: 'birds' }),
        201,
      );
      expect(other.printOptionCount).toBe(1);
      const result = await admin.json(
        admin.post('/api/admin/photo-drafts/publish', { ids: [draft.id, other.id] }),
      );
      expect(result).toEqual({
        published: [draft.id, other.id].sort((a, b) => a - b),
        notForSale: [draft.id],
      });
      const visitor = app.client();
      expect(await visitor.json(visitor.get(`/api/photos/${draft.id}`))).toMatchObject({ printOptions: [] });
      expect(await visitor.json(visitor.get(`/api/photos/${draft.id}/item-options`))).toEqual([]);
    });

    it('a draft (no description) takes a species and a publish time without one', async () => {
      const queueId = randomUUID();
      const uploadId = await upload(await cameraJpeg(600, 400), {
        filename: 'owl.jpg',
        filetype: 'image/jpeg',
        queueId,
      });
      const draft = await admin.json<PhotoDraft>(
        admin.post('/api/admin/photo-drafts', { queueId, uploadId, category: 'birds' }),
        201,
      );
      expect(draft.description).toBe('');
      const publishAt = new Date(Date.now() + 3600_000).toISOString();
      // the JSON form with no description at all, then the admin form's multipart with a blank one
      const saved = await admin.json(
        admin.put(`/api/admin/photos/${draft.id}`, {
          title: draft.title,
          category: 'birds',
          speciesCommon: 'Barred Owl',
          publishAt,
        }),
      );
      expect(saved).toMatchObject({ description: '', speciesCommon: 'Barred Owl', publishAt });
      const form = new FormData();
      for (const [k, v] of Object.entries({ title: 'Owl', category: 'birds', description: '' }))
        form.set(k, v);
      expect(await admin.json(admin.put(`/api/admin/photos/${draft.id}`, form))).toMatchObject({
        title: 'Owl',
        description: '',
        speciesCommon: 'Barred Owl',
      });
    });

    it('tells the batch screen its limits', async () => {
      expect(await admin.json(admin.get('/api/admin/upload-limits'))).toEqual({
        fileBytes: 50 * 1024 * 1024,
        files: 50,
        batchBytes: 50 * 50 * 1024 * 1024,
        endpoint: '/api/admin/uploads',
      });
    });
  });
});
