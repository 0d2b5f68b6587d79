// Her rights written into an image's files (issue 50): the XMP packet every format carries, and
// for JPEG the IPTC IIM block older readers look at. Pure: no I/O, no re-encode. Never a place.
import { crc32 } from 'node:zlib';
import { DATA_MINING_VOCABULARY, type FileRights } from '../../shared/file-rights';

/**
 * Terms of a licence a download carries besides the shop's own rights (issue 46): its usage terms,
 * its id, and its check page, which a licensed copy names as xmpRights:WebStatement in place of her
 * rights page.
 */
export type RightsExtra = { usageTerms?: string; licenseId?: string; webStatement?: string };

const escapeXml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // characters XML 1.0 cannot carry at all
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

const alt = (value: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt>`;

/** The XMP packet of these rights (dc, photoshop, xmpRights, plus), as UTF-8 text. */
export function rightsXmp(rights: FileRights, extra: RightsExtra = {}): string {
  const props = [
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(rights.creator)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:rights>${alt(rights.copyrightNotice)}</dc:rights>`,
    rights.title ? `<dc:title>${alt(rights.title)}</dc:title>` : '',
    `<photoshop:Credit>${escapeXml(rights.creditLine)}</photoshop:Credit>`,
    '<xmpRights:Marked>True</xmpRights:Marked>',
    `<xmpRights:WebStatement>${escapeXml(extra.webStatement ?? rights.rightsUrl)}</xmpRights:WebStatement>`,
    extra.usageTerms ? `<xmpRights:UsageTerms>${alt(extra.usageTerms)}</xmpRights:UsageTerms>` : '',
    extra.licenseId
      ? `<plus:Licensee><rdf:Seq><rdf:li rdf:parseType="Resource"><plus:LicenseeID>${escapeXml(
          extra.licenseId,
        )}</plus:LicenseeID></rdf:li></rdf:Seq></plus:Licensee>`
      : '',
    `<plus:DataMining>${escapeXml(DATA_MINING_VOCABULARY + rights.dataMining)}</plus:DataMining>`,
  ].filter(Boolean);
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about=""' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"' +
    ' xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"' +
    ' xmlns:plus="http://ns.useplus.org/ldf/xmp/1.0/">' +
    props.join('') +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  );
}

/** One IIM dataset: tag marker, record, dataset, 16-bit length, value (values here are short). */
function dataset(record: number, num: number, value: Buffer): Buffer {
  const head = Buffer.from([0x1c, record, num, 0, 0]);
  head.writeUInt16BE(Math.min(value.length, 0x7fff), 3);
  return Buffer.concat([head, value.subarray(0, 0x7fff)]);
}

/** IIM's own limits per dataset (in bytes): longer values are cut at a character boundary. */
function utf8Cut(s: string, max: number): Buffer {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > max) break;
    out += ch;
  }
  return Buffer.from(out, 'utf8');
}

const PHOTOSHOP = 'Photoshop 3.0\0';

/**
 * The IPTC IIM datasets of these rights (1:90 UTF-8, 2:80 by-line, 2:116 copyright notice,
 * 2:110 credit, 2:05 object name), as the payload of a JPEG APP13 segment: "Photoshop 3.0", one
 * image resource 0x0404.
 */
export function rightsIim(rights: FileRights): Buffer {
  const iim = Buffer.concat([
    dataset(1, 90, Buffer.from([0x1b, 0x25, 0x47])), // ESC % G: the values are UTF-8
    dataset(2, 0, Buffer.from([0, 4])), // record version 4
    dataset(2, 80, utf8Cut(rights.creator, 32)),
    dataset(2, 116, utf8Cut(rights.copyrightNotice, 128)),
    dataset(2, 110, utf8Cut(rights.creditLine, 32)),
    ...(rights.title ? [dataset(2, 5, utf8Cut(rights.title, 64))] : []),
  ]);
  const head = Buffer.alloc(4 + 2 + 2 + 4);
  head.write('8BIM', 0, 'latin1');
  head.writeUInt16BE(0x0404, 4);
  // an empty Pascal name, padded to an even length: 0x00 0x00
  head.writeUInt32BE(iim.length, 8);
  const pad = iim.length % 2 ? Buffer.from([0]) : Buffer.alloc(0);
  return Buffer.concat([Buffer.from(PHOTOSHOP, 'latin1'), head, iim, pad]);
}

const JPEG_XMP = 'http://ns.adobe.com/xap/1.0/\0';

function segment(marker: number, payload: Buffer): Buffer {
  if (payload.length > 0xffff - 2) throw new Error('metadata too long for one JPEG segment');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** The JPEG segments of these rights: the XMP (APP1), then the Photoshop IIM block (APP13). */
export function jpegRightsSegments(rights: FileRights, extra?: RightsExtra): Buffer {
  return Buffer.concat([
    segment(0xe1, Buffer.concat([Buffer.from(JPEG_XMP, 'latin1'), Buffer.from(rightsXmp(rights, extra))])),
    segment(0xed, rightsIim(rights)),
  ]);
}

/**
 * The JPEG with its XMP (APP1) and Photoshop (APP13) segments replaced by these rights', byte
 * for byte otherwise: the new ones follow the leading APP0/EXIF segments. No re-encode.
 */
export function writeJpegRights(jpeg: Buffer, rights: FileRights, extra?: RightsExtra): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const kept: Buffer[] = [];
  let insertAt = 0; // index in `kept` after which the new segments go
  let leading = true;
  let o = 2;
  for (;;) {
    if (o + 4 > jpeg.length) throw new Error('JPEG ends before its scan');
    if (jpeg[o] !== 0xff) throw new Error('JPEG segment expected');
    const marker = jpeg[o + 1];
    if (marker === 0xff) {
      o += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // the scan: nothing after it is metadata
    const end = o + 2 + jpeg.readUInt16BE(o + 2);
    if (end > jpeg.length) throw new Error('JPEG segment runs past the file');
    const payload = jpeg.subarray(o + 4, end);
    const starts = (s: string) => payload.length >= s.length && payload.toString('latin1', 0, s.length) === s;
    const dropped = (marker === 0xe1 && starts(JPEG_XMP)) || (marker === 0xed && starts(PHOTOSHOP));
    if (!dropped) {
      kept.push(jpeg.subarray(o, end));
      if (leading && (marker === 0xe0 || (marker === 0xe1 && starts('Exif\0\0')))) insertAt = kept.length;
      else leading = false;
    }
    o = end;
  }
  return Buffer.concat([
    jpeg.subarray(0, 2),
    ...kept.slice(0, insertAt),
    jpegRightsSegments(rights, extra),
    ...kept.slice(insertAt),
    jpeg.subarray(o),
  ]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_XMP = 'XML:com.adobe.xmp';

/**
 * The PNG with its XMP as the uncompressed iTXt chunk the XMP specification names (libvips writes
 * a compressed zTXt, which many readers skip), before the image data; earlier XMP chunks dropped.
 */
export function writePngXmp(png: Buffer, xmp: string): Buffer {
  if (png.length < 8 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const chunks: Buffer[] = [];
  let o = 8;
  let added = false;
  while (o + 12 <= png.length) {
    const len = png.readUInt32BE(o);
    const end = o + 12 + len;
    if (end > png.length) throw new Error('PNG chunk runs past the file');
    const type = png.toString('latin1', o + 4, o + 8);
    const isXmp =
      (type === 'iTXt' || type === 'zTXt' || type === 'tEXt') &&
      png.toString('latin1', o + 8, o + 8 + PNG_XMP.length + 1) === `${PNG_XMP}\0`;
    if (!added && (type === 'IDAT' || type === 'IEND')) {
      chunks.push(
        pngChunk('iTXt', Buffer.concat([Buffer.from(`${PNG_XMP}\0\0\0\0\0`, 'latin1'), Buffer.from(xmp)])),
      );
      added = true;
    }
    if (!isXmp) chunks.push(png.subarray(o, end));
    o = end;
  }
  return Buffer.concat([PNG_SIGNATURE, ...chunks]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
