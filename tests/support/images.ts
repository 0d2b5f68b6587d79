import sharp from 'sharp';

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

/** A PNG that claims 10000x10000 pixels (100 MP) but compresses to a few kilobytes. */
export function pixelFloodPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}

/** Text with a JPEG's magic bytes in front: disguised, not an image. */
export const disguisedJpeg = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from('<?php echo "not an image"; ?>'.repeat(20)),
  ]);
