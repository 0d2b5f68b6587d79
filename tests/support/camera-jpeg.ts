import sharp from 'sharp';

/** The EXIF a camera writes, with a GPS position the shop must never read or serve. */
export const CAMERA_EXIF = {
  IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6_2', Artist: 'Ada Marsh' },
  IFD2: {
    DateTimeOriginal: '2024:05:17 06:12:40',
    LensModel: 'NIKKOR Z 100-400mm f/4.5-5.6 VR S',
    FocalLength: '400/1',
    FNumber: '56/10',
    ExposureTime: '1/1000',
    ISOSpeedRatings: '800',
  },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '38/1 50/1 1234/100',
    GPSLongitudeRef: 'W',
    GPSLongitude: '76/1 59/1 4321/100',
  },
};
/** What a GPS position looks like in any text we might serve. */
// the position in degrees (38.8368, -76.9953), precise enough that no file size or ratio matches
export const GPS_TRACES = [/GPS/i, /latitude/i, /longitude/i, /38\.83/, /76\.99/];

/**
 * A camera-like JPEG: `width` x `height` with CAMERA_EXIF (including GPS). `noise` makes it as
 * big as a real camera file (a 4000x2667 noisy JPEG is about 12.5 MB at quality 98).
 */
export async function makeCameraJpeg(
  width = 4000,
  height = 2667,
  opts: { noise?: boolean; quality?: number } = {},
): Promise<Buffer> {
  const base = opts.noise
    ? sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#406080',
          noise: { type: 'gaussian', mean: 128, sigma: 90 },
        },
      })
    : sharp({ create: { width, height, channels: 3, background: { r: 60, g: 110, b: 90 } } });
  return base
    .jpeg({ quality: opts.quality ?? (opts.noise ? 98 : 80) })
    .withExif(CAMERA_EXIF)
    .toBuffer();
}
