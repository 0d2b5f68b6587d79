import exifr from 'exifr';
import sharp from 'sharp';

/** The place a test photo was taken: as EXIF GPS, in XMP and IPTC text. */
export const PLACE = {
  lat: '38/1 50/1 1234/100', // 38° 50' 12.34" N
  lon: '76/1 59/1 4321/100', // 76° 59' 43.21" W
  city: 'Cambridge',
  sublocation: 'Wildlife Drive pullout 3',
  state: 'Maryland',
};
/** Texts that give the place away: none may be in a stored original. */
export const PLACE_TEXTS = [PLACE.city, PLACE.sublocation, PLACE.state, 'GPSLatitude', 'LocationCreated'];

/** The GPS rationals as they sit in a little-endian TIFF block (38/1, 50/1, 1234/100; then 76/1...). */
export function gpsRationalBytes(): Buffer[] {
  const rational = (n: number, d: number) => {
    const b = Buffer.alloc(8);
    b.writeUInt32LE(n, 0);
    b.writeUInt32LE(d, 4);
    return b;
  };
  return [
    Buffer.concat([rational(38, 1), rational(50, 1), rational(1234, 100)]),
    Buffer.concat([rational(76, 1), rational(59, 1), rational(4321, 100)]),
  ];
}

export const PLACE_XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
  xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
  xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
  xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  exif:GPSLatitude="38,50.2057N" exif:GPSLongitude="76,59.7202W"
  photoshop:City="${PLACE.city}" photoshop:State="${PLACE.state}" photoshop:Country="USA"
  Iptc4xmpCore:Location="${PLACE.sublocation}" Iptc4xmpCore:CountryCode="US">
 <Iptc4xmpExt:LocationCreated><rdf:Bag><rdf:li rdf:parseType="Resource">
  <Iptc4xmpExt:City>${PLACE.city}</Iptc4xmpExt:City></rdf:li></rdf:Bag></Iptc4xmpExt:LocationCreated>
 <dc:creator><rdf:Seq><rdf:li>Ada Marsh</rdf:li></rdf:Seq></dc:creator>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

export const CAMERA = { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6_2', LensModel: 'NIKKOR Z 100-400mm' };

export type LocatedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/**
 * A photo carrying its place every way a camera or an editor writes it: EXIF GPS (with the camera's
 * make, model and lens), XMP location fields, orientation 6 and a Display P3 ICC profile; a JPEG
 * also gets an IPTC block naming the city, sublocation and state. Noise makes the pixels worth
 * comparing.
 */
export async function makeLocatedImage(
  format: LocatedFormat,
  size = { width: 96, height: 64 },
): Promise<Buffer> {
  const base = sharp({
    create: {
      ...size,
      channels: 3,
      background: '#406080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  });
  const encoded = await base[format](format === 'jpeg' ? { quality: 90 } : undefined)
    .withIccProfile('p3')
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: CAMERA.Make, Model: CAMERA.Model },
      IFD2: { LensModel: CAMERA.LensModel, DateTimeOriginal: '2025:05:14 06:12:40', FNumber: '56/10' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: PLACE.lat,
        GPSLongitudeRef: 'W',
        GPSLongitude: PLACE.lon,
      },
    })
    .withXmp(PLACE_XMP)
    .toBuffer();
  return format === 'jpeg' ? withIptc(encoded) : encoded;
}

/** An IPTC IIM dataset: 0x1C, record, dataset, length, value. */
function iim(record: number, dataset: number, value: string): Buffer {
  const v = Buffer.from(value, 'utf8');
  const head = Buffer.from([0x1c, record, dataset, 0, 0]);
  head.writeUInt16BE(v.length, 3);
  return Buffer.concat([head, v]);
}

/** A Photoshop 3.0 APP13 with an IPTC block (a caption, the city, sublocation, state, country) after SOI. */
export function withIptc(jpeg: Buffer): Buffer {
  const data = Buffer.concat([
    iim(2, 0, '\u0000\u0004'),
    iim(2, 120, 'A barred owl at dawn'),
    iim(2, 90, PLACE.city),
    iim(2, 92, PLACE.sublocation),
    iim(2, 95, PLACE.state),
    iim(2, 101, 'United States'),
    iim(2, 116, '(c) Ada Marsh'),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(data.length);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0, 0]), // id 0x0404, empty name padded to even
    size,
    data,
    Buffer.alloc(data.length % 2),
  ]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  const head = Buffer.from([0xff, 0xed, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, payload, jpeg.subarray(2)]);
}

/** Decoded pixels as stored (no rotation applied, no colour conversion): equal means lossless. */
export async function rawPixels(data: Buffer) {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return { pixels, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Every location tag a reader finds in an image, whatever its format: exifr on the file (JPEG,
 * PNG) and on the EXIF block libvips extracts (WebP, AVIF too), and the XMP and IPTC blocks as
 * text. Empty when the file names no place.
 */
export async function locationTagsIn(data: Buffer): Promise<string[]> {
  const found: string[] = [];
  const meta = await sharp(data).metadata();
  // 'State' alone or a province's: xmpRights:WebStatement (her rights page, issue 50) is no place
  const place = /gps|city|^state$|province|country|location/i;
  const sources: (Buffer | undefined)[] = [meta.exif && exifBlock(meta.exif)];
  if (meta.format === 'jpeg' || meta.format === 'png') sources.push(data);
  for (const source of sources) {
    if (!source) continue;
    const tags =
      (await exifr.parse(source, { gps: true, xmp: true, iptc: true, tiff: true, exif: true })) ?? {};
    found.push(...Object.keys(tags).filter((k) => place.test(k)));
  }
  const xmp = meta.xmp?.toString('utf8') ?? '';
  found.push(...(xmp.match(/:(GPS\w*|City|State|Country\w*|Location\w*)/g) ?? []));
  if (meta.iptc) for (const t of PLACE_TEXTS) if (meta.iptc.includes(t)) found.push(`IPTC ${t}`);
  return found;
}

/** libvips's EXIF block starts with `Exif\0\0`; exifr reads the TIFF structure behind it. */
const exifBlock = (exif: Buffer) => (exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif);

/** The camera tags the shop keeps, from wherever the format keeps its EXIF. */
export async function cameraTagsIn(data: Buffer): Promise<Record<string, unknown>> {
  const { exif } = await sharp(data).metadata();
  if (!exif) return {};
  return (await exifr.parse(exifBlock(exif), { pick: ['Make', 'Model', 'LensModel', 'FNumber'] })) ?? {};
}
