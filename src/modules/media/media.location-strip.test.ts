import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAMERA,
  PLACE_TEXTS,
  cameraTagsIn,
  locationTagsIn,
  gpsRationalBytes,
  makeLocatedImage,
  rawPixels,
  type LocatedFormat,
} from '../../../tests/support/located-images';
import { stripLocation } from './media.location-strip';
import { dropGpsIfd } from './media.location-tags';
import { cleanFile } from './media.originals';

const FORMATS: LocatedFormat[] = ['jpeg', 'png', 'webp', 'avif'];

describe.each(FORMATS)('stripLocation: %s', (format) => {
  it('leaves no GPS, no place text and no coordinates, and keeps pixels, orientation, ICC and camera tags', async () => {
    const input = await makeLocatedImage(format);
    // the fixture does carry its place
    expect(await locationTagsIn(input)).toEqual(expect.arrayContaining(['GPSLatitude', 'GPSLongitude']));

    const { data, changed } = stripLocation(Buffer.from(input), format); // JPEG, AVIF: edited in place
    expect(changed).toBe(true);

    expect(await locationTagsIn(data)).toEqual([]);
    for (const text of PLACE_TEXTS) expect(data.includes(text)).toBe(false);
    for (const coordinate of gpsRationalBytes()) expect(data.includes(coordinate)).toBe(false);

    const [before, after] = await Promise.all([sharp(input).metadata(), sharp(data).metadata()]);
    expect(after.orientation).toBe(before.orientation);
    expect(after.icc && Buffer.compare(after.icc, before.icc!)).toBe(0);
    expect(await cameraTagsIn(data)).toMatchObject({
      Make: CAMERA.Make,
      Model: CAMERA.Model,
      LensModel: CAMERA.LensModel,
      FNumber: 5.6,
    });
    const [a, b] = await Promise.all([rawPixels(input), rawPixels(data)]);
    expect(b.width).toBe(a.width);
    expect(b.pixels.equals(a.pixels)).toBe(true);
  });

  it('changes nothing in a file that names no place', async () => {
    const canvas = sharp({ create: { width: 32, height: 24, channels: 3, background: '#123456' } });
    const plain = await canvas[format]().withIccProfile('p3').toBuffer();
    const { data, changed } = stripLocation(plain, format);
    expect(changed).toBe(false);
    expect(data.equals(plain)).toBe(true);
  });

  it('is idempotent: a cleaned file is left as it is', async () => {
    const once = stripLocation(await makeLocatedImage(format), format).data;
    const twice = stripLocation(Buffer.from(once), format);
    expect(twice.changed).toBe(false);
    expect(twice.data.equals(once)).toBe(true);
  });
});

describe('JPEG specifics', () => {
  it('keeps the entropy-coded data byte for byte (only metadata segments change)', async () => {
    const input = await makeLocatedImage('jpeg');
    const { data } = stripLocation(Buffer.from(input), 'jpeg');
    expect(data.length).toBe(input.length); // edited in place: removed segments became zeroed comments
    const scan = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(data).equals(scan(input))).toBe(true);
  });

  it('cleans images appended after the first (an MPO preview or second frame) too', async () => {
    const [first, second] = await Promise.all([makeLocatedImage('jpeg'), makeLocatedImage('jpeg')]);
    const mpo = Buffer.concat([first, second]);
    const { data, changed } = stripLocation(mpo, 'jpeg');
    expect(changed).toBe(true);
    for (const coordinate of gpsRationalBytes()) expect(data.includes(coordinate)).toBe(false);
    for (const text of PLACE_TEXTS) expect(data.includes(text)).toBe(false);
  });

  it('keeps the IPTC datasets that name no place (caption, copyright)', async () => {
    const { data } = stripLocation(await makeLocatedImage('jpeg'), 'jpeg');
    const iptc = await exifr.parse(data, { iptc: true, tiff: false, exif: false, xmp: false, icc: false });
    expect(iptc).toMatchObject({ Caption: 'A barred owl at dawn', CopyrightNotice: '(c) Ada Marsh' });
    expect(iptc.City).toBeUndefined();
  });
});

describe('dropGpsIfd', () => {
  it('refuses a block it cannot follow rather than guessing', () => {
    const bad = Buffer.from('II*\0\xff\xff\0\0', 'latin1');
    expect(() => dropGpsIfd(bad)).toThrow();
  });
});

describe('an EXIF block that cannot be followed', () => {
  /** The located JPEG with its GPS pointer sent past the end of the EXIF block. */
  async function brokenGpsPointer(): Promise<Buffer> {
    const jpeg = Buffer.from(await makeLocatedImage('jpeg'));
    const tiff = jpeg.indexOf('Exif\0\0', 0, 'latin1') + 6;
    const ifd0 = tiff + jpeg.readUInt32LE(tiff + 4);
    for (let i = 0; i < jpeg.readUInt16LE(ifd0); i++) {
      const entry = ifd0 + 2 + 12 * i;
      if (jpeg.readUInt16LE(entry) === 0x8825) jpeg.writeUInt32LE(0x00ffff00, entry + 8);
    }
    return jpeg;
  }

  it('is dropped whole: no EXIF is left to hide a position', async () => {
    const { data, changed } = stripLocation(await brokenGpsPointer(), 'jpeg');
    expect(changed).toBe(true);
    expect((await sharp(data).metadata()).exif).toBeUndefined();
    for (const coordinate of gpsRationalBytes()) expect(data.includes(coordinate)).toBe(false);
  });

  it('makes the file refused when dropping it would lose the orientation', async () => {
    await expect(cleanFile(await brokenGpsPointer(), 'image/jpeg')).rejects.toThrow(/orientation/);
  });
});
