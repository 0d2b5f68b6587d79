import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageFormatFiles } from '../../src/contract';
import { createMediaModuleForScripts, createMediaStore } from '../../src/modules/media';
import { addPhoto, startCatalogApp, type CreatedPhoto } from '../support/catalog-fixtures';
import type { HttpClient } from '../support/http-client';
import { makeJpeg, toDataUrl } from '../support/images';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { up as leanVariantSet } from '../../migrations/20261125040000_lean_variant_set';

// Issue 27, CDN-ready addresses: every photo's image as files, one address per format and width
// (`/media/{asset}/{width}.avif`), each one file cached for a year; the spec's negotiated
// addresses keep working beside them.

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  ({ app, admin } = await startCatalogApp());
});
afterAll(async () => {
  await app?.close();
});

const filesOf = (p: CreatedPhoto) => p.files as ImageFormatFiles[];
const assetOf = async (photoId: number) =>
  (await app.ctx.db('photos').where({ id: photoId }).first()) as {
    original_id: number;
    custom_thumbnail_id: number | null;
  };

describe('media file addresses', () => {
  it('lists AVIF then JPEG, each width the original allows, under /media/{asset}', async () => {
    const photo = await addPhoto(admin, { title: 'Heron files' }); // 1200 x 800
    const { original_id: id } = await assetOf(photo.id);
    const listed = await app.client().json<CreatedPhoto[]>(app.client().get('/api/photos'));
    const files = filesOf(listed.find((p) => p.id === photo.id)!);
    expect(files).toEqual([
      {
        type: 'image/avif',
        thumbnail: `/media/${id}/thumb.avif`,
        display: [
          { width: 640, url: `/media/${id}/640.avif` },
          { width: 1080, url: `/media/${id}/1080.avif` },
        ],
      },
      {
        type: 'image/jpeg',
        thumbnail: `/media/${id}/thumb.jpg`,
        display: [
          { width: 640, url: `/media/${id}/640.jpg` },
          { width: 1080, url: `/media/${id}/1080.jpg` },
        ],
      },
    ]);
  });

  it('answers each address with that one file: its format and width, a year of caching, no Vary', async () => {
    const photo = await addPhoto(admin, { title: 'Heron bytes' });
    const c = app.client();
    for (const f of filesOf(photo))
      for (const { width, url } of [...f.display, { width: 400, url: f.thumbnail }]) {
        // whatever the browser says it accepts: the address names the format
        const res = await c.get(url, { accept: 'image/webp,*/*' });
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toBe(f.type);
        expect(res.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('vary'), url).toBeNull();
        expect(res.headers.get('content-encoding'), url).toBeNull();
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.width, url).toBe(width);
        expect(meta.format, url).toBe(f.type === 'image/avif' ? 'heif' : 'jpeg');
        expect(meta.exif, url).toBeUndefined();
        const again = await c.get(url, { 'if-none-match': res.headers.get('etag')! });
        expect(again.status, url).toBe(304);
      }
  });

  it('makes a file on demand before the variants job ran, stores it once and queues the job', async () => {
    const photo = await addPhoto(admin, { title: 'Fresh files' });
    const { original_id: id } = await assetOf(photo.id);
    const rows = () => app.ctx.db('media_variants').where({ asset_id: id }).select('kind', 'width', 'format');
    expect(await rows()).toEqual([]);
    const [first, second] = await Promise.all([
      app.client().get(`/media/${id}/640.avif`),
      app.client().get(`/media/${id}/640.avif`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('etag')).toBe(second.headers.get('etag'));
    expect(await rows()).toEqual([{ kind: 'display', width: 640, format: 'avif' }]);
    // queued when the upload was stored (no worker runs here), before its row existed
    expect((await app.ctx.queues.get('media').getJob(`variants-${id}`))?.data).toMatchObject({ assetId: id });
  });

  it('refuses any name its image does not have: other widths, WebP, originals, unknown assets', async () => {
    const photo = await addPhoto(admin, {
      title: 'Egret files',
      thumbnailData: toDataUrl(await makeJpeg(300, 300)),
      thumbnailType: 'image/jpeg',
    });
    const { original_id: id, custom_thumbnail_id: thumbId } = await assetOf(photo.id);
    expect(thumbId).not.toBeNull();
    // the custom thumbnail is the photo's thumbnail file
    expect(filesOf(photo).map((f) => f.thumbnail)).toEqual([
      `/media/${thumbId}/thumb.avif`,
      `/media/${thumbId}/thumb.jpg`,
    ]);
    const c = app.client();
    expect((await c.get(`/media/${thumbId}/thumb.jpg`)).status).toBe(200);
    for (const url of [
      `/media/${id}/2400.avif`, // wider than the 1200 px original
      `/media/${id}/1600.jpg`,
      `/media/${id}/700.avif`, // not a planned width
      `/media/${id}/640.webp`,
      `/media/${id}/640.jpeg`,
      `/media/${id}/original.jpg`,
      `/media/${id}/0640.avif`,
      `/media/${thumbId}/640.avif`, // a custom thumbnail has thumbnails only
      `/media/999999/640.avif`,
    ]) {
      const res = await c.get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('cache-control') ?? '', url).not.toContain('immutable');
    }
    expect((await c.get(`/media/abc/640.avif`)).status).toBe(400);
    // nothing was made for the names refused
    const made = await app.ctx.db('media_variants').where({ asset_id: id }).pluck('width');
    expect(made.filter((w) => w === 2400 || w === 700)).toEqual([]);
  });

  it('keeps the negotiated addresses working: AVIF, else JPEG at the nearest planned width', async () => {
    const photo = await addPhoto(admin, { title: 'Old address' }, await makeJpeg(3000, 2000));
    const c = app.client();
    const width = async (accept: string, w: number) => {
      const res = await c.get(`${photo.imageUrl}&w=${w}`, { accept });
      return [
        res.headers.get('content-type'),
        (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width,
      ];
    };
    expect(await width('image/avif,image/webp,*/*', 2400)).toEqual(['image/avif', 2400]);
    // JPEG stops at 1600 px; a browser without AVIF asking for 2400 gets the largest JPEG
    expect(await width('image/webp,*/*', 2400)).toEqual(['image/jpeg', 1600]);
    expect(await width('image/jpeg', 700)).toEqual(['image/jpeg', 1080]);
  });
});

describe('PUBLIC_MEDIA_URL', () => {
  it('puts the media host in the addresses once the variants exist, and in the page policy', async () => {
    const shop = await createTestApp({ PUBLIC_MEDIA_URL: 'https://media.example.test/variants/' });
    try {
      const owner = await shop.admin();
      await owner.json(owner.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
      const photo = await addPhoto(owner, { title: 'On the CDN' });
      const { original_id: id } = (await shop.ctx.db('photos').where({ id: photo.id }).first()) as {
        original_id: number;
      };
      // before its variants exist the shop answers itself (it makes a missing file; a bucket cannot)
      expect(filesOf(photo)[0].display[0].url).toBe(`/media/${id}/640.avif`);
      await shop.modules.media.makeVariants(id);
      const again = await shop.client().json<CreatedPhoto>(shop.client().get(`/api/photos/${photo.id}`));
      expect(filesOf(again)[0].display[0].url).toBe(`https://media.example.test/variants/${id}/640.avif`);
      expect(filesOf(again)[1].thumbnail).toBe(`https://media.example.test/variants/${id}/thumb.jpg`);
      // not public yet (scheduled): the owner's previews come from the shop, where her session goes
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const edit = { title: 'On the CDN', category: 'birds', publishAt: later };
      await owner.json(owner.put(`/api/admin/photos/${photo.id}`, edit));
      const mine = await owner.json<CreatedPhoto>(owner.get(`/api/admin/photos/${photo.id}`));
      expect(filesOf(mine)[0].display[0].url).toBe(`/media/${id}/640.avif`);
      const res = await shop.client().get('/');
      expect(res.headers.get('content-security-policy')).toMatch(
        /img-src [^;]*https:\/\/media\.example\.test/,
      );
    } finally {
      await shop.close();
    }
  });
});

describe('npm run media:migrate and earlier file names', () => {
  it('moves a variant stored under an earlier name to its address name, bytes checked', async () => {
    const photo = await addPhoto(admin, { title: 'Renamed' });
    const { original_id: id } = await assetOf(photo.id);
    await app.modules.media.makeVariants(id);
    const store = createMediaStore(app.ctx.config);
    const row = await app.ctx
      .db('media_variants')
      .where({ asset_id: id, kind: 'display', width: 640, format: 'avif' })
      .first();
    const bytes = (await store.get(row.storage_key))!;
    // as the first media-store release named it
    await store.put(`variants/${id}/display-640.avif`, bytes, 'image/avif');
    await store.delete([row.storage_key]);
    await app.ctx
      .db('media_variants')
      .where({ id: row.id })
      .update({ storage_key: `variants/${id}/display-640.avif` });

    const media = createMediaModuleForScripts(app.ctx);
    expect(await media.countToMove()).toBe(1);
    await eventually(
      async () => (await media.moveBytesToStore(25)) === 0 && (await media.countToMove()) === 0,
    );
    const moved = await app.ctx.db('media_variants').where({ id: row.id }).first();
    expect(moved.storage_key).toBe(`variants/${id}/640.avif`);
    expect((await store.get(moved.storage_key))!.equals(bytes)).toBe(true);
    const res = await app.client().get(`/media/${id}/640.avif`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('the leaner variant set on an existing shop', () => {
  it('drops the WebP variants and the JPEG wider than 1600 px, and keeps the rest', async () => {
    const photo = await addPhoto(admin, { title: 'Before the lean set' }, await makeJpeg(3000, 2000));
    const { original_id: id } = await assetOf(photo.id);
    await app.modules.media.makeVariants(id);
    // what the earlier set also had (the bytes are still in the database, as before the media store)
    const old = (kind: string, width: number, format: string) => ({
      asset_id: id,
      kind,
      width,
      height: Math.round((width * 2) / 3),
      format,
      data: Buffer.from('old variant'),
      byte_size: 11,
      etag: `old-${kind}-${width}-${format}`,
    });
    await app.ctx
      .db('media_variants')
      .insert([old('thumb', 400, 'webp'), old('display', 640, 'webp'), old('display', 2400, 'jpeg')]);
    await leanVariantSet(app.ctx.db);
    const left = await app.ctx
      .db('media_variants')
      .where({ asset_id: id })
      .orderBy(['format', 'kind', 'width'])
      .select('kind', 'width', 'format');
    expect(left.map((v) => `${v.kind}-${v.width}.${v.format}`)).toEqual([
      'display-640.avif',
      'display-1080.avif',
      'display-1600.avif',
      'display-2400.avif',
      'thumb-400.avif',
      'display-640.jpeg',
      'display-1080.jpeg',
      'display-1600.jpeg',
      'thumb-400.jpeg',
    ]);
  });

  it("drops a logo's JPEG files (it may be transparent) and has its PNG ones made", async () => {
    const png = await sharp({
      create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const logo = await app.modules.media.ingest(png, { kind: 'logo', maxBytes: 5 * 1024 * 1024 });
    await app.modules.media.makeVariants(logo.id);
    await app.ctx.db('media_variants').insert({
      asset_id: logo.id,
      kind: 'display',
      width: 640,
      height: 213,
      format: 'jpeg',
      data: Buffer.from('a white box'),
      byte_size: 11,
      etag: 'old-logo-jpeg',
    });
    await leanVariantSet(app.ctx.db);
    const formats = await app.ctx
      .db('media_variants')
      .where({ asset_id: logo.id })
      .distinct()
      .pluck('format');
    expect(formats.sort()).toEqual(['avif', 'png']);
    expect((await app.ctx.db('media_assets').where({ id: logo.id }).first()).variants_ready_at).toBeNull();
    // the fallback file keeps the transparency
    const res = await app.client().get(`/media/${logo.id}/thumb.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).hasAlpha).toBe(true);
  });
});
