/** Source rules of the one image component (api-contract.md "Image addresses" and "Media files"). */

import type { ImageFormatFiles } from '@contract';

/** Below this rendered width the thumbnail is good enough (the thumbnail is 400 px wide). */
export const THUMBNAIL_MAX_WIDTH = 200;

function withParam(url: string, name: string, value: string | number): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
}

/** The usable widths, once each, smallest first. */
function cleanWidths(widths: readonly number[] | null | undefined): number[] {
  return [...new Set(widths ?? [])].filter((w) => Number.isFinite(w) && w > 0).sort((a, b) => a - b);
}

/** The smallest of the sorted widths at or above `target`, else the largest. */
function widthFor(sorted: readonly number[], target: number): number {
  return sorted.find((w) => w >= target) ?? sorted[sorted.length - 1];
}

/** `${imageUrl}&w=${width} ${width}w` for each available width, smallest first. */
export function buildSrcSet(
  imageUrl: string,
  widths: readonly number[] | null | undefined,
): string | undefined {
  const sorted = cleanWidths(widths);
  if (sorted.length === 0) return undefined;
  return sorted.map((w) => `${withParam(imageUrl, 'w', w)} ${w}w`).join(', ');
}

/** The fallback `src`: the smallest width at or above `target`, else the largest; the plain address without widths. */
export function pickSrc(
  imageUrl: string,
  widths: readonly number[] | null | undefined,
  target = 1080,
): string {
  const sorted = cleanWidths(widths);
  if (sorted.length === 0) return imageUrl;
  return withParam(imageUrl, 'w', widthFor(sorted, target));
}

/** A `<source>` of a `<picture>`: `sized` when its srcset has width descriptors (so `sizes` applies). */
export type PictureSource = { type: string; srcSet: string; sized: boolean };

/** What a photo's `files` become: a `<source>` per format but the last, and the `<img>` with the last. */
export type PictureSources = { sources: PictureSource[]; img: { src: string; srcSet?: string } };

/**
 * The `<picture>` of a photo's files (best format first, the last JPEG, which every browser reads):
 * each format's thumbnail when `thumbnail`, else each of its display widths with the fallback `src`
 * picked as pickSrc does. Undefined without files.
 */
export function pictureSources(
  files: readonly ImageFormatFiles[],
  thumbnail: boolean,
  target = 1080,
): PictureSources | undefined {
  if (files.length === 0) return undefined;
  const formats = files.map((format) => {
    const byWidth = new Map(format.display.map((d) => [d.width, d.url]));
    const widths = cleanWidths([...byWidth.keys()]);
    // A format without display widths (never sent, but the type allows it) shows its thumbnail.
    if (thumbnail || widths.length === 0) return { type: format.type, src: format.thumbnail };
    return {
      type: format.type,
      src: byWidth.get(widthFor(widths, target))!,
      srcSet: widths.map((w) => `${byWidth.get(w)} ${w}w`).join(', '),
    };
  });
  const last = formats[formats.length - 1];
  return {
    sources: formats
      .slice(0, -1)
      .map(({ type, src, srcSet }) => ({ type, srcSet: srcSet ?? src, sized: srcSet !== undefined })),
    img: { src: last.src, srcSet: last.srcSet },
  };
}

const percent = (n: number | null | undefined) =>
  Math.min(100, Math.max(0, Math.round(typeof n === 'number' && Number.isFinite(n) ? n : 50)));

/**
 * The photo's focal point as a CSS position: verticalPosition 0 shows the top, 100 the bottom;
 * horizontalPosition 0 the left edge, 100 the right; each centred when absent.
 */
export function objectPositionFor(
  verticalPosition: number | null | undefined,
  horizontalPosition?: number | null,
): string {
  return `${percent(horizontalPosition)}% ${percent(verticalPosition)}%`;
}

/** A locally generated 'No Image' placeholder (no outside placeholder service). */
export function noImageDataUri(width = 400, height = 300, text = 'No Image'): string {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 9));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#e7e2d8"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" fill="#5d665f" ` +
    `font-family="system-ui, sans-serif" font-size="${fontSize}">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
