import { readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import exifr from 'exifr';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRegistry } from '../../src/jobs';
import { createLicensedFiles, type LicensedDownload } from '../../src/modules/licences';
import { AppError } from '../../src/platform/http/app-error';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';
import type { HttpClient } from '../support/http-client';
import { toDataUrl } from '../support/images';
import { locationTagsIn, makeLocatedImage, PLACE_TEXTS } from '../support/located-images';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

// Issue 46, the licensed file: made once per (photo, size) from the stored original, sRGB, no place;
// each buyer's copy carries her rights and the licence's terms in XMP and IPTC, streamed with Range.

let app: TestApp;
let admin: HttpClient;
let server: http.Server;
let base: string;
let photo: CreatedPhoto;
const sizes = { small: 0, big: 0, full: 0 };

const rights = {
  creator: 'Dana Whitfield',
  copyrightNotice: '© 2026 Dana Whitfield, all rights reserved',
  creditLine: 'Zoë Whitfield Photography',
  rightsUrl: 'https://shop.example/about',
  dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
  aiCrawlersBlocked: false,
  aiCrawlerAgents: ['GPTBot'],
  watermark: {
    enabled: true,
    kind: 'text',
    text: '© Dana',
    position: 'bottom-right',
    widthShare: 0.3,
    opacity: 1,
    fromWidth: 0,
  },
};

const download = (sizeId: number, grantId = 'WL-7KQ3-M9XD-2PHT'): LicensedDownload => ({
  photoId: photo.id,
  sizeId,
  longEdgePx: null,
  fileName: `great-blue-heron-zoë-editorial-${grantId}.jpg`,
  grantId,
  usageTerms: `Editorial licence ${grantId}: one article or post, credit required. Licensee: The Marsh Gazette.`,
  verifyUrl: `https://shop.example/licences/verify/${grantId}`,
});

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  await admin.json(admin.put('/api/admin/rights', rights));
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
  // a camera's JPEG: GPS and place tags (stripped on upload), Display P3, orientation 6 (900x600 stored)
  photo = await addPhoto(admin, {}, await makeLocatedImage('jpeg', { width: 900, height: 600 }));
  const insert = async (label: string, long: number | null, position: number) =>
    (await app.ctx.db('download_sizes').insert({ label, long_edge_px: long, position }).returning('id'))[0]
      .id as number;
  sizes.small = await insert('Small, 320 px', 320, 10);
  sizes.big = await insert('Poster, 5000 px', 5000, 11);
  sizes.full = await insert('Full', null, 12);
  // the download route is another part's: `serve` behind a bare route, as it calls it
  const web = express();
  web.get('/dl/:size/:grant', async (req, res) => {
    try {
      await app.modules.licences.files.serve(req, res, download(Number(req.params.size), req.params.grant));
    } catch (err) {
      res.status(err instanceof AppError ? err.status : 500).json({ error: (err as Error).message });
    }
  });
  server = web.listen(0, '127.0.0.1');
  // a slow step between requests must not meet a kept-alive socket the server is closing
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.close();
  await app?.close();
});

const get = (sizeId: number, headers: Record<string, string> = {}, grant = 'WL-7KQ3-M9XD-2PHT') =>
  fetch(`${base}/dl/${sizeId}/${grant}`, { headers });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const fileRow = (sizeId: number) =>
  app.ctx.db('licensed_files').where({ photo_id: photo.id, download_size_id: sizeId }).first();
const storedFile = async (sizeId: number) =>
  readFile(path.join(app.ctx.config.DATA_DIR, 'media', (await fileRow(sizeId)).storage_key));
const text = (v: unknown) => String((v as { value?: string })?.value ?? v).replace(/&amp;/g, '&');
const utf8 = (v: unknown) => Buffer.from(String(v), 'latin1').toString('utf8');

describe('a licensed file', () => {
  it('is sRGB, turned, at full resolution, with her rights and the licence and no place', async () => {
    const res = await get(sizes.full);
    expect(res.status).toBe(200);
    const copy = await bytesOf(res);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(res.headers.get('content-length'))).toBe(copy.length);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="great-blue-heron-zoe-editorial-WL-7KQ3-M9XD-2PHT.jpg"; ` +
        `filename*=UTF-8''great-blue-heron-zo%C3%AB-editorial-WL-7KQ3-M9XD-2PHT.jpg`,
    );

    const meta = await sharp(copy).metadata();
    expect([meta.width, meta.height]).toEqual([600, 900]); // orientation 6 applied: the original's size
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.space).toBe('srgb');
    // the sRGB profile sharp embeds, not the original's Display P3
    const profileOf = async (icc: 'srgb' | 'p3') =>
      (
        await sharp(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
            .withIccProfile(icc)
            .jpeg()
            .toBuffer(),
        ).metadata()
      ).icc!;
    expect(meta.icc).toEqual(await profileOf('srgb'));
    expect(meta.icc).not.toEqual(await profileOf('p3'));
    expect(await locationTagsIn(copy)).toEqual([]);
    for (const t of PLACE_TEXTS) expect(copy.toString('latin1')).not.toContain(t);

    const x = await exifr.parse(copy, { xmp: true, iptc: true, gps: true, mergeOutput: false });
    expect(x.gps).toBeUndefined();
    expect(text(x.dc.creator)).toBe('Dana Whitfield');
    expect(text(x.dc.rights)).toBe(rights.copyrightNotice);
    expect(text(x.photoshop.Credit)).toBe(rights.creditLine);
    expect(text(x.xmpRights.UsageTerms)).toBe(download(sizes.full).usageTerms);
    expect(text(x.xmpRights.WebStatement)).toBe('https://shop.example/licences/verify/WL-7KQ3-M9XD-2PHT');
    expect(JSON.stringify(x.plus)).toContain('WL-7KQ3-M9XD-2PHT');
    expect(utf8(x.iptc.Byline)).toBe('Dana Whitfield');
    expect(utf8(x.iptc.CopyrightNotice)).toBe(rights.copyrightNotice);
    expect(utf8(x.iptc.Credit)).toBe(rights.creditLine);

    // the stored pixels, byte for byte: its head, the rights, then the rest of the stored file
    const row = await fileRow(sizes.full);
    const stored = await storedFile(sizes.full);
    expect(Number(row.bytes)).toBe(stored.length);
    expect([row.width, row.height]).toEqual([600, 900]);
    expect(row.body_offset).toBeGreaterThanOrEqual(2);
    expect(copy.subarray(0, row.body_offset)).toEqual(stored.subarray(0, row.body_offset));
    expect(copy.subarray(copy.length - (stored.length - row.body_offset))).toEqual(
      stored.subarray(row.body_offset),
    );
    // the watermark she lays on display sizes is never on a licensed file: no stamp in the pixels
    expect(stored.toString('latin1')).not.toMatch(/Dana/);
    // never under the store's public prefixes
    expect(row.storage_key).toMatch(
      new RegExp(`^licensed/${photo.id}/${sizes.full}-\\d+-[0-9a-f]{16}\\.jpg$`),
    );
  });

  it('is scaled to the size long edge, never up', async () => {
    const small = await sharp(await bytesOf(await get(sizes.small))).metadata();
    expect([small.width, small.height]).toEqual([213, 320]);
    const big = await sharp(await bytesOf(await get(sizes.big))).metadata();
    expect([big.width, big.height]).toEqual([600, 900]);
  });

  it('resumes with Range, refuses a range past its end and answers If-Range of another copy whole', async () => {
    const whole = await bytesOf(await get(sizes.full));
    const first = await get(sizes.full, { range: 'bytes=0-999' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-999/${whole.length}`);
    expect(first.headers.get('content-length')).toBe('1000');
    const rest = await get(sizes.full, { range: 'bytes=1000-' });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([await bytesOf(first), await bytesOf(rest)])).toEqual(whole);
    // ranges inside the head, across its edges, and a suffix
    for (const [a, b] of [
      [0, 1],
      [1, 30],
      [5, 400],
      [300, 5000],
    ]) {
      const part = await get(sizes.full, { range: `bytes=${a}-${b}` });
      expect(await bytesOf(part), `${a}-${b}`).toEqual(whole.subarray(a, b + 1));
    }
    const tail = await get(sizes.full, { range: 'bytes=-500' });
    expect(await bytesOf(tail)).toEqual(whole.subarray(whole.length - 500));

    const past = await get(sizes.full, { range: `bytes=${whole.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    expect((await bytesOf(past)).length).toBe(0);

    const etag = first.headers.get('etag')!;
    const same = await get(sizes.full, { range: 'bytes=10-19', 'if-range': etag });
    expect(same.status).toBe(206);
    expect(await bytesOf(same)).toEqual(whole.subarray(10, 20));
    const other = await get(sizes.full, { range: 'bytes=10-19', 'if-range': '"another"' });
    expect(other.status).toBe(200);
    expect(await bytesOf(other)).toEqual(whole);
    // another grant: another copy (its own rights head and ETag), the same stored pixels
    const theirs = await get(sizes.full, {}, 'WL-AAAA-BBBB-CCCC');
    expect(theirs.headers.get('etag')).not.toBe(etag);
    expect((await bytesOf(theirs)).toString('latin1')).toContain('WL-AAAA-BBBB-CCCC');
  });

  it('is made once when two processes ask at the same time, and again for a new original', async () => {
    const size = (
      await app.ctx
        .db('download_sizes')
        .insert({ label: 'Twice', long_edge_px: 500, position: 13 })
        .returning('id')
    )[0].id as number;
    // a second process's service: its own in-process map, the same database and store
    const other = createLicensedFiles(app.ctx, {
      media: app.modules.media,
      catalog: app.modules.catalog,
      rights: app.modules.rights,
      jobs: createAppJobRegistry(),
    });
    await Promise.all([app.modules.licences.files.ensure(photo.id, size), other.ensure(photo.id, size)]);
    const dir = path.join(app.ctx.config.DATA_DIR, 'media', 'licensed', String(photo.id));
    const made = (await readdir(dir)).filter((f) => f.startsWith(`${size}-`));
    expect(made).toHaveLength(1);
    const before = await fileRow(size);
    expect(before.storage_key).toContain(made[0]);

    // her new original for the photo: the next ask makes the file again from it, the old file goes
    const detail = await admin.json<Record<string, unknown>>(admin.get(`/api/admin/photos/${photo.id}`));
    const newer = await sharp({ create: { width: 400, height: 800, channels: 3, background: '#305070' } })
      .jpeg()
      .toBuffer();
    await admin.json(
      admin.put(`/api/admin/photos/${photo.id}`, {
        title: detail.title,
        description: detail.description,
        category: detail.category,
        aspectRatio: detail.aspectRatio,
        imageData: toDataUrl(newer),
        imageType: 'image/jpeg',
      }),
    );
    await app.modules.licences.files.ensure(photo.id, size);
    const after = await fileRow(size);
    expect(after.source_asset_id).not.toBe(before.source_asset_id);
    expect([after.width, after.height]).toEqual([250, 500]);
    expect((await readdir(dir)).filter((f) => f.startsWith(`${size}-`))).toEqual([
      path.basename(after.storage_key),
    ]);
  });

  it('is made again when its file is gone from the store (a store moved without it)', async () => {
    const first = await get(sizes.small);
    expect(first.status).toBe(200);
    const before = await fileRow(sizes.small);
    await rm(path.join(app.ctx.config.DATA_DIR, 'media', before.storage_key));
    const res = await get(sizes.small);
    expect(res.status).toBe(200);
    const after = await fileRow(sizes.small);
    expect(after.storage_key).not.toBe(before.storage_key);
    expect((await bytesOf(res)).subarray(-100)).toEqual((await storedFile(sizes.small)).subarray(-100));
  });

  it('is made by the licences/make-file job when queued, once', async () => {
    const size = (
      await app.ctx
        .db('download_sizes')
        .insert({ label: 'Queued', long_edge_px: 400, position: 14 })
        .returning('id')
    )[0].id as number;
    await app.startWorkers();
    await app.modules.licences.files.queueMake(photo.id, size);
    const row = await eventually(() => fileRow(size));
    expect(Math.max(row.width, row.height)).toBe(400);
    const madeAt = row.made_at;
    await app.modules.licences.files.queueMake(photo.id, size); // made: nothing queued
    expect((await fileRow(size)).made_at).toEqual(madeAt);
  });
});
