// Print sizes as the owner types them ('8x12', '8x12 inch', '8 x 12 in', '8" × 12"') and the one
// form they are stored in. Shared by the server (catalog writes, the print lab's inches) and the
// admin forms, so both read a size the same way.

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
/** An inch mark after a figure: 8", 8'', 8″, 8 in, 8 in., 8 inch, 8 inches. */
const INCH = String.raw`(?:"|''|″|”|“|in(?:ch(?:es)?)?\b\.?)`;
const METRIC = String.raw`(cm|mm)\b`;
const UNIT = String.raw`(?:${INCH}|${METRIC})?`;
const BY = String.raw`(?:x|×|\*|by\b)`;
/** Width, its unit, 'x', height, its unit: groups 1 width, 2 its metric unit, 3 height, 4 its metric unit. */
const DIMENSIONS = new RegExp(String.raw`${NUMBER}\s*${UNIT}\s*${BY}\s*${NUMBER}\s*${UNIT}`, 'i');

/** '08' -> '8', '8.50' -> '8.5', '.5' -> '0.5'. */
const figure = (n: string) => String(Number(n));

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The stored form of a size: width 'x' height in inches without a unit ('8x12'), whatever way it
 * was typed ('8x12 inch', '8 x 12 in', '8" × 12"', '8 by 12'); a metric size keeps its unit
 * ('30x40 cm'), and words around the figures stay ('8x10 matted'). A size that is not two figures
 * ('A4', 'Large') is only trimmed, its spaces collapsed.
 */
export function canonicalSize(size: string): string {
  const m = DIMENSIONS.exec(size);
  if (!m) return collapse(size);
  const metric = (m[4] ?? m[2])?.toLowerCase();
  const dimensions = `${figure(m[1])}x${figure(m[3])}${metric ? ` ${metric}` : ''}`;
  return collapse(`${size.slice(0, m.index)} ${dimensions} ${size.slice(m.index + m[0].length)}`);
}

/** The width and height in inches a size names ('8x10', '12 x 16 in', '5×7"'); null when it does not (or is metric). */
export function parseInches(size: string): { widthIn: number; heightIn: number } | null {
  const m = DIMENSIONS.exec(size);
  if (!m || m[2] || m[4]) return null;
  return { widthIn: Number(m[1]), heightIn: Number(m[3]) };
}

/**
 * Text as options are compared: case, spaces and '×' vs 'x' do not count ('lustre  paper' is
 * 'Lustre Paper'). The server's SQL does the same (print-options.repository.ts, `sameText`).
 */
export function optionTextKey(text: string): string {
  return text.toLowerCase().replace(/×/g, 'x').replace(/\s+/g, '');
}

/** Whether two sizes are one size: '8x12', '8x12 inch' and '8 x 12 in' are. */
export function sameSize(a: string, b: string): boolean {
  return optionTextKey(canonicalSize(a)) === optionTextKey(canonicalSize(b));
}

/** A format (material) as stored: trimmed, its spaces collapsed ('Lustre  Paper ' -> 'Lustre Paper'). */
export function tidyFormat(format: string): string {
  return collapse(format);
}
