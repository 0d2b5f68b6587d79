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

/** XMP property names (any prefix) that place a photo. Stricter than needed: a match drops the packet. */
const XMP_PLACE =
  /:(GPS[A-Za-z]*|City|State|Country|CountryCode|CountryName|Location|LocationCreated|LocationShown|Sublocation|ProvinceState|WorldRegion)\b/;
/** IPTC IIM record 2 datasets that name a place: content location code/name, city, sublocation, state, country code/name. */
const IIM_PLACE = new Set([26, 27, 90, 92, 95, 100, 101]);
const GPS_IFD_TAG = 0x8825;
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

export type StripResult = { data: Buffer; changed: boolean };

export function xmpNamesPlace(xmp: Buffer | string): boolean {
  return XMP_PLACE.test(typeof xmp === 'string' ? xmp : xmp.toString('utf8'));
}

/**
 * Takes the GPS IFD out of a TIFF structure (an EXIF block), in place: the pointer entry leaves
 * IFD0 (and IFD1, where some writers put it) and the GPS IFD with its values is zeroed. Returns
 * whether anything changed; throws on a structure it cannot follow (the caller drops the block).
 */
export function dropGpsIfd(tiff: Buffer): boolean {
  if (tiff.length < 8) throw new Error('EXIF block too short');
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') throw new Error('not a TIFF header');
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const w16 = (o: number, v: number) => (le ? tiff.writeUInt16LE(v, o) : tiff.writeUInt16BE(v, o));
  const inside = (from: number, len: number) => from >= 8 && len >= 0 && from + len <= tiff.length;

  let changed = false;
  let ifd = u32(4);
  for (let depth = 0; ifd && depth < 2; depth++) {
    if (!inside(ifd, 2)) throw new Error('IFD outside the EXIF block');
    const n = u16(ifd);
    const end = ifd + 2 + 12 * n; // where the next-IFD offset is
    if (!inside(ifd, 2 + 12 * n + 4)) throw new Error('IFD runs past the EXIF block');
    for (let i = 0; i < n; i++) {
      const entry = ifd + 2 + 12 * i;
      if (u16(entry) !== GPS_IFD_TAG) continue;
      zeroIfd(u32(entry + 8));
      // the entries after it move up one; the next-IFD offset follows them; the freed 12 bytes are zeroed
      tiff.copy(tiff, entry, entry + 12, end + 4);
      tiff.fill(0, end - 8, end + 4);
      w16(ifd, n - 1);
      changed = true;
      break;
    }
    ifd = u32(ifd + 2 + 12 * u16(ifd));
  }
  return changed;

  function zeroIfd(at: number) {
    if (!inside(at, 2)) throw new Error('GPS IFD outside the EXIF block');
    const m = u16(at);
    if (!inside(at, 2 + 12 * m + 4)) throw new Error('GPS IFD runs past the EXIF block');
    for (let i = 0; i < m; i++) {
      const entry = at + 2 + 12 * i;
      const size = (TYPE_SIZE[u16(entry + 2)] ?? 1) * u32(entry + 4);
      if (size > 4) {
        const value = u32(entry + 8);
        if (!inside(value, size)) throw new Error('GPS value outside the EXIF block');
        tiff.fill(0, value, value + size);
      }
    }
    tiff.fill(0, at, at + 2 + 12 * m + 4);
  }
}

/** An EXIF payload (with or without its `Exif\0\0` prefix) without GPS; null when it must go whole. */
function cleanExif(payload: Buffer): { data: Buffer | null; changed: boolean } {
  const copy = Buffer.from(payload);
  const start = copy.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0;
  try {
    const changed = dropGpsIfd(copy.subarray(start));
    return { data: copy, changed };
  } catch {
    return { data: null, changed: true }; // a structure we cannot follow could hide a position
  }
}

/** IPTC IIM datasets without the place ones. */
function cleanIim(iim: Buffer): { data: Buffer; changed: boolean } {
  const kept: Buffer[] = [];
  let changed = false;
  let o = 0;
  while (o + 5 <= iim.length && iim[o] === 0x1c) {
    const record = iim[o + 1];
    const dataset = iim[o + 2];
    let len = iim.readUInt16BE(o + 3);
    let head = 5;
    if (len & 0x8000) {
      // extended dataset: the next (len & 0x7fff) bytes hold the length
      const n = len & 0x7fff;
      if (n > 4 || o + 5 + n > iim.length) break;
      len = n ? iim.readUIntBE(o + 5, n) : 0;
      head += n;
    }
    const next = o + head + len;
    if (next > iim.length) break;
    if (record === 2 && IIM_PLACE.has(dataset)) changed = true;
    else kept.push(iim.subarray(o, next));
    o = next;
  }
  if (o < iim.length) {
    // trailing bytes we cannot read: dropped, as they could be anything
    changed = true;
  }
  return { data: changed ? Buffer.concat(kept) : iim, changed };
}

/** A Photoshop APP13 body (after `Photoshop 3.0\0`): its IPTC resource edited, its IPTC digest dropped. */
function cleanPhotoshop(body: Buffer): { data: Buffer; changed: boolean } {
  const out: Buffer[] = [];
  let changed = false;
  let o = 0;
  while (o + 12 <= body.length && body.toString('latin1', o, o + 4) === '8BIM') {
    const id = body.readUInt16BE(o + 4);
    const nameLen = body[o + 6];
    const namePadded = (nameLen + 1) % 2 ? nameLen + 2 : nameLen + 1;
    const sizeAt = o + 6 + namePadded;
    if (sizeAt + 4 > body.length) break;
    const size = body.readUInt32BE(sizeAt);
    const dataAt = sizeAt + 4;
    const next = dataAt + size + (size % 2);
    if (dataAt + size > body.length) break;
    const data = body.subarray(dataAt, dataAt + size);
    if (id === 0x0404) {
      const iim = cleanIim(data);
      if (iim.changed) {
        changed = true;
        const sizeBuf = Buffer.alloc(4);
        sizeBuf.writeUInt32BE(iim.data.length);
        out.push(body.subarray(o, sizeAt), sizeBuf, iim.data, Buffer.alloc(iim.data.length % 2));
      } else out.push(body.subarray(o, Math.min(next, body.length)));
    } else if (id === 0x0425) {
      changed = true; // the IPTC block's MD5: stale once it is edited, and worthless alone
    } else out.push(body.subarray(o, Math.min(next, body.length)));
    o = next;
  }
  if (o < body.length) changed = true; // unreadable rest dropped
  return { data: changed ? Buffer.concat(out) : body, changed };
}

const JPEG_XMP = 'http://ns.adobe.com/xap/1.0/\0';
const SOI = Buffer.from([0xff, 0xd8, 0xff]);
/** More appended images than any camera writes: the rest are not looked for. */
const MAX_APPENDED = 16;
const JPEG_XMP_EXT = 'http://ns.adobe.com/xmp/extension/\0';
const PHOTOSHOP = 'Photoshop 3.0\0';

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Turns the segment at [at, end) into a comment of zeros: its bytes gone, the file's length kept. */
function blank(jpeg: Buffer, at: number, end: number) {
  jpeg[at + 1] = 0xfe;
  jpeg.fill(0, at + 4, end);
}

/**
 * JPEG, edited in place (the caller's buffer is changed and returned: a 50 MB original is never
 * copied, which would hold the event loop): the EXIF GPS IFD removed where it lies; a segment that
 * must go (an XMP packet naming a place, an EXIF block we cannot follow) becomes a comment segment
 * of zeros of the same length; the IPTC block is rewritten shorter, the rest of its segment a
 * zeroed comment. Nothing from the first scan on is touched.
 */
export function stripJpeg(src: Buffer, appended = true): StripResult {
  let changed = false;
  let o = 2;
  const extended: { at: number; end: number; payload: Buffer }[] = [];
  while (o + 4 <= src.length) {
    if (src[o] !== 0xff) throw new Error('JPEG segment expected');
    const marker = src[o + 1];
    if (marker === 0xff) {
      o += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // the scan (or the end): metadata is before it
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2;
      continue;
    }
    const len = src.readUInt16BE(o + 2);
    const end = o + 2 + len;
    if (len < 2 || end > src.length) throw new Error('JPEG segment runs past the file');
    const payload = src.subarray(o + 4, end);
    const starts = (s: string) => payload.length >= s.length && payload.toString('latin1', 0, s.length) === s;
    if (marker === 0xe1 && starts('Exif\0\0')) {
      try {
        if (dropGpsIfd(payload.subarray(6))) changed = true;
      } catch {
        blank(src, o, end); // a structure we cannot follow could hide a position
        changed = true;
      }
    } else if (marker === 0xe1 && starts(JPEG_XMP)) {
      if (xmpNamesPlace(payload.subarray(JPEG_XMP.length))) {
        blank(src, o, end);
        changed = true;
      }
    } else if (marker === 0xe1 && starts(JPEG_XMP_EXT)) {
      // ExtendedXMP is split over segments: judged as a whole below
      extended.push({ at: o, end, payload });
    } else if (marker === 0xed && starts(PHOTOSHOP)) {
      const ps = cleanPhotoshop(payload.subarray(PHOTOSHOP.length));
      if (ps.changed) {
        changed = true;
        const shorter = ps.data.length
          ? segment(0xed, Buffer.concat([Buffer.from(PHOTOSHOP, 'latin1'), ps.data]))
          : null;
        const rest = end - o - (shorter?.length ?? 0);
        if (!shorter || rest < 4) blank(src, o, end);
        else {
          // the edited block, then a zeroed comment over what it no longer needs
          shorter.copy(src, o);
          const com = o + shorter.length;
          src[com] = 0xff;
          src.writeUInt16BE(rest - 2, com + 2);
          blank(src, com, end);
        }
      }
    }
    o = end;
  }
  // Images appended after this one (MPF/MPO previews and second frames, which carry EXIF of their
  // own): FF D8 FF never occurs inside entropy-coded data (an FF there is followed by 00 or a
  // restart marker), so each start found is an image, edited the same way.
  for (let next = appended ? src.indexOf(SOI, o) : -1, n = 0; next > 0 && n < MAX_APPENDED; n++) {
    const inner = src.subarray(next);
    try {
      if (stripJpeg(inner, false).changed) changed = true;
    } catch {
      // not an image after all (or a broken one): keep looking past it
    }
    next = src.indexOf(SOI, next + 3);
  }
  if (extended.length) {
    // each chunk: the header, a 32-byte GUID, full length (4), offset (4), then its part of the packet
    const text = Buffer.concat(extended.map((e) => e.payload.subarray(JPEG_XMP_EXT.length + 40))).toString(
      'utf8',
    );
    if (xmpNamesPlace(text)) {
      changed = true;
      for (const e of extended) blank(src, e.at, e.end);
    }
  }
  return { data: src, changed };
}

/**
 * How many leading bytes of a JPEG hold everything `stripJpeg(…, false)` reads or edits: through
 * its first scan's header (SOS) or its end (EOI). Null when `head` ends before that.
 */
export function jpegHeadLength(head: Buffer): number | null {
  let o = 2;
  while (o + 4 <= head.length) {
    if (head[o] !== 0xff) throw new Error('JPEG segment expected');
    const marker = head[o + 1];
    if (marker === 0xff) {
      o += 1;
      continue;
    }
    if (marker === 0xd9) return o + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2;
      continue;
    }
    const end = o + 2 + head.readUInt16BE(o + 2);
    if (marker === 0xda) return end <= head.length ? end : null;
    o = end;
  }
  return null;
}

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
