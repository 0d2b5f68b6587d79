// The location tags inside an image's metadata blocks, whatever the file's format: the EXIF GPS IFD,
// XMP packets that name a place and IPTC IIM's place datasets (media.location-strip.ts says how).

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
export function cleanExif(payload: Buffer): { data: Buffer | null; changed: boolean } {
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
export function cleanPhotoshop(body: Buffer): { data: Buffer; changed: boolean } {
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
