import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  dominantColor,
  etagMatches,
  formatBytes,
  pickFormat,
  pickWidth,
  planDisplayWidths,
  planVariants,
  variantFileName,
  parseVariantFileName,
  sniffFormat,
  thumbSize,
  variantFor,
} from './media.rules';
import { createByteCache } from './media.http';

describe('media rules', () => {
  it('plans display widths without upscaling, and at least one for a small image', () => {
    expect(planDisplayWidths(6000)).toEqual([640, 1080, 1600, 2400]);
    expect(planDisplayWidths(1200)).toEqual([640, 1080]);
    expect(planDisplayWidths(500)).toEqual([500]);
  });

  it('fits thumbnails inside 400x300 and never enlarges them', () => {
    expect(thumbSize(6000, 4000)).toEqual({ width: 400, height: 267 });
    expect(thumbSize(4000, 6000)).toEqual({ width: 200, height: 300 });
    expect(thumbSize(200, 100)).toEqual({ width: 200, height: 100 });
  });

  it('picks the smallest width at or above the request, 1080 by default, else the largest', () => {
    expect(pickWidth([640, 1080, 1600, 2400], 700)).toBe(1080);
    expect(pickWidth([640, 1080, 1600, 2400], undefined)).toBe(1080);
    expect(pickWidth([640, 1080], 5000)).toBe(1080);
    expect(pickWidth([640, 1080], 1)).toBe(640);
  });

  it('serves AVIF where Accept allows it and JPEG otherwise (WebP is not made), honouring q=0', () => {
    expect(pickFormat('image/avif,image/webp,*/*')).toBe('avif');
    expect(pickFormat('image/webp,*/*')).toBe('jpeg');
    expect(pickFormat('image/avif;q=0,image/webp')).toBe('jpeg');
    expect(pickFormat(undefined)).toBe('jpeg');
  });

  it('recognises images by their bytes, not their names', () => {
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFormat(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBe('png');
    expect(sniffFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp');
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypmif1\0\0\0\0mif1avif', 4, 'latin1');
    expect(sniffFormat(ftyp)).toBe('avif');
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF89a'))).toBeNull();
  });

  it('plans AVIF at every width and JPEG to 1600 px, and only thumbnails for a custom thumbnail', () => {
    const names = (vs: ReturnType<typeof planVariants>) => vs.map(variantFileName);
    expect(names(planVariants('photo', 6000, 4000))).toEqual([
      'thumb.avif',
      '640.avif',
      '1080.avif',
      '1600.avif',
      '2400.avif',
      'thumb.jpg',
      '640.jpg',
      '1080.jpg',
      '1600.jpg',
    ]);
    expect(names(planVariants('photo', 500, 800))).toEqual([
      'thumb.avif',
      '500.avif',
      'thumb.jpg',
      '500.jpg',
    ]);
    expect(planDisplayWidths(2000, 'jpeg')).toEqual([640, 1080, 1600]);
    expect(planVariants('thumbnail', 800, 600).map((v) => v.kind)).toEqual(['thumb', 'thumb']);
    // a logo may be transparent: its fallback is PNG, never JPEG on a white box
    expect(names(planVariants('logo', 900, 300))).toEqual(['thumb.avif', '640.avif', 'thumb.png', '640.png']);
    expect(variantFor({ kind: 'logo', width: 900, height: 300 }, 'display', 640, 'jpeg').format).toBe('png');
    expect(variantFor({ kind: 'thumbnail', width: 800, height: 600 }, 'display', 1080, 'jpeg')).toMatchObject(
      {
        kind: 'thumb',
        width: 400,
      },
    );
    // the negotiated address asks JPEG for 2400 px: the largest JPEG there is
    expect(variantFor({ kind: 'photo', width: 6000, height: 4000 }, 'display', 2400, 'jpeg').width).toBe(
      1600,
    );
  });

  it('names each variant file once, and reads back only names it makes', () => {
    expect(variantFileName({ kind: 'display', width: 1080, format: 'avif' })).toBe('1080.avif');
    expect(variantFileName({ kind: 'thumb', width: 400, format: 'jpeg' })).toBe('thumb.jpg');
    expect(variantFileName({ kind: 'display', width: 1080, format: 'avif', revision: 0 })).toBe('1080.avif');
    expect(variantFileName({ kind: 'display', width: 1080, format: 'avif', revision: 2 })).toBe(
      '1080.r2.avif',
    );
    expect(variantFileName({ kind: 'thumb', width: 400, format: 'jpeg', revision: 2 })).toBe('thumb.r2.jpg');
    expect(parseVariantFileName('1080.avif')).toEqual({
      kind: 'display',
      width: 1080,
      format: 'avif',
      revision: 0,
    });
    expect(parseVariantFileName('thumb.jpg')).toEqual({
      kind: 'thumb',
      width: null,
      format: 'jpeg',
      revision: 0,
    });
    expect(parseVariantFileName('640.png')).toEqual({
      kind: 'display',
      width: 640,
      format: 'png',
      revision: 0,
    });
    expect(parseVariantFileName('640.r12.png')).toEqual({
      kind: 'display',
      width: 640,
      format: 'png',
      revision: 12,
    });
    expect(parseVariantFileName('thumb.r1.jpg')).toEqual({
      kind: 'thumb',
      width: null,
      format: 'jpeg',
      revision: 1,
    });
    for (const bad of [
      '1080.webp',
      '1080.jpeg',
      '0640.avif',
      'thumb.avif.jpg',
      '../1.avif',
      '1080',
      '',
      '1080.r0.avif',
      '1080.r.avif',
      '1080.r01.avif',
    ])
      expect(parseVariantFileName(bad), bad).toBeNull();
  });

  it('compares ETags weakly and formats byte limits for messages', () => {
    expect(etagMatches('W/"abc", "def"', '"abc"')).toBe(true);
    expect(etagMatches('"x"', '"abc"')).toBe(false);
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
  });
});

describe('image byte cache', () => {
  it('evicts the least recently used bytes past its size and refuses very large items', () => {
    const cache = createByteCache(80);
    cache.set('a', Buffer.alloc(10));
    cache.set('b', Buffer.alloc(10));
    cache.get('a'); // a is now the most recently used
    for (const k of ['c', 'd', 'e', 'f', 'g', 'h', 'i']) cache.set(k, Buffer.alloc(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(80);
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).toBeUndefined();
  });
});

/** An upload's 64-pixel check thumbnail, as prepareOriginal makes it. */
async function thumbOf(image: Sharp) {
  const input = await image.png().toBuffer();
  return sharp(input)
    .resize(64, 64, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** A 64x64 image of `base` with a band of `top`, `topHeight` rows high, across its top. */
const twoColours = (base: string, top: string, topHeight: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: base } }).composite([
    { input: { create: { width: 64, height: topHeight, channels: 3, background: top } }, top: 0, left: 0 },
  ]);

describe('dominantColor', () => {
  const images: [string, () => Sharp][] = [
    [
      'grain',
      () =>
        sharp({
          create: {
            width: 300,
            height: 200,
            channels: 3,
            background: '#4a7040',
            noise: { type: 'gaussian', mean: 110, sigma: 40 },
          },
        }),
    ],
    ['solid', () => sharp({ create: { width: 80, height: 60, channels: 3, background: '#c83214' } })],
    ['two colours, one larger', () => twoColours('#203040', '#f0e0d0', 20)],
    ['two colours, equal halves', () => twoColours('#10f010', '#f01010', 32)],
    [
      'transparent',
      () =>
        sharp({
          create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
        }),
    ],
  ];
  for (const [name, make] of images)
    it(`finds the colour sharp's stats find: ${name}`, async () => {
      const { data, info } = await thumbOf(make());
      const { dominant } = await sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      }).stats();
      expect(dominantColor(data, info.channels)).toEqual(dominant);
    });
});
