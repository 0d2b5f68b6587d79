import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { startFakeLumaprints, type FakeLumaprints } from '../support/fake-lumaprints';
import { freePort } from '../support/redis-server';
import { customer, fillCart, testCard } from '../support/shop-data';
import type { HttpClient } from '../support/http-client';
import { cropFor, type CropBox } from '../../src/shared/print-crop';

// Issue 39, crop to the print: a size whose ratio differs from the photo's is printed from a crop
// of the original at the print's ratio around the size's focal point, at full resolution and in
// one high-quality encode; the lab and the owner's own printing get the same file; the photo page
// is told each size's crop; the resolution guard counts the crop's pixels.

let app: TestApp;
let lab: FakeLumaprints;
let admin: HttpClient;
let original: Buffer;
/** The marsh photo (3000 x 2000, 3:2) and its sizes. */
let marsh: { photoId: number; assetId: number };
const size = { '8x10': 0, '8x12': 0, '16x20': 0, '5x7': 0 };
const PX = { width: 3000, height: 2000 };

/**
 * A 3:2 original whose every region differs from its neighbours (gradients both ways, a grid of
 * coloured discs), so a crop taken from the wrong place does not match; with a Display P3 profile.
 */
async function patternJpeg(): Promise<Buffer> {
  const discs: string[] = [];
  for (let x = 100; x < PX.width; x += 200)
    for (let y = 100; y < PX.height; y += 200)
      discs.push(
        `<circle cx="${x}" cy="${y}" r="${40 + ((x + y) % 60)}" fill="hsl(${(x * 7 + y * 3) % 360},80%,50%)"/>`,
      );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PX.width}" height="${PX.height}">
    <defs>
      <linearGradient id="h" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#f00"/></linearGradient>
      <linearGradient id="v" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#0f0" stop-opacity="0"/><stop offset="1" stop-color="#0f0"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#h)"/><rect width="100%" height="100%" fill="url(#v)"/>
    ${discs.join('')}</svg>`;
  return sharp(Buffer.from(svg)).withIccProfile('p3').jpeg({ quality: 92 }).toBuffer();
}

/** Mean absolute difference per channel between two images' decoded pixels (same size). */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all(
    [a, b].map((x) => sharp(x).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect([pa!.info.width, pa!.info.height]).toEqual([pb!.info.width, pb!.info.height]);
  let sum = 0;
  for (let i = 0; i < pa!.data.length; i++) sum += Math.abs(pa!.data[i]! - pb!.data[i]!);
  return sum / pa!.data.length;
}

/** The same box cut from the original by sharp directly: what the print must show. */
const expected = (box: CropBox) => sharp(original).rotate().extract(box).png().toBuffer();

/** The lab's address of a size's print file and the bytes it answers. */
async function labFile(printOptionId: number, inches: { widthIn: number; heightIn: number }) {
  const file = await app.modules.fulfillment.service.printFile(
    { photoId: marsh.photoId, printOptionId },
    inches,
  );
  const res = await fetch(file.url);
  expect(res.status).toBe(200);
  return { ...file, res, data: Buffer.from(await res.arrayBuffer()) };
}

/** Turns Lumaprints on. */
async function enableLab() {
  return admin.json(
    admin.put('/api/admin/lab/lumaprints', {
      enabled: true,
      sandbox: true,
      apiKey: lab.credentials.apiKey,
      apiSecret: lab.credentials.apiSecret,
      settings: { storeId: lab.store.storeId },
      shippingMethod: 'default',
      productionTime: 'regular',
      holdMinutes: 600,
      minMarginPercent: 0,
    }),
  );
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  lab = await startFakeLumaprints();
  app = await createTestApp({
    LUMAPRINTS_API_BASE: lab.url,
    PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
  });
  await app.startWorkers();
  admin = await app.admin();
  original = await patternJpeg();
  const db = app.ctx.db;
  const [{ id: assetId }] = await db('media_assets')
    .insert({
      kind: 'photo',
      data: original,
      mime_type: 'image/jpeg',
      ...PX,
      byte_size: original.length,
      sha256: sha(original),
    })
    .returning('id');
  const [{ id: photoId }] = await db('photos')
    .insert({ title: 'Marsh at First Light', original_id: assetId, aspect_ratio: '3:2' })
    .returning('id');
  marsh = { photoId, assetId };
  for (const s of Object.keys(size) as (keyof typeof size)[]) {
    const [{ id }] = await db('print_options')
      .insert({
        aspect_ratio: '3:2',
        size: s,
        format: 'Archival Matte',
        price_cents: 9000,
        shipping_cents: 0,
      })
      .returning('id');
    await db('photo_print_options').insert({ photo_id: photoId, print_option_id: id });
    size[s] = id;
  }
  await enableLab();
  // the lab makes 8x10, 8x12 and 16x20; the owner prints 5x7 herself
  for (const [s, widthIn, heightIn] of [
    ['8x10', 8, 10],
    ['8x12', 8, 12],
    ['16x20', 16, 20],
  ] as const)
    await admin.json(
      admin.put(`/api/admin/lab/products/${size[s]}`, {
        provider: 'lumaprints',
        productId: '103001',
        widthIn,
        heightIn,
      }),
    );
});
afterAll(async () => {
  await app?.close();
  await lab?.close();
});

describe('the file a lab prints from', () => {
  it('cuts a 3:2 original sold as 8x10 to the print ratio at full resolution, centred on the focal point', async () => {
    const box = cropFor(PX, { widthIn: 8, heightIn: 10 });
    expect(box).toEqual({ left: 250, top: 0, width: 2500, height: 2000 });
    const file = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
    expect(file.url).toMatch(
      new RegExp(`/api/lab-files/p/${marsh.photoId}/${size['8x10']}/\\d+/[\\w-]+/print\\.jpg$`),
    );
    // the sides follow the crop: a landscape crop prints 10 wide
    expect([file.widthIn, file.heightIn]).toEqual([10, 8]);
    expect(file.res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect(file.res.headers.get('cache-control')).toBe('no-store');
    const meta = await sharp(file.data).metadata();
    expect([meta.width, meta.height]).toEqual([2500, 2000]);
    expect(meta.width! / meta.height!).toBeCloseTo(10 / 8, 3);
    // one high-quality encode: no colour subsampling, the original's colour profile kept
    expect(meta.chromaSubsampling).toBe('4:4:4');
    expect(meta.icc && sha(meta.icc)).toBe(sha((await sharp(original).metadata()).icc!));
    // the pixels are the centred box's; a box 250 px off (the left edge) is visibly another picture
    expect(await meanDifference(file.data, await expected(box))).toBeLessThan(1.5);
    const offCentre = { ...box, left: 0 };
    expect(await meanDifference(file.data, await expected(offCentre))).toBeGreaterThan(10);
  });

  it('is made once and kept: the lab fetching again gets the same bytes', async () => {
    const first = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
    const again = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
    expect(sha(again.data)).toBe(sha(first.data));
    const kept = await app.ctx.db('media_print_files').where({ asset_id: marsh.assetId });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ crop_left: 250, crop_top: 0, crop_width: 2500, crop_height: 2000 });
  });

  it('sends the original as it is when the print has the photo’s ratio', async () => {
    const file = await labFile(size['8x12'], { widthIn: 8, heightIn: 12 });
    expect([file.widthIn, file.heightIn]).toEqual([12, 8]);
    expect(sha(file.data)).toBe(sha(original));
  });

  it('moves with the owner’s crop of that size, and back to the focal point when she resets it', async () => {
    const path = `/api/admin/photos/${marsh.photoId}/crops/${size['8x10']}`;
    const moved = await admin.json<{ printOptions: { id: number; crop: unknown }[] }>(
      admin.put(path, { x: 0, y: 50 }),
    );
    expect(moved.printOptions.find((o) => o.id === size['8x10'])?.crop).toEqual({
      x: 0,
      y: 50,
      custom: true,
    });
    const box = cropFor(PX, { widthIn: 8, heightIn: 10 }, { x: 0, y: 50 });
    expect(box.left).toBe(0);
    const file = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
    expect(await meanDifference(file.data, await expected(box))).toBeLessThan(1.5);
    // the buyer's page is told the same crop
    const publicPhoto = await app
      .client()
      .json<{ printOptions: { id: number; crop: unknown }[] }>(
        app.client().get(`/api/photos/${marsh.photoId}`),
      );
    expect(publicPhoto.printOptions.find((o) => o.id === size['8x10'])?.crop).toEqual({
      x: 0,
      y: 50,
      custom: true,
    });

    const reset = await admin.json<{ printOptions: { id: number; crop: unknown }[] }>(admin.delete(path));
    expect(reset.printOptions.find((o) => o.id === size['8x10'])?.crop).toEqual({
      x: 50,
      y: 50,
      custom: false,
    });
    const centred = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
    expect(
      await meanDifference(centred.data, await expected(cropFor(PX, { widthIn: 8, heightIn: 10 }))),
    ).toBeLessThan(1.5);
  });

  it('follows the photo’s focal point, both halves', async () => {
    await app.ctx.db('photos').where({ id: marsh.photoId }).update({ horizontal_position: 90 });
    try {
      const box = cropFor(PX, { widthIn: 8, heightIn: 10 }, { x: 90, y: 50 });
      expect(box.left).toBe(500); // as far right as the image allows
      const file = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
      expect(await meanDifference(file.data, await expected(box))).toBeLessThan(1.5);
      const publicPhoto = await app
        .client()
        .json<{ horizontalPosition: number }>(app.client().get(`/api/photos/${marsh.photoId}`));
      expect(publicPhoto.horizontalPosition).toBe(90);
    } finally {
      await app.ctx.db('photos').where({ id: marsh.photoId }).update({ horizontal_position: 50 });
    }
  });

  it('takes the focal point’s horizontal half in photo writes, kept when a write leaves it out', async () => {
    const [category] = await app.ctx.db('categories').pluck('name');
    const fields = { title: 'Marsh at First Light', description: '', category: category ?? 'birds' };
    if (!category) await app.ctx.db('categories').insert({ name: 'birds', display_name: 'Birds' });
    const path = `/api/admin/photos/${marsh.photoId}`;
    try {
      const saved = await admin.json<{ horizontalPosition: number }>(
        admin.put(path, { ...fields, horizontalPosition: 30 }),
      );
      expect(saved.horizontalPosition).toBe(30);
      // the spec's client knows nothing of it: its save keeps the stored one
      expect(
        (await admin.json<{ horizontalPosition: number }>(admin.put(path, fields))).horizontalPosition,
      ).toBe(30);
      const bad = await admin.json<{ errors: Record<string, string> }>(
        admin.put(path, { ...fields, horizontalPosition: 101 }),
        400,
      );
      expect(bad.errors).toMatchObject({
        horizontalPosition: 'Horizontal position must be between 0 and 100',
      });
    } finally {
      await app.ctx.db('photos').where({ id: marsh.photoId }).update({ horizontal_position: 50 });
    }
  });

  it('refuses a crop out of range or of a size the photo is not offered in, changing nothing', async () => {
    const path = `/api/admin/photos/${marsh.photoId}/crops/${size['8x10']}`;
    const bad = await admin.json<{ errors: Record<string, string> }>(admin.put(path, { x: 120, y: 50 }), 400);
    expect(bad.errors).toMatchObject({ x: 'x must be between 0 and 100' });
    const [{ id: other }] = await app.ctx
      .db('print_options')
      .insert({ aspect_ratio: '3:2', size: '11x14', format: 'Lustre', price_cents: 5000, shipping_cents: 0 })
      .returning('id');
    await admin.json(admin.put(`/api/admin/photos/${marsh.photoId}/crops/${other}`, { x: 10, y: 10 }), 404);
    expect(await app.ctx.db('photo_print_crops').where({ photo_id: marsh.photoId })).toHaveLength(0);
    expect((await app.client().put(path, { x: 10, y: 10 })).status).toBe(401);
  });

  it('refuses a wrong signature, an expired address or another file name', async () => {
    const file = await app.modules.fulfillment.service.printFile(
      { photoId: marsh.photoId, printOptionId: size['8x10'] },
      { widthIn: 8, heightIn: 10 },
    );
    expect((await fetch(file.url.replace(/\/([\w-]+)\/print\.jpg$/, '/AAAA$1/print.jpg'))).status).toBe(404);
    expect((await fetch(file.url.replace(/print\.jpg$/, 'print.png'))).status).toBe(404);
    // another size's signature does not open this one
    expect((await fetch(file.url.replace(`/${size['8x10']}/`, `/${size['8x12']}/`))).status).toBe(404);
    const past = await app.modules.fulfillment.service.printFile(
      { photoId: marsh.photoId, printOptionId: size['8x10'] },
      { widthIn: 8, heightIn: 10 },
      Date.now() - 15 * 86_400_000,
    );
    expect((await fetch(past.url)).status).toBe(404);
  });
});

describe('other originals', () => {
  /** Stores a photo with one 8x10 size; returns its ids. */
  async function photoOf(data: Buffer, mimeType: string, px: { width: number; height: number }) {
    const db = app.ctx.db;
    const [{ id: assetId }] = await db('media_assets')
      .insert({ kind: 'photo', data, mime_type: mimeType, ...px, byte_size: data.length, sha256: sha(data) })
      .returning('id');
    const [{ id: photoId }] = await db('photos')
      .insert({ title: 'Turned', original_id: assetId, aspect_ratio: '2:3' })
      .returning('id');
    await db('photo_print_options').insert({ photo_id: photoId, print_option_id: size['5x7'] });
    return { photoId, assetId };
  }
  const fileOf = async (photoId: number) => {
    const file = await app.modules.fulfillment.service.printFile(
      { photoId, printOptionId: size['5x7'] },
      { widthIn: 5, heightIn: 7 },
    );
    const res = await fetch(file.url);
    expect(res.status).toBe(200);
    return { ...file, type: res.headers.get('content-type'), data: Buffer.from(await res.arrayBuffer()) };
  };

  it('turns an original by its EXIF orientation before cutting (the box is in the turned pixels)', async () => {
    // stored 1500 x 1000, tagged to be shown turned a quarter: a 1000 x 1500 portrait
    const turned = await sharp(original)
      .resize(1500, 1000)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const { photoId } = await photoOf(turned, 'image/jpeg', { width: 1000, height: 1500 });
    const box = cropFor({ width: 1000, height: 1500 }, { widthIn: 5, heightIn: 7 });
    const file = await fileOf(photoId);
    expect([file.widthIn, file.heightIn]).toEqual([5, 7]);
    const meta = await sharp(file.data).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([box.width, box.height, 1]);
    expect(
      await meanDifference(file.data, await sharp(turned).rotate().extract(box).png().toBuffer()),
    ).toBeLessThan(1.5);
  });

  it('keeps a PNG original lossless: its crop is a PNG with the very pixels', async () => {
    const png = await sharp(original).resize(1000, 1500, { fit: 'fill' }).png().toBuffer();
    const { photoId } = await photoOf(png, 'image/png', { width: 1000, height: 1500 });
    const file = await fileOf(photoId);
    expect(file.url).toMatch(/\/print\.png$/);
    expect(file.type).toBe('image/png');
    const box = cropFor({ width: 1000, height: 1500 }, { widthIn: 5, heightIn: 7 });
    expect(await meanDifference(file.data, await sharp(png).extract(box).png().toBuffer())).toBe(0);
  });
});

describe('the resolution guard', () => {
  it('does not offer a lab size whose crop lacks the pixels, and says why', async () => {
    // 16x20 at the lab's 150 ppi needs 3000 x 2400; the 5:4 crop of 3000 x 2000 has 2500 x 2000
    const publicPhoto = await app
      .client()
      .json<{ printOptions: { id: number }[] }>(app.client().get(`/api/photos/${marsh.photoId}`));
    const offered = publicPhoto.printOptions.map((o) => o.id);
    expect(offered).toContain(size['8x10']);
    expect(offered).not.toContain(size['16x20']);
    const c = app.client();
    // nor can it be bought
    expect(
      (await c.post('/api/cart', { photoId: marsh.photoId, printOptionId: size['16x20'], quantity: 1 }))
        .status,
    ).toBe(400);
    const sizes = await admin.json<{
      sizes: { printOptionId: number; offered: boolean; note: string | null }[];
    }>(admin.get(`/api/admin/photos/${marsh.photoId}/print-sizes`));
    expect(sizes.sizes.find((s) => s.printOptionId === size['16x20'])).toMatchObject({
      offered: false,
      note: 'Hidden from buyers: the lab needs 3000 × 2400 px at 150 ppi; its crop of the photo has 2500 × 2000.',
    });
  });
});

describe('the owner’s download in Order Details', () => {
  let orderId: number;
  let lines: { id: number; printOptionId: number }[];

  beforeAll(async () => {
    const c = app.client();
    await fillCart(c, [
      { photoId: marsh.photoId, printOptionId: size['8x10'], quantity: 1 },
      { photoId: marsh.photoId, printOptionId: size['5x7'], quantity: 1 },
    ]);
    const address = { line1: '1 Marsh Road', city: 'Cambridge', state: 'MD', zip: '21613' };
    const quote = await c.json<{ total: number }>(
      c.post('/api/checkout/quote', { address: { state: 'MD' } }),
    );
    const placed = await c.json<{ orderId: number; total: number }>(
      c.post('/api/checkout', { ...customer, address, totalAmount: quote.total }),
      201,
    );
    orderId = placed.orderId;
    const { clientSecret } = await c.json<{ clientSecret: string }>(
      c.post('/api/create-payment-intent', { orderId, amount: placed.total }),
    );
    await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
    await eventually(
      async () => (await app.ctx.db('orders').where({ id: orderId }).first()).status === 'paid',
    );
    lines = (
      await app.ctx
        .db('order_line_items')
        .where({ order_id: orderId })
        .orderBy('id')
        .select('id', 'print_option_id')
    ).map((l: { id: number; print_option_id: number }) => ({ id: l.id, printOptionId: l.print_option_id }));
  });

  it('sends the lab line’s file as an attachment, the same bytes the lab gets', async () => {
    const line = lines.find((l) => l.printOptionId === size['8x10'])!;
    const res = await admin.get(`/api/admin/orders/${orderId}/lines/${line.id}/print-file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/jpeg/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename=order-${orderId}-line-${line.id}-10x8.jpg`,
    );
    const data = Buffer.from(await res.arrayBuffer());
    const labs = await labFile(size['8x10'], { widthIn: 8, heightIn: 10 });
    expect(sha(data)).toBe(sha(labs.data));
  });

  it('cuts a line the owner prints herself to its size too (5x7 from its size text)', async () => {
    const line = lines.find((l) => l.printOptionId === size['5x7'])!;
    const res = await admin.get(`/api/admin/orders/${orderId}/lines/${line.id}/print-file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename=order-${orderId}-line-${line.id}-7x5.jpg`,
    );
    const data = Buffer.from(await res.arrayBuffer());
    const box = cropFor(PX, { widthIn: 5, heightIn: 7 });
    const meta = await sharp(data).metadata();
    expect([meta.width, meta.height]).toEqual([box.width, box.height]);
    expect(await meanDifference(data, await expected(box))).toBeLessThan(1.5);
  });

  it('needs the admin session, and answers 404 for a line of another order', async () => {
    const line = lines[0]!;
    expect((await app.client().get(`/api/admin/orders/${orderId}/lines/${line.id}/print-file`)).status).toBe(
      401,
    );
    expect((await admin.get(`/api/admin/orders/${orderId}/lines/${line.id + 1000}/print-file`)).status).toBe(
      404,
    );
  });
});
