// Removes where a photo was taken from an image file, without touching its pixel data: the EXIF GPS
// IFD, XMP packets that name a place (exif:GPS*, photoshop:City/State/Country,
// Iptc4xmpCore:Location/CountryCode, Iptc4xmpExt:LocationCreated/LocationShown) and IPTC IIM's
// place datasets. Orientation, the ICC profile and the camera tags stay.
//
// Written here rather than taken from npm: no maintained package edits JPEG, PNG, WebP and AVIF
// metadata in place without re-encoding or an external binary (piexifjs
// re-serializes the whole EXIF and so breaks MakerNote offsets, and knows no XMP, IPTC, WebP or
// AVIF; exif-be-gone drops every tag, orientation included; exiftool-vendored runs Perl).
//
// How: the GPS IFD is removed from the TIFF structure where it lies (its pointer entry taken out of
// IFD0 and its bytes zeroed; no other byte moves, so every other offset, MakerNote included, stays
// valid). An XMP packet that names a place goes whole: editing RDF/XML by hand safely is not worth
// its risk, and the shop reads nothing from XMP. In a JPEG its segment becomes a comment of zeros
// (the file is edited in place, never copied); in AVIF, where item offsets must not move, it is
// overwritten by an empty packet padded with spaces; PNG and WebP drop the chunk. IPTC IIM (JPEG's
// Photoshop block) is edited dataset by dataset.
import { crc32, inflateSync } from 'node:zlib';
import type { SniffedFormat } from './media.rules';
import { cleanExif, dropGpsIfd, xmpNamesPlace, type StripResult } from './media.location-tags';
import { stripJpeg } from './media.location-strip-jpeg';

/**
 * A PNG text chunk's text (inflated when compressed), or null when it cannot be read (then the
 * chunk goes: unread text could name a place). zTXt: keyword NUL, method, deflated text. iTXt:
 * keyword NUL, compressed flag, method, language NUL, translated keyword NUL, text.
 */
function pngText(type: string, data: Buffer, keywordLength: number): string | null {
  try {
    let at = keywordLength + 1;
    if (type === 'tEXt') return data.toString('latin1', at);
    if (type === 'zTXt') return inflate(data.subarray(at + 1));
    const compressed = data[at] === 1;
    at += 2;
    at = data.indexOf(0, at) + 1; // language
    at = data.indexOf(0, at) + 1; // translated keyword
    if (at <= 0) return null;
    return compressed ? inflate(data.subarray(at)) : data.toString('utf8', at);
  } catch {
    return null;
  }
}
const inflate = (b: Buffer) => inflateSync(b, { maxOutputLength: 16 * 1024 * 1024 }).toString('utf8');

/** PNG text chunks: the keyword, then a NUL. */
const pngKeyword = (data: Buffer) => data.toString('latin1', 0, Math.max(0, data.indexOf(0)));

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/**
 * PNG: eXIf edited (its CRC recomputed); XMP text chunks that name a place dropped whole;
 * ImageMagick's "Raw profile type" text chunks (hex EXIF,
 * IPTC or XMP from older tools) dropped whole. Image chunks are copied as they are.
 */
export function stripPng(src: Buffer): StripResult {
  const parts: Buffer[] = [src.subarray(0, 8)];
  let changed = false;
  let o = 8;
  while (o + 12 <= src.length) {
    const len = src.readUInt32BE(o);
    const type = src.toString('latin1', o + 4, o + 8);
    const end = o + 12 + len;
    if (end > src.length) throw new Error('PNG chunk runs past the file');
    const data = src.subarray(o + 8, o + 8 + len);
    let keep = true;
    if (type === 'eXIf') {
      const exif = cleanExif(data);
      if (exif.changed) {
        changed = true;
        keep = false;
        if (exif.data) parts.push(pngChunk('eXIf', exif.data));
      }
    } else if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const keyword = pngKeyword(data);
      if (keyword.startsWith('Raw profile type')) keep = false;
      else if (keyword === 'XML:com.adobe.xmp') {
        const text = pngText(type, data, keyword.length);
        if (text === null || xmpNamesPlace(text)) keep = false;
      }
      if (!keep) changed = true;
    }
    if (keep) parts.push(src.subarray(o, end));
    o = end;
    if (type === 'IEND') break;
  }
  if (!changed) return { data: src, changed };
  parts.push(src.subarray(o));
  return { data: Buffer.concat(parts), changed };
}

/** WebP (RIFF): the EXIF chunk edited, an XMP chunk naming a place dropped (and its VP8X flag cleared). */
export function stripWebp(src: Buffer): StripResult {
  const parts: Buffer[] = [];
  let changed = false;
  let vp8x: Buffer | null = null;
  let o = 12;
  while (o + 8 <= src.length) {
    const type = src.toString('latin1', o, o + 4);
    const len = src.readUInt32LE(o + 4);
    const end = o + 8 + len + (len % 2);
    if (o + 8 + len > src.length) throw new Error('WebP chunk runs past the file');
    const data = src.subarray(o + 8, o + 8 + len);
    const chunk = src.subarray(o, Math.min(end, src.length));
    if (type === 'EXIF') {
      const exif = cleanExif(data);
      if (exif.changed) {
        changed = true;
        if (exif.data) parts.push(riffChunk('EXIF', exif.data));
        else if (vp8x) vp8x[8] &= ~0x08;
      } else parts.push(chunk);
    } else if (type === 'XMP ') {
      if (xmpNamesPlace(data)) {
        changed = true;
        if (vp8x) vp8x[8] &= ~0x04;
      } else parts.push(chunk);
    } else if (type === 'VP8X') {
      vp8x = Buffer.from(chunk);
      parts.push(vp8x);
    } else parts.push(chunk);
    o = end;
  }
  if (!changed) return { data: src, changed };
  const body = Buffer.concat(parts);
  const head = Buffer.from(src.subarray(0, 12));
  head.writeUInt32LE(body.length + 4, 4);
  return { data: Buffer.concat([head, body]), changed };
}

function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

type Box = { type: string; start: number; body: number; end: number };
function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let o = from;
  while (o + 8 <= to) {
    let size = buf.readUInt32BE(o);
    const type = buf.toString('latin1', o + 4, o + 8);
    let body = o + 8;
    if (size === 1) {
      if (o + 16 > to) return;
      size = Number(buf.readBigUInt64BE(o + 8));
      body = o + 16;
    } else if (size === 0) size = to - o;
    if (size < body - o || o + size > to) throw new Error('AVIF box runs past its parent');
    yield { type, start: o, body, end: o + size };
    o += size;
  }
}

/**
 * AVIF (HEIF): its Exif item's GPS IFD is removed in place and an XMP item naming a place is
 * overwritten by an empty packet of the same length, so no item moves and every offset (iloc)
 * stays right. Only items stored as one extent of the file or of `idat` are reached; others (not
 * written by any encoder we know) make the file refused.
 */
export function stripAvif(src: Buffer): StripResult {
  const out = src; // edited in place, as a JPEG is
  let changed = false;
  const top = [...boxes(out, 0, out.length)];
  const meta = top.find((b) => b.type === 'meta');
  if (!meta) return { data: src, changed };
  const inner = [...boxes(out, meta.body + 4, meta.end)]; // meta is a full box
  const types = new Map<number, string>();
  const iinf = inner.find((b) => b.type === 'iinf');
  if (iinf) {
    const version = out[iinf.body];
    const first = iinf.body + 4 + (version === 0 ? 2 : 4);
    for (const infe of boxes(out, first, iinf.end)) {
      if (infe.type !== 'infe') continue;
      const v = out[infe.body];
      if (v < 2) continue;
      const id = v === 2 ? out.readUInt16BE(infe.body + 4) : out.readUInt32BE(infe.body + 4);
      const typeAt = infe.body + 4 + (v === 2 ? 2 : 4) + 2;
      const itemType = out.toString('latin1', typeAt, typeAt + 4);
      if (itemType === 'Exif') types.set(id, 'Exif');
      else if (itemType === 'mime') {
        // name NUL, content type NUL
        const nameEnd = out.indexOf(0, typeAt + 4);
        const ctEnd = out.indexOf(0, nameEnd + 1);
        if (out.toString('latin1', nameEnd + 1, ctEnd) === 'application/rdf+xml') types.set(id, 'XMP');
      }
    }
  }
  if (!types.size) return { data: src, changed };
  const idat = inner.find((b) => b.type === 'idat');
  const iloc = inner.find((b) => b.type === 'iloc');
  if (!iloc) throw new Error('AVIF metadata item without a location');
  const version = out[iloc.body];
  let p = iloc.body + 4;
  const offSize = out[p] >> 4;
  const lenSize = out[p] & 15;
  const baseSize = out[p + 1] >> 4;
  const indexSize = version === 1 || version === 2 ? out[p + 1] & 15 : 0;
  p += 2;
  const read = (n: number) => {
    const v = n === 0 ? 0 : n === 8 ? Number(out.readBigUInt64BE(p)) : out.readUIntBE(p, n);
    p += n;
    return v;
  };
  const count = version < 2 ? read(2) : read(4);
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? read(2) : read(4);
    const method = version === 1 || version === 2 ? read(2) & 15 : 0;
    read(2); // data reference index
    const base = read(baseSize);
    const extents = read(2);
    const spans: { at: number; len: number }[] = [];
    for (let e = 0; e < extents; e++) {
      read(indexSize);
      const off = read(offSize);
      const len = read(lenSize);
      spans.push({ at: base + off, len });
    }
    const kind = types.get(id);
    if (!kind) continue;
    if (spans.length !== 1 || method > 1 || (method === 1 && !idat))
      throw new Error('AVIF metadata item stored in a way we do not edit');
    const at = method === 1 ? idat!.body + spans[0].at : spans[0].at;
    const len = spans[0].len || (method === 1 ? idat!.end - at : out.length - at);
    if (at + len > out.length) throw new Error('AVIF item runs past the file');
    const item = out.subarray(at, at + len);
    if (kind === 'Exif') {
      // exif_tiff_header_offset (4 bytes), then the block (often behind `Exif\0\0`)
      let tiffAt = 4 + item.readUInt32BE(0);
      if (item.toString('latin1', tiffAt, tiffAt + 6) === 'Exif\0\0') tiffAt += 6;
      try {
        if (dropGpsIfd(item.subarray(tiffAt))) changed = true;
      } catch {
        item.fill(0, tiffAt); // unreadable: blanked whole (its header gone, readers see no EXIF)
        changed = true;
      }
    } else if (xmpNamesPlace(item)) {
      const empty = Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>', 'utf8');
      item.fill(0x20);
      if (empty.length <= item.length) empty.copy(item);
      changed = true;
    }
  }
  return { data: out, changed };
}

/**
 * The file without its location tags; `changed` is false (and the same buffer returned) when it had
 * none. JPEG and AVIF are edited in place (the given buffer changes); PNG and WebP are copied.
 */
export function stripLocation(data: Buffer, format: SniffedFormat): StripResult {
  switch (format) {
    case 'jpeg':
      return stripJpeg(data);
    case 'png':
      return stripPng(data);
    case 'webp':
      return stripWebp(data);
    case 'avif':
      return stripAvif(data);
  }
}
