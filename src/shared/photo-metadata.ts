// What a photo file says about itself: its aspect ratio and the camera EXIF the shop keeps. Pure and
// free of imports, so the admin's photo form (in the browser) and the server (src/modules/catalog,
// src/modules/media) read a file the same way.

/** The ratios the photo form offers first (the spec's defaults). */
export const STANDARD_ASPECT_RATIOS = ['3:2', '2:3', '1:1', '16:9', '4:3'] as const;
/** Aspect ratios are text of at most 7 characters. */
const RATIO_MAX = 7;
/** Within 2% of a standard ratio counts as that ratio (a 4000x2667 file is 3:2). */
const TOLERANCE = 0.02;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const ratioValue = (r: string) => {
  const [w, h] = r.split(':').map(Number);
  return w / h;
};

/**
 * The nearest of the standard ratios, or the exact reduced ratio when none is close (3:4, 5:4,
 * 65:24); a reduced ratio too long for 7 characters becomes the closest fraction that fits.
 */
export function nearestAspectRatio(width: number, height: number): string | null {
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return null;
  const w = Math.round(width);
  const h = Math.round(height);
  const value = w / h;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const r of STANDARD_ASPECT_RATIOS) {
    const distance = Math.abs(Math.log(value / ratioValue(r)));
    if (distance < bestDistance) [best, bestDistance] = [r, distance];
  }
  if (best && bestDistance <= Math.log(1 + TOLERANCE)) return best;
  const d = gcd(w, h);
  const exact = `${w / d}:${h / d}`;
  if (exact.length <= RATIO_MAX) return exact;
  // the closest fraction whose text fits: search small denominators (cheap, at most a few hundred)
  let fit = best ?? '1:1';
  let fitDistance = Infinity;
  for (let den = 1; den <= 999; den++) {
    const num = Math.round(value * den);
    const text = `${num}:${den}`;
    if (num < 1 || text.length > RATIO_MAX || gcd(num, den) !== 1) continue;
    const distance = Math.abs(Math.log(value / (num / den)));
    if (distance < fitDistance) [fit, fitDistance] = [text, distance];
  }
  return fit;
}

/** The camera details kept on a photo (never its position: GPS is not read at all). */
export type CameraDetails = {
  camera: string | null;
  lens: string | null;
  focalLength: string | null;
  aperture: string | null;
  shutter: string | null;
  iso: number | null;
};

/** The only EXIF tags read, by exifr's names. */
export const EXIF_TAGS = [
  'DateTimeOriginal',
  'Make',
  'Model',
  'LensModel',
  'FocalLength',
  'FNumber',
  'ExposureTime',
  'ISO',
] as const;

/** Every block exifr could read that no reading here needs: never parsed (GPS above all). */
const NOTHING_ELSE = {
  gps: false,
  ifd1: false,
  interop: false,
  iptc: false,
  icc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
} as const;

/**
 * exifr options: only the tags above, from the IFDs that hold them; GPS, XMP, IPTC, ICC and the
 * thumbnail IFD are not parsed, so a position can never be read. Dates stay EXIF text
 * ('2024:05:17 06:12:00'): no time-zone guess.
 */
export const EXIF_OPTIONS = {
  ...NOTHING_ELSE,
  pick: [...EXIF_TAGS],
  tiff: true,
  exif: true,
  xmp: false,
  translateValues: false,
  reviveValues: false,
};

export type ExifTags = Partial<Record<(typeof EXIF_TAGS)[number], unknown>>;

const text = (v: unknown, max = 100): string | null => {
  if (typeof v !== 'string') return null;
  // EXIF strings are often NUL- or space-padded
  const t = v.replaceAll('\u0000', '').trim();
  return t ? t.slice(0, max) : null;
};
const positive = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
const trimNumber = (n: number, digits = 1) => String(Number(n.toFixed(digits)));

/** 'YYYY-MM-DD' from EXIF's 'YYYY:MM:DD hh:mm:ss' (or a Date), else null. */
export function exifDate(v: unknown): string | null {
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString().slice(0, 10);
  const m = typeof v === 'string' ? /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(v.trim()) : null;
  if (!m || m[1] === '0000' || m[2] === '00' || m[3] === '00') return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** '1/250 s', '0.5 s', '30 s'. */
function shutterText(seconds: number): string {
  if (seconds < 0.5) return `1/${Math.round(1 / seconds)} s`;
  return `${trimNumber(seconds)} s`;
}

/** The displayable camera details, or null when the file names none of them. */
export function cameraDetailsFrom(tags: ExifTags | null | undefined): CameraDetails | null {
  if (!tags) return null;
  const make = text(tags.Make);
  const model = text(tags.Model);
  // 'Canon' + 'Canon EOS R5' reads 'Canon EOS R5', not 'Canon Canon EOS R5'
  const camera =
    make && model && !model.toLowerCase().startsWith(make.toLowerCase().split(' ')[0])
      ? `${make} ${model}`
      : (model ?? make);
  const focal = positive(tags.FocalLength);
  const fNumber = positive(tags.FNumber);
  const exposure = positive(tags.ExposureTime);
  const iso = positive(Array.isArray(tags.ISO) ? tags.ISO[0] : tags.ISO);
  const details: CameraDetails = {
    camera,
    lens: text(tags.LensModel),
    focalLength: focal ? `${trimNumber(focal)} mm` : null,
    aperture: fNumber ? `f/${trimNumber(fNumber)}` : null,
    shutter: exposure ? shutterText(exposure) : null,
    iso: iso ? Math.round(iso) : null,
  };
  return Object.values(details).some((v) => v !== null) ? details : null;
}

/** 'NIKON Z 6_2 · NIKKOR Z 100-400mm · 400 mm · f/5.6 · 1/1000 s · ISO 800' */
export function cameraSummary(c: CameraDetails): string {
  return [c.camera, c.lens, c.focalLength, c.aperture, c.shutter, c.iso ? `ISO ${c.iso}` : null]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A file's name made readable, for a title when the file has none: no extension, `_` and `-` as
 * spaces, the first letter upper-case ("great-blue-heron_at_dawn.jpg" -> "Great blue heron at
 * dawn", "DSC_0412.JPG" -> "DSC 0412"). Null when nothing is left.
 */
export function titleFromFileName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const words = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words ? (words[0].toUpperCase() + words.slice(1)).slice(0, 200) : null;
}

/**
 * exifr's options for a file's own title or caption: IFD0's ImageDescription and XPTitle, and the
 * XMP packet as raw text (exifr's XMP parser would also read a position from it; xmpTitle reads
 * dc:title alone). Both sit in the file's header: exifr reads the first chunks, not the whole file.
 */
export const TITLE_EXIF_OPTIONS = {
  ...NOTHING_ELSE,
  tiff: { pick: ['ImageDescription', 'XPTitle'] },
  exif: false,
  xmp: { parse: false },
};

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] !== '#') return xmlEntities[e] ?? whole;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/**
 * dc:title from an XMP packet (Lightroom's and most editors' Title field): the x-default language
 * first, else the first one given; the attribute form too. Null when there is none.
 */
export function xmpTitle(xmp: unknown): string | null {
  if (typeof xmp !== 'string') return null;
  const attribute = /\sdc:title\s*=\s*"([^"]*)"/.exec(xmp);
  const element = /<dc:title(?:\s[^>]*)?>([\s\S]*?)<\/dc:title>/.exec(xmp)?.[1];
  let value = attribute?.[1];
  if (element !== undefined) {
    const items = [...element.matchAll(/<rdf:li(\s[^>]*)?>([\s\S]*?)<\/rdf:li>/g)];
    const chosen = items.find((m) => /xml:lang\s*=\s*["']x-default["']/.test(m[1] ?? '')) ?? items[0];
    value = chosen ? chosen[2] : element;
  }
  return value === undefined ? null : text(xmlText(value.replace(/<[^>]*>/g, '')), 200);
}

/**
 * The file's own title, else its caption: EXIF's XPTitle, then XMP's dc:title, then EXIF's
 * ImageDescription (a caption more often than a title). Null when the file names none.
 */
export function exifTitle(tags: Record<string, unknown> | null | undefined): string | null {
  return text(tags?.XPTitle, 200) ?? xmpTitle(tags?.xmp) ?? text(tags?.ImageDescription, 200);
}
