/** Source rules of the one image component (api-contract.md "Image addresses"). */

/** Below this rendered width the thumbnail is good enough (the thumbnail is 400 px wide). */
export const THUMBNAIL_MAX_WIDTH = 200;

function withParam(url: string, name: string, value: string | number): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
}

/** `${imageUrl}&w=${width} ${width}w` for each available width, smallest first. */
export function buildSrcSet(
  imageUrl: string,
  widths: readonly number[] | null | undefined,
): string | undefined {
  const sorted = [...new Set(widths ?? [])].filter((w) => Number.isFinite(w) && w > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  return sorted.map((w) => `${withParam(imageUrl, 'w', w)} ${w}w`).join(', ');
}

/** The fallback `src`: the smallest width at or above `target`, else the largest; the plain address without widths. */
export function pickSrc(
  imageUrl: string,
  widths: readonly number[] | null | undefined,
  target = 1080,
): string {
  const sorted = [...(widths ?? [])].filter((w) => Number.isFinite(w) && w > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return imageUrl;
  const width = sorted.find((w) => w >= target) ?? sorted[sorted.length - 1];
  return withParam(imageUrl, 'w', width);
}

/** verticalPosition 0 shows the top, 100 the bottom; centred when absent. */
export function objectPositionFor(verticalPosition: number | null | undefined): string {
  const v = typeof verticalPosition === 'number' && Number.isFinite(verticalPosition) ? verticalPosition : 50;
  return `50% ${Math.min(100, Math.max(0, Math.round(v)))}%`;
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
