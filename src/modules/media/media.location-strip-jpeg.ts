// JPEG's part of the location cleaning (media.location-strip.ts says how).
import { cleanPhotoshop, dropGpsIfd, xmpNamesPlace, type StripResult } from './media.location-tags';

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
