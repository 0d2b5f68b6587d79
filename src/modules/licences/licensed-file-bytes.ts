// A licensed file's bytes (issue 46): the one encode of a (photo, size) from its original, where a
// buyer's rights head goes in it, and a buyer's copy (stored file + head) cut to an HTTP Range.
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../media';

/**
 * The file's one encode: quality 92 without chroma subsampling (a licensee may print or crop it),
 * no mozjpeg (a full-resolution file is made while the buyer waits, mozjpeg takes ~3x as long).
 */
export const LICENSED_JPEG = { quality: 92, chromaSubsampling: '4:4:4', mozjpeg: false } as const;

/**
 * Encodes a (photo, size)'s file into `outFile` from its original (a path, read as decoded): turned
 * by its EXIF orientation, converted to sRGB with the sRGB profile embedded, scaled to the long
 * edge (never up; null keeps the original's size), flattened on white when it has alpha. sharp
 * writes no metadata but the profile: no EXIF, no GPS, no XMP or IPTC place.
 */
export async function renderLicensed(
  input: string | Buffer,
  longEdgePx: number | null,
  outFile: string,
): Promise<{ width: number; height: number; bytes: number }> {
  let p = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' }).rotate();
  if (longEdgePx)
    p = p.resize({ width: longEdgePx, height: longEdgePx, fit: 'inside', withoutEnlargement: true });
  const info = await p
    .flatten({ background: '#ffffff' })
    .withIccProfile('srgb')
    .jpeg(LICENSED_JPEG)
    .toFile(outFile);
  return { width: info.width, height: info.height, bytes: info.size };
}

/** How much of a file's head is read to find its metadata (the ICC profile is ~0.5-3 KB). */
const HEAD_READ = 256 * 1024;

/**
 * Where a buyer's rights segments go in a stored file: right after SOI, or after a leading JFIF
 * APP0 (which must come first). Throws when the file carries an APP1 (EXIF or XMP) or APP13 of its
 * own: a copy would then hold two, or a stale one.
 */
export async function bodyOffsetOf(file: string): Promise<number> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_READ), 0, HEAD_READ, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  return bodyOffsetIn(head);
}

/** bodyOffsetOf on a JPEG's first bytes (through its first scan). */
export function bodyOffsetIn(jpeg: Buffer): number {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  let offset = 2;
  let o = 2;
  for (;;) {
    if (o + 4 > jpeg.length) throw new Error('JPEG head longer than expected');
    if (jpeg[o] !== 0xff) throw new Error('JPEG segment expected');
    const marker = jpeg[o + 1];
    if (marker === 0xff) {
      o += 1;
      continue;
    }
    if (marker === 0xda) return offset;
    const end = o + 2 + jpeg.readUInt16BE(o + 2);
    if (marker === 0xe1 || marker === 0xed)
      throw new Error(`licensed file has its own APP${marker - 0xe0} segment`);
    if (marker === 0xe0 && o === 2) offset = end;
    o = end;
  }
}

/** A single byte range of a copy of `total` bytes: 'whole' when there is none to honour. */
export type RangeAnswer = { start: number; end: number } | 'whole' | 'unsatisfiable';

/**
 * `Range: bytes=a-b`, `a-`, `-n` (one range; several are answered whole, as RFC 9110 allows). A
 * header of another unit or malformed is ignored (whole); a range starting past the end, or an
 * empty suffix, is unsatisfiable.
 */
export function parseRange(header: string | undefined, total: number): RangeAnswer {
  if (!header) return 'whole';
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'whole';
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || total === 0) return 'unsatisfiable';
    return { start: Math.max(0, total - n), end: total - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1);
  if (!Number.isSafeInteger(start) || start >= total) return 'unsatisfiable';
  if (end < start) return 'whole'; // "bytes=5-2" is not a valid range: ignored
  return { start, end };
}

/**
 * `attachment` with the readable name (RFC 6266): an ASCII fallback (accents dropped, anything else
 * a hyphen) and the UTF-8 name as `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|-+(?=\.[A-Za-z0-9]+$)/g, '')
      .slice(-150) || 'download.jpg';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * How a copy's bytes `start`..`end` are sent: `lead` (of the stored file's first `offset` bytes,
 * which the caller has, and of the head) written first, then the stored file's bytes `rest` (null:
 * none) streamed. The copy is stored[0, offset) + head + stored[offset, bytes).
 */
export function copyPlan(
  range: { start: number; end: number },
  prefix: Buffer,
  head: Buffer,
): { lead: Buffer; rest: { start: number; end: number } | null } {
  const offset = prefix.length;
  const headEnd = offset + head.length; // the copy's first byte after the head
  const { start, end } = range;
  const lead = Buffer.concat([prefix, head]).subarray(Math.min(start, headEnd), Math.min(end + 1, headEnd));
  const restStart = Math.max(start, headEnd) - head.length;
  const restEnd = end - head.length;
  return { lead, rest: restEnd >= restStart ? { start: restStart, end: restEnd } : null };
}

/** The buffers of sendFileRange: two per download, written in turn. */
const SEND_CHUNK = 64 * 1024;

/**
 * Sends a file's bytes `start`..`end` to `out` through two buffers of its own, each read again only
 * once `out` has written it: a download holds 128 KB whatever the file's size, and allocates
 * nothing per chunk (a read stream's new buffer per chunk, at 100 MB/s, waits for the collector and
 * grows the process by tens of MB). The socket's pace is the read's: no more than two chunks wait.
 * Rejects when `out` closes first (the client went away); the file is closed either way.
 */
export async function sendFileRange(file: string, out: Writable, start: number, end: number): Promise<void> {
  const handle = await open(file, 'r');
  let closed: (() => void) | null = null;
  const gone = new Promise<never>((_, reject) => {
    closed = () =>
      reject(Object.assign(new Error('client went away'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    out.once('close', closed);
  });
  gone.catch(() => undefined);
  try {
    const bufs = [Buffer.allocUnsafe(SEND_CHUNK), Buffer.allocUnsafe(SEND_CHUNK)];
    const written: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
    let pos = start;
    for (let i = 0; pos <= end; i ^= 1) {
      await Promise.race([written[i], gone]);
      const want = Math.min(SEND_CHUNK, end - pos + 1);
      const { bytesRead } = await handle.read(bufs[i], 0, want, pos);
      if (bytesRead === 0) throw new Error(`${file} ends before byte ${pos}`);
      const chunk = bufs[i].subarray(0, bytesRead);
      written[i] = new Promise((resolve, reject) =>
        out.write(chunk, (err) => (err ? reject(err) : resolve())),
      );
      written[i].catch(() => undefined);
      pos += bytesRead;
    }
    await Promise.race([Promise.all(written), gone]);
  } finally {
    if (closed) out.off('close', closed);
    await handle.close();
  }
}
