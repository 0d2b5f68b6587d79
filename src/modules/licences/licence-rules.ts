// The licences' pure rules (issue 46): a licence's address from its name, and the pixels a
// download size gives of one photo.

/** Addresses a licence may not take: the check page lives under /licences/verify/{id}. */
const RESERVED_SLUGS = new Set(['verify']);

/** A licence's address part from its name: "Commercial, print & web" -> "commercial-print-web". */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'licence';
}

/** The first of slug, slug-2, slug-3 ... that no other licence has (nor a reserved address). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const free = (s: string) => !taken.has(s) && !RESERVED_SLUGS.has(s);
  if (free(base)) return base;
  for (let n = 2; ; n++) if (free(`${base}-${n}`)) return `${base}-${n}`;
}

/** Whether a text could be a licence's address at all (anything else is a 404 without a query). */
export const isSlug = (v: string): boolean => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) && v.length <= 80;

/**
 * The file's size for this photo as a buyer reads it: a size's long edge ("2048 px"), never more
 * than the original has (a file is never upscaled): full resolution, or a size larger than the
 * original, gives the original's "6000 × 4000 px". Unknown dimensions: the size's own words.
 */
export function pixelsOf(longEdgePx: number | null, photo: { width: number; height: number }): string {
  const known = photo.width > 0 && photo.height > 0;
  const original = `${photo.width} × ${photo.height} px`;
  if (longEdgePx === null) return known ? original : 'Full resolution';
  if (known && longEdgePx >= Math.max(photo.width, photo.height)) return original;
  return `${longEdgePx} px`;
}
