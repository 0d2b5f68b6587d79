import sharp from 'sharp';
import zlib from 'node:zlib';

/** A small real JPEG (a gradient with a sun), optionally with EXIF including GPS. */
export async function makeJpeg(
  width = 1200,
  height = 800,
  opts: { gps?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#264653"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 3}" r="${Math.min(width, height) / 6}" fill="#ffd166"/></svg>`;
  let img = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (opts.gps)
    img = img.withExif({
      IFD0: { Make: 'TestCam', Model: 'T1', Artist: 'Secret Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 50/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '76/1 59/1 0/1',
      },
    });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toBuffer();
}

export const toDataUrl = (buf: Buffer, type = 'image/jpeg') =>
  `data:${type};base64,${buf.toString('base64')}`;

/** Text with a JPEG's magic bytes in front: disguised, not an image. */
export const disguisedJpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('<?php echo "not an image"; ?>'.repeat(20)),
  ]);

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a whole, valid PNG of `width` x `height` black pixels (1-bit grey) that
 * compresses to about a thousandth of its decoded rows. 30000 x 30000 is 900 megapixels in 110 kB.
 */
export function bombPng(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(width / 8); // a filter byte, then the bits
  const idat = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header declares `width` x `height` (what a decoder would allocate). */
export async function bombJpeg(width = 30_000, height = 30_000): Promise<Buffer> {
  const jpeg = Buffer.from(await makeJpeg(64, 64));
  // the baseline frame header: FF C0, length (2), precision (1), height (2), width (2)
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header');
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A camera-like JPEG of grain around one colour (no EXIF): encoders and the store get real detail. */
export function grainyJpeg(width: number, height: number, opts: { sigma: number; quality: number }) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#6a7f5a',
      noise: { type: 'gaussian', mean: 110, sigma: opts.sigma },
    },
  })
    .jpeg({ quality: opts.quality })
    .toBuffer();
}
