// Pure rules of the media pipeline: which variants an image gets and which one a request receives.

export type AssetKind = 'photo' | 'thumbnail' | 'logo' | 'headshot';
export type VariantKind = 'thumb' | 'display';
/**
 * The formats made (scripts/bench-variants.ts measured the choice): AVIF, which every current
 * browser reads and which is the smallest at every size, and JPEG as the fallback for everything
 * else (browsers before AVIF, crawlers, link previews, e-mail). WebP is not made: it came out
 * larger than AVIF everywhere and larger than JPEG on dense photos, and no current browser that
 * reads WebP lacks AVIF.
 */
export type VariantFormat = 'avif' | 'jpeg' | 'png';
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export const DISPLAY_WIDTHS = [640, 1080, 1600, 2400] as const;
/** The fallback stops at 1600 px: the 2400 px JPEG alone was as large as every AVIF together. */
export const FALLBACK_MAX_WIDTH = 1600;
export const DEFAULT_DISPLAY_WIDTH = 1080;
export const THUMB_BOX = { width: 400, height: 300 } as const;
/**
 * The most pixels an image may declare (checked from its header, before anything is decoded).
 * Every real camera passes: the largest single-shot sensor (Phase One IQ4, 14204 x 10652 = 151 MP),
 * the 100 MP medium formats (Fujifilm GFX100, Hasselblad X2D) and in-camera high-resolution modes up
 * to Panasonic's 187 MP. A decompression bomb (a small file declaring 30000 x 30000 = 900 MP, or
 * sharp's own ceiling of 268 MP) does not, so no upload can ask for gigabytes of pixels.
 */
export const MAX_INPUT_PIXELS = 200_000_000;
/**
 * The formats an asset gets, best first; the last is the fallback every browser reads. A logo's
 * fallback is PNG: logos are often transparent, and JPEG would put them on a white box.
 */
export function formatsFor(kind: AssetKind): readonly VariantFormat[] {
  return kind === 'logo' ? ['avif', 'png'] : ['avif', 'jpeg'];
}

export const mimeByFormat: Record<SniffedFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Display widths made in `format` for an image `width` px wide: never upscaled, at least one. */
export function planDisplayWidths(width: number, format: VariantFormat = 'avif'): number[] {
  const ladder = DISPLAY_WIDTHS.filter((w) => format === 'avif' || w <= FALLBACK_MAX_WIDTH);
  const widths = ladder.filter((w) => w <= width);
  return widths.length ? widths : [Math.max(1, Math.round(Math.min(width, ladder[ladder.length - 1])))];
}

/** The thumbnail size: fits inside 400x300 keeping the aspect ratio, never upscaled. */
export function thumbSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(THUMB_BOX.width / width, THUMB_BOX.height / height, 1);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Which variant kinds an asset kind gets: a custom thumbnail only needs thumbnails. */
export function variantKindsFor(kind: AssetKind): VariantKind[] {
  return kind === 'thumbnail' ? ['thumb'] : ['thumb', 'display'];
}

/** The smallest planned width at or above the request, else the largest there is. */
export function pickWidth(planned: number[], requested: number | undefined): number {
  const want = requested && requested > 0 ? requested : DEFAULT_DISPLAY_WIDTH;
  const sorted = [...planned].sort((a, b) => a - b);
  return sorted.find((w) => w >= want) ?? sorted[sorted.length - 1];
}

/**
 * AVIF when the Accept header allows it (q=0 means "not acceptable"), else the asset's fallback
 * ('jpeg' stands for it here: a logo's is PNG, see formatsFor).
 */
export function pickFormat(accept: string | undefined): 'avif' | 'jpeg' {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(type.trim());
  }
  return accepted.has('image/avif') ? 'avif' : 'jpeg';
}

/** The image format from the first bytes, whatever the file claims to be. */
export function sniffFormat(buf: Uint8Array): SniffedFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 16 && ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8, then minor version, then compatible brands to the box end
    const boxEnd = Math.min(buf.length, (buf[0] << 24) | (buf[1] << 16) | (buf[2] << 8) | buf[3]);
    const brands = [ascii(8, 12)];
    for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(ascii(i, i + 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
  }
  return null;
}

/** '5 MB' for 5 * 1024 * 1024. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** Whether an If-None-Match header matches our strong ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

export function toHexColor(c: { r: number; g: number; b: number }): string {
  const h = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}

/** libvips' histogram bin of a byte among 16: 0-16 are the first, then 16 values each. */
const BIN_OF = Uint8Array.from({ length: 256 }, (_, v) => Math.floor((v * 16) / 257));

/**
 * The most common colour of sRGB pixels (3 or 4 bytes each, alpha ignored), as sharp's
 * `stats().dominant` finds it: a 16x16x16 histogram, the first fullest bin in its scan order
 * (green, then red, then blue), that bin's centre. In JS because sharp's stats pipeline costs
 * ~6 ms even for the 64-pixel thumbnail an upload is checked with, all of it on the request.
 */
export function dominantColor(pixels: Uint8Array, channels: number): { r: number; g: number; b: number } {
  const bins = new Uint32Array(16 * 16 * 16);
  for (let i = 0; i + 2 < pixels.length; i += channels)
    bins[(BIN_OF[pixels[i + 1]] << 8) | (BIN_OF[pixels[i]] << 4) | BIN_OF[pixels[i + 2]]]++;
  let best = 0;
  for (let i = 1; i < bins.length; i++) if (bins[i] > bins[best]) best = i;
  return { r: ((best >> 4) & 15) * 16 + 8, g: (best >> 8) * 16 + 8, b: (best & 15) * 16 + 8 };
}

export type PlannedVariant = { kind: VariantKind; width: number; height: number; format: VariantFormat };

const displaySize = (w: number, width: number, height: number) => ({
  width: w,
  height: Math.max(1, Math.round((w * height) / width)),
});

/** Every variant the media job makes for an asset of this kind and (auto-rotated) size. */
export function planVariants(kind: AssetKind, width: number, height: number): PlannedVariant[] {
  const planned: PlannedVariant[] = [];
  for (const format of formatsFor(kind))
    for (const k of variantKindsFor(kind)) {
      if (k === 'thumb') planned.push({ kind: k, ...thumbSize(width, height), format });
      else
        for (const w of planDisplayWidths(width, format))
          planned.push({ kind: k, ...displaySize(w, width, height), format });
    }
  return planned;
}

/**
 * A variant's file name, the same in the store (`variants/{asset}/`) and in its address
 * (`/media/{asset}/`). A revision after the first (the variants made again with new rights) is in
 * the name, `1080.r2.avif`: a new address, so a year's caching of the old one stays right.
 */
export const variantFileName = (v: {
  kind: VariantKind;
  width: number;
  format: VariantFormat;
  revision?: number;
}) =>
  `${v.kind === 'thumb' ? 'thumb' : v.width}${v.revision ? `.r${v.revision}` : ''}.${v.format === 'jpeg' ? 'jpg' : v.format}`;

const FORMAT_OF_EXTENSION: Record<string, VariantFormat> = { avif: 'avif', jpg: 'jpeg', png: 'png' };

/** A file name back to what it names; null for anything that is not one. */
export function parseVariantFileName(
  name: string,
): { kind: VariantKind; width: number | null; format: VariantFormat; revision: number } | null {
  const m = /^(thumb|[1-9]\d{0,4})(?:\.r([1-9]\d{0,8}))?\.(avif|jpg|png)$/.exec(name);
  if (!m) return null;
  return {
    kind: m[1] === 'thumb' ? 'thumb' : 'display',
    width: m[1] === 'thumb' ? null : Number(m[1]),
    format: FORMAT_OF_EXTENSION[m[3]],
    revision: m[2] ? Number(m[2]) : 0,
  };
}

/**
 * The one variant a request for `kind` at `requestedWidth` in `accepted` (pickFormat) is answered
 * with: AVIF, or the asset's fallback format.
 */
export function variantFor(
  asset: { kind: AssetKind; width: number; height: number },
  kind: VariantKind,
  requestedWidth: number | undefined,
  accepted: 'avif' | 'jpeg',
): PlannedVariant {
  const formats = formatsFor(asset.kind);
  const format = accepted === 'avif' ? formats[0] : formats[formats.length - 1];
  const kinds = variantKindsFor(asset.kind);
  const k = kinds.includes(kind) ? kind : kinds[0];
  if (k === 'thumb') return { kind: k, ...thumbSize(asset.width, asset.height), format };
  const width = pickWidth(planDisplayWidths(asset.width, format), requestedWidth);
  return { kind: k, ...displaySize(width, asset.width, asset.height), format };
}
