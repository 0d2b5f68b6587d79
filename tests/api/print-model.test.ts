import { NodeIO, getBounds } from '@gltf-transform/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 38, "View in your room": a print as a 3D model at its real size, built from a display
// variant (never the original), cached per photo and size, answered as model/gltf-binary; 404 for
// a missing photo, a size not offered on it, or a size without measurements.

let app: TestApp;
let photoId: number;
const option: Record<string, number> = {};
/** A landscape 3:2 photo: a size's sides are turned to it (an 8x12 hangs 12 wide). */
const PX = { width: 3000, height: 2000 };
const INCH = 0.0254;

async function addOption(size: string, format: string, assign = true) {
  const db = app.ctx.db;
  const [{ id }] = await db('print_options')
    .insert({ aspect_ratio: '3:2', size, format, price_cents: 5000, shipping_cents: 0 })
    .returning('id');
  if (assign) await db('photo_print_options').insert({ photo_id: photoId, print_option_id: id });
  return id as number;
}

const modelUrl = (photo: number, optionId: number, v = '') =>
  `${app.url}/api/photos/${photo}/print-model/${optionId}.glb${v}`;

async function readModel(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const doc = await new NodeIO().readBinary(bytes);
  const scene = doc.getRoot().getDefaultScene()!;
  const { min, max } = getBounds(scene);
  return { bytes, doc, size: { x: max[0] - min[0], y: max[1] - min[1], z: max[2] - min[2] } };
}

beforeAll(async () => {
  app = await createTestApp();
  const original = await sharp({
    create: { width: PX.width, height: PX.height, channels: 3, background: '#3a6b35' },
  })
    .jpeg()
    .toBuffer();
  const db = app.ctx.db;
  const [{ id: assetId }] = await db('media_assets')
    .insert({
      kind: 'photo',
      data: original,
      mime_type: 'image/jpeg',
      ...PX,
      byte_size: original.length,
      sha256: 'a'.repeat(64),
    })
    .returning('id');
  [{ id: photoId }] = await db('photos')
    .insert({ title: 'Heron at Dusk', original_id: assetId, aspect_ratio: '3:2' })
    .returning('id');
  option['8x12'] = await addOption('8x12', 'Lustre Paper');
  option['24x36'] = await addOption('24x36', 'Framed');
  option['30x45 cm'] = await addOption('30x45 cm', 'Canvas');
  option.A4 = await addOption('A4', 'Lustre Paper');
  option.elsewhere = await addOption('16x24', 'Lustre Paper', false);
});
afterAll(async () => {
  await app?.close();
});

describe('the print model', () => {
  it('is a panel the size of the print in metres, turned to the photo, within 1 mm', async () => {
    for (const [key, widthM, heightM] of [
      ['8x12', 12 * INCH, 8 * INCH],
      ['24x36', 36 * INCH, 24 * INCH],
      ['30x45 cm', 0.45, 0.3],
    ] as const) {
      const res = await fetch(modelUrl(photoId, option[key]!));
      expect(res.status, key).toBe(200);
      expect(res.headers.get('content-type')).toBe('model/gltf-binary');
      const { size } = await readModel(res);
      expect(Math.abs(size.x - widthM), key).toBeLessThan(0.001);
      expect(Math.abs(size.y - heightM), key).toBeLessThan(0.001);
      // a thin panel: a centimetre deep
      expect(size.z).toBeCloseTo(0.01, 4);
    }
  });

  it("shows the print's crop of a display variant on its face, as a JPEG", async () => {
    const { doc } = await readModel(await fetch(modelUrl(photoId, option['8x12']!)));
    const [texture] = doc.getRoot().listTextures();
    expect(texture!.getMimeType()).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(texture!.getImage()!)).metadata();
    // from the 1600 px variant, not the 3000 px original; 12x8 is the photo's own 3:2
    expect(meta.width).toBe(1600);
    expect(meta.width! / meta.height!).toBeCloseTo(12 / 8, 2);
  });

  it('is cached: the same bytes and ETag again, 304 on a match, a year immutable when versioned', async () => {
    const first = await fetch(modelUrl(photoId, option['24x36']!, '?v=3'));
    const again = await fetch(modelUrl(photoId, option['24x36']!, '?v=3'));
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const unversioned = await fetch(modelUrl(photoId, option['24x36']!));
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=300');
    const notModified = await fetch(modelUrl(photoId, option['24x36']!), {
      headers: { 'if-none-match': etag! },
    });
    expect(notModified.status).toBe(304);
    // another size is another model
    const other = await fetch(modelUrl(photoId, option['8x12']!));
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('is a 404 for a missing photo, a size not offered on the photo, or a size without measurements', async () => {
    const missingPhoto = await fetch(modelUrl(photoId + 1000, option['8x12']!));
    expect(missingPhoto.status).toBe(404);
    expect((await missingPhoto.json()).message).toBe('Photo not found.');
    const notOffered = await fetch(modelUrl(photoId, option.elsewhere!));
    expect(notOffered.status).toBe(404);
    expect((await notOffered.json()).message).toBe(
      `Print option ${option.elsewhere} is not offered for this photo.`,
    );
    const noSuchOption = await fetch(modelUrl(photoId, 999_999));
    expect(noSuchOption.status).toBe(404);
    const a4 = await fetch(modelUrl(photoId, option.A4!));
    expect(a4.status).toBe(404);
    expect((await a4.json()).message).toBe('The A4 print has no measurements to show at its size.');
    expect((await fetch(`${app.url}/api/photos/abc/print-model/1.glb`)).status).toBe(400);
  });
});
