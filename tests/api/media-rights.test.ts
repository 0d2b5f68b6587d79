import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageFormatFiles } from '../../src/contract';
import { addPhoto, type CreatedPhoto } from '../support/catalog-fixtures';
import type { HttpClient } from '../support/http-client';
import { makeJpeg } from '../support/images';
import { createTestApp, eventually, type TestApp } from '../support/test-app';

// Issue 50, her rights in every file: each served variant carries creator, notice, credit, rights
// page, data mining and title (XMP; IIM in JPEG), never a place; a change is written into new
// files at new addresses in the background; the optional watermark from a width.

/** Her rights settings as the admin saves them (PUT /api/admin/rights), changed as tests go. */
const said = {
  creator: 'Dana Whitfield ©',
  copyrightNotice: '© 2026 Dana Whitfield ©',
  creditLine: 'Zoë Whitfield Photography',
  rightsUrl: 'https://shop.example/about',
  dataMining: 'DMI-PROHIBITED-AIMLTRAINING',
  aiCrawlersBlocked: false,
  aiCrawlerAgents: ['GPTBot'],
  watermark: {
    enabled: false,
    kind: 'text',
    text: '© Dana',
    position: 'bottom-right',
    widthShare: 0.3,
    opacity: 1,
    fromWidth: 1080,
  },
};
const saveRights = () => admin.json(admin.put('/api/admin/rights', said));

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
  await saveRights();
  await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
  await app.startWorkers();
});
afterAll(async () => {
  await app?.close();
});

const bytesAt = async (url: string) => {
  const res = await app.client().get(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
/** exifr leaves XML's entities and reads IIM as Latin-1 (ours is UTF-8, 1:90 says so). */
const text = (v: unknown) => String((v as { value?: string })?.value ?? v).replace(/&amp;/g, '&');
const utf8 = (v: unknown) => Buffer.from(String(v), 'latin1').toString('utf8');

/**
 * What a served file says of her rights, read with exifr; an AVIF's XMP as libvips finds it (exifr
 * reads none from AVIF), handed to exifr in a JPEG.
 */
async function rightsIn(data: Buffer, jpeg: boolean) {
  const meta = await sharp(data).metadata();
  expect(meta.exif).toBeUndefined();
  expect(data.toString('latin1')).not.toMatch(/GPSLatitude|exif:GPS|photoshop:City|LocationCreated/);
  const readable =
    meta.format === 'heif'
      ? await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
          .withXmp(meta.xmp!.toString('utf8'))
          .jpeg()
          .toBuffer()
      : data;
  const x = await exifr.parse(readable, { xmp: true, iptc: jpeg, gps: true, mergeOutput: false });
  expect(x?.gps).toBeUndefined();
  const read = {
    creator: text(x.dc.creator),
    notice: text(x.dc.rights),
    title: x.dc.title ? text(x.dc.title) : null,
    credit: text(x.photoshop.Credit),
    url: text(x.xmpRights.WebStatement),
    dataMining: text(x.plus.DataMining),
  };
  if (jpeg) {
    expect(utf8(x.iptc.Byline)).toBe(read.creator);
    expect(utf8(x.iptc.CopyrightNotice)).toBe(read.notice);
    expect(utf8(x.iptc.Credit)).toBe(read.credit);
  }
  return read;
}

const photoFiles = async (id: number) => {
  const listed = await app.client().json<CreatedPhoto[]>(app.client().get('/api/photos'));
  return listed.find((p) => p.id === id)!.files as ImageFormatFiles[];
};
const assetOf = async (photoId: number): Promise<number> =>
  (await app.ctx.db('photos').where({ id: photoId }).first()).original_id;
const assetRow = (id: number) => app.ctx.db('media_assets').where({ id }).first();

/** Saves her settings; done once the photo's addresses (cached answers cleared) name `revision`. */
async function restampAll(revision: number) {
  await saveRights();
  await eventually(async () => {
    const pending = await app.ctx.db('media_assets').whereNotNull('restamp_wanted_at').count({ n: '*' });
    return Number(pending[0].n) === 0;
  }, 25_000);
  return eventually(async () => {
    const files = await photoFiles(photo.id);
    return files[0].thumbnail.endsWith(`/thumb.r${revision}.avif`) && files;
  });
}

let photo: CreatedPhoto;
let assetId: number;

describe('her rights in every file', () => {
  it('are in every variant of a photo and of the logo, with no place', async () => {
    photo = await addPhoto(admin, { title: 'Heron at dawn — Zoë' }, await makeJpeg(1200, 800, { gps: true }));
    assetId = await assetOf(photo.id);
    await eventually(async () => (await assetRow(assetId))?.variants_ready_at);
    const files = await photoFiles(photo.id);
    expect(files.map((f) => f.type)).toEqual(['image/avif', 'image/jpeg']);
    for (const f of files)
      for (const url of [f.thumbnail, ...f.display.map((d) => d.url)])
        expect(await rightsIn(await bytesAt(url), f.type === 'image/jpeg'), url).toEqual({
          creator: 'Dana Whitfield ©',
          notice: '© 2026 Dana Whitfield ©',
          title: 'Heron at dawn — Zoë',
          credit: 'Zoë Whitfield Photography',
          url: 'https://shop.example/about',
          dataMining: 'http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING',
        });
    expect((await assetRow(assetId)).stamp_key).toMatch(/^[0-9a-f]{64}$/);

    const form = new FormData();
    const logoPng = await sharp({
      create: { width: 900, height: 300, channels: 4, background: { r: 40, g: 90, b: 60, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    form.append('logo', new Blob([new Uint8Array(logoPng)], { type: 'image/png' }), 'logo.png');
    await admin.json(admin.post('/api/admin/logo', form));
    const logo = await app.client().json<{ files: ImageFormatFiles[] }>(app.client().get('/api/logo'));
    expect(logo.files.map((f) => f.type)).toEqual(['image/avif', 'image/png']);
    for (const f of logo.files)
      for (const url of [f.thumbnail, ...f.display.map((d) => d.url)]) {
        const read = await rightsIn(await bytesAt(url), false);
        expect(read, url).toMatchObject({ creator: 'Dana Whitfield ©', title: null });
      }
  });

  it('are written again after a change, at new addresses; the old ones keep answering', async () => {
    const before = await photoFiles(photo.id);
    const keyBefore = (await assetRow(assetId)).stamp_key;
    said.copyrightNotice = '© 2027 Dana Whitfield, all rights reserved';
    const after = await restampAll(1);
    expect(after[0].display[0].url).toBe(`/media/${assetId}/640.r1.avif`);
    expect(after[1].thumbnail).toBe(`/media/${assetId}/thumb.r1.jpg`);
    for (const f of after)
      for (const url of [f.thumbnail, ...f.display.map((d) => d.url)])
        expect((await rightsIn(await bytesAt(url), f.type === 'image/jpeg')).notice, url).toBe(
          said.copyrightNotice,
        );
    // the old address: the current file (same picture, her rights as they are now)
    const old = await bytesAt(before[1].display[0].url);
    expect((await rightsIn(old, true)).notice).toBe(said.copyrightNotice);
    expect((await app.client().get(`/media/${assetId}/640.r9.avif`)).status).toBe(404);
    const row = await assetRow(assetId);
    expect(row.variants_revision).toBe(1);
    expect(row.stamp_key).not.toBe(keyBefore);
    const retired = await app.ctx.db('media_variants').where({ asset_id: assetId, revision: 0 });
    expect(retired.length).toBeGreaterThan(0);
    expect(retired.every((v) => v.retired_at)).toBe(true);
    const progress = await admin.json(admin.get('/api/admin/media/restamp-progress'));
    expect(progress).toEqual({
      pending: 0,
      total: Number((await app.ctx.db('media_assets').count({ n: '*' }))[0].n),
    });
    expect((await app.client().get('/api/admin/media/restamp-progress')).status).toBe(401);
  });

  it('puts the watermark on display sizes from its width, not below, nor on print files', async () => {
    // revision 1, without a watermark: its bytes now (its addresses answer with the current files later)
    const before = await photoFiles(photo.id);
    const unmarked = await Promise.all(
      before.map(async (f) => ({
        thumb: await bytesAt(f.thumbnail),
        display: await Promise.all(f.display.map((d) => bytesAt(d.url))),
      })),
    );
    said.watermark.enabled = true;
    const marked = await restampAll(2);
    expect(marked[1].display[1].url).toBe(`/media/${assetId}/1080.r2.jpg`);
    /** Mean absolute difference of the bottom-right tenth of two pictures of the same size. */
    const cornerDiff = async (a: Buffer, b: Buffer) => {
      const corner = async (d: Buffer) => {
        const { width, height } = await sharp(d).metadata();
        const box = { left: Math.round(width * 0.6), top: Math.round(height * 0.8) };
        return sharp(d)
          .extract({ ...box, width: width - box.left, height: height - box.top })
          .removeAlpha()
          .raw()
          .toBuffer();
      };
      const [x, y] = await Promise.all([corner(a), corner(b)]);
      let sum = 0;
      for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
      return sum / x.length;
    };
    for (const f of [0, 1]) {
      // 1080: marked; 640 and the thumbnail: as before
      const at = (i: number) => bytesAt(marked[f].display[i].url);
      expect(await cornerDiff(await at(1), unmarked[f].display[1])).toBeGreaterThan(3);
      expect(await cornerDiff(await at(0), unmarked[f].display[0])).toBeLessThan(0.5);
      expect(await cornerDiff(await bytesAt(marked[f].thumbnail), unmarked[f].thumb)).toBeLessThan(0.5);
    }
    // the print file (a crop, encoded from the original): no mark
    const print = await app.modules.media.printFile(assetId, { left: 0, top: 0, width: 1200, height: 600 });
    const original = await sharp(await makeJpeg(1200, 800)).extract({
      left: 0,
      top: 0,
      width: 1200,
      height: 600,
    });
    expect(await cornerDiff(print!.data, await original.jpeg().toBuffer())).toBeLessThan(3);
  });

  it('are remade after a worker died mid-batch: the sweeper queues the job again', async () => {
    // a change whose run marked the asset and died before its job ran (Redis lost it): only
    // Postgres knows (the settings row changed, the asset marked, no job queued)
    await app.ctx.db('rights_settings').update({ credit_line: 'Whitfield Wildlife', updated_at: new Date() });
    await app.ctx
      .db('media_assets')
      .where({ id: assetId })
      .update({ restamp_wanted_at: app.ctx.db.fn.now() });
    const revision = (await assetRow(assetId)).variants_revision;
    expect(await app.modules.media.sweepMissingVariants()).toBeGreaterThan(0);
    await eventually(async () => (await assetRow(assetId)).restamp_wanted_at === null, 25_000);
    expect((await assetRow(assetId)).variants_revision).toBe(revision + 1);
    const files = await photoFiles(photo.id);
    const read = await rightsIn(await bytesAt(files[1].display[0].url), true);
    expect(read.credit).toBe('Whitfield Wildlife');
  });
});
