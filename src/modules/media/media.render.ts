// Encoding variants: the settings, one variant from pixels, and a set from one decode of an original.
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { ImageStamp, Watermark } from '../../shared/file-rights';
import { stampEncoded, stampPipeline } from './media.stamp';
import { watermarkApplies, watermarkOverlay } from './media.watermark';
import { MAX_INPUT_PIXELS, type PlannedVariant, type VariantFormat } from './media.rules';

/** Encoder settings: tuned for speed first (the upload-to-variants budget), quality second. */
const AVIF = { quality: 55, chromaSubsampling: '4:2:0' } as const;
const avifEffort = (width: number) => (width >= 1600 ? 0 : 1); // the big ones dominate the time
const JPEG = { quality: 82, progressive: true, mozjpeg: false } as const;
/** A logo's fallback: lossless, keeps transparency; logos are small, so the quick effort is enough. */
const PNG = { compressionLevel: 6, effort: 1 } as const;

/** A variant's ETag: the hash of its stored bytes. */
export const etagOf = (data: Buffer) => createHash('sha256').update(data).digest('base64url').slice(0, 32);

function encode(pipeline: Sharp, format: VariantFormat, width: number): Promise<Buffer> {
  if (format === 'avif') return pipeline.avif({ ...AVIF, effort: avifEffort(width) }).toBuffer();
  if (format === 'png') return pipeline.png(PNG).toBuffer();
  return pipeline.flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
}

/** An image file's bytes or path (sharp reads a path as it decodes, never holding the file whole). */
export type ImageInput = Buffer | string;
/**
 * Decoded pixels (raw, always a Buffer), or an image file (the uncompressed TIFF carrying an ICC
 * profile, or an original, maybe by its path).
 */
export type Source =
  | { data: ImageInput; raw?: undefined }
  | { data: Buffer; raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/**
 * Resizes to the planned size, keeps only the ICC profile (no EXIF, GPS or the original's XMP) and
 * what the stamp writes (media.stamp.ts), encodes.
 */
export async function render(
  input: Source,
  v: PlannedVariant,
  keepIcc: boolean,
  fromOriginal: boolean,
  stamp: ImageStamp | null = null,
): Promise<Buffer> {
  let p = sharp(input.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none', raw: input.raw });
  if (fromOriginal) p = p.rotate();
  p = p.resize({ width: v.width, height: v.height, fit: 'fill' });
  if (keepIcc) p = p.keepIccProfile();
  p = await stampPipeline(p, v, stamp);
  return stampEncoded(await encode(p, v.format, v.width), v, stamp);
}

/** CMYK files are converted to sRGB; every other embedded profile travels with the variants. */
export async function keepsIcc(data: ImageInput): Promise<boolean> {
  const m = await sharp(data).metadata();
  return !!m.icc && m.space !== 'cmyk';
}

/** An original decoded once and scaled to the largest of a set's widths: what every variant is made from. */
export type ScaledSource = { source: Source; keepIcc: boolean };

/**
 * Decodes an original once and scales it to the largest of `todo` (the set's costly part, which
 * no stamp changes). Raw pixels are the cheapest; an uncompressed TIFF (nearly as cheap) when an
 * ICC profile must travel along.
 */
export async function scaledSource(original: ImageInput, todo: PlannedVariant[]): Promise<ScaledSource> {
  const keepIcc = await keepsIcc(original);
  const maxWidth = Math.max(...todo.map((v) => v.width));
  const base = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' })
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true });
  if (keepIcc)
    return {
      source: { data: await base.keepIccProfile().tiff({ compression: 'none' }).toBuffer() },
      keepIcc,
    };
  const { data, info } = await base.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return {
    source: { data, raw: { width: info.width, height: info.height, channels: info.channels } },
    keepIcc,
  };
}

/**
 * Decodes an original once, scales it to the largest of `todo` and encodes each variant from
 * those pixels; `each` gets every variant as soon as it is encoded (its flush overlaps the
 * encodes still running).
 */
export async function renderVariants<T>(
  original: ImageInput,
  todo: PlannedVariant[],
  stamp: ImageStamp | null,
  each: (v: PlannedVariant, data: Buffer) => Promise<T>,
): Promise<T[]> {
  if (!todo.length) return [];
  const { source, keepIcc } = await scaledSource(original, todo);
  return renderFrom(source, todo, keepIcc, stamp, each);
}

/**
 * Every variant of `todo` from one scaled source. The watermark is laid once on the source (its
 * size and margin are shares of the width, so scaling the marked picture scales the mark with
 * it): one blend instead of one per marked variant; the others are made from the clean source.
 */
export async function renderFrom<T>(
  source: Source,
  todo: PlannedVariant[],
  keepIcc: boolean,
  stamp: ImageStamp | null,
  each: (v: PlannedVariant, data: Buffer) => Promise<T>,
): Promise<T[]> {
  const mark = stamp?.watermark;
  const marks = (v: PlannedVariant) => !!mark && watermarkApplies(stamp, v);
  const marked = mark && todo.some(marks) ? markedSource(source, mark, keepIcc) : null;
  const unmarked = stamp && { ...stamp, watermark: null };
  return Promise.all(
    todo.map(async (v) =>
      each(v, await render(marked && marks(v) ? await marked : source, v, keepIcc, false, unmarked)),
    ),
  );
}

/**
 * `source` with `mark` laid over it. Raw pixels blend only the mark's box (copied out and back
 * into a copy), so the rest of the picture is never converted; a TIFF (its ICC profile kept) or
 * grey pixels are blended whole.
 */
async function markedSource(source: Source, mark: Watermark, keepIcc: boolean): Promise<Source> {
  const { raw } = source;
  if (!raw || raw.channels < 3) {
    const size = raw ?? (await sharp(source.data).metadata());
    const o = await watermarkOverlay(mark, size.width!, size.height!);
    let p = sharp(source.data, { raw, limitInputPixels: MAX_INPUT_PIXELS }).composite([o]);
    if (!raw)
      return { data: await (keepIcc ? p.keepIccProfile() : p).tiff({ compression: 'none' }).toBuffer() };
    p = p.raw({ depth: 'uchar' });
    const { data, info } = await p.toBuffer({ resolveWithObject: true });
    return { data, raw: { width: info.width, height: info.height, channels: info.channels } };
  }
  const o = await watermarkOverlay(mark, raw.width, raw.height);
  const stride = raw.width * raw.channels;
  const boxStride = o.raw.width * raw.channels;
  const at = (y: number) => (o.top + y) * stride + o.left * raw.channels;
  const box = Buffer.allocUnsafe(boxStride * o.raw.height);
  for (let y = 0; y < o.raw.height; y++) source.data.copy(box, y * boxStride, at(y), at(y) + boxStride);
  let blend = sharp(box, { raw: { ...o.raw, channels: raw.channels } }).composite([
    { ...o, left: 0, top: 0 },
  ]);
  if (raw.channels === 3) blend = blend.removeAlpha();
  const blended = await blend.raw({ depth: 'uchar' }).toBuffer();
  const data = Buffer.from(source.data); // the clean source still makes the unmarked variants
  for (let y = 0; y < o.raw.height; y++) blended.copy(data, at(y), y * boxStride, (y + 1) * boxStride);
  return { data, raw };
}

/** The slowest first keeps both cores busy to the end. */
export const slowestFirst = (todo: PlannedVariant[]) => todo.sort((a, b) => b.width - a.width);
