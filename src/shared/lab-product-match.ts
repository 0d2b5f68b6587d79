// Whether a lab's product is the print a print option promises (the buyer's e-mail names the
// option's size and paper; the lab makes its product). Shared by the server (the mapping's answer,
// the lab review) and the admin's lab dialog, so both warn alike.
import { parseInches } from './print-sizes';

/**
 * Kinds of paper or material the owner and the labs name: an option that names one of them is
 * expected to be made by a product naming it too. Words a kind is spelled with, as whole words.
 */
const KINDS: Record<string, string[]> = {
  lustre: ['lustre', 'luster'],
  matte: ['matte', 'matt'],
  glossy: ['gloss', 'glossy'],
  metallic: ['metallic'],
  pearl: ['pearl'],
  satin: ['satin'],
  'photo rag': ['photo rag'],
  baryta: ['baryta'],
  'hot press': ['hot press'],
  'cold press': ['cold press'],
  canvas: ['canvas'],
  metal: ['metal', 'aluminum', 'aluminium'],
  acrylic: ['acrylic'],
  wood: ['wood'],
};

/** The kinds a text names: 'Archival Matte Fine Art Paper' -> matte. */
export function paperKinds(text: string): string[] {
  const t = ` ${text.toLowerCase().replace(/[^a-z]+/g, ' ')} `;
  return Object.entries(KINDS)
    .filter(([, words]) => words.some((w) => t.includes(` ${w} `)))
    .map(([kind]) => kind);
}

const sameInches = (a: number, b: number) => Math.abs(a - b) < 0.01;

/**
 * What differs between a print option (its size and format, as the buyer sees them) and the lab
 * product it is sent as: the size (either way round), and the paper when both name a kind and
 * the product names none of the option's. A sentence for the owner, or null when they agree (or
 * cannot be compared: a metric size, a paper named in no known word).
 */
export function labProductMismatch(
  option: { size: string; format: string },
  product: { productName: string; widthIn: number; heightIn: number },
): string | null {
  const problems: string[] = [];
  const inches = parseInches(option.size);
  if (
    inches &&
    !(
      (sameInches(inches.widthIn, product.widthIn) && sameInches(inches.heightIn, product.heightIn)) ||
      (sameInches(inches.widthIn, product.heightIn) && sameInches(inches.heightIn, product.widthIn))
    )
  )
    problems.push('size');
  const wanted = paperKinds(option.format);
  const made = paperKinds(product.productName);
  if (wanted.length && made.length && !wanted.some((k) => made.includes(k))) problems.push('paper');
  if (!problems.length) return null;
  const productSize = `${Math.round(product.widthIn * 100) / 100} x ${Math.round(product.heightIn * 100) / 100} in`;
  return `Not the same ${problems.join(' or ')}: buyers order ${option.size} ${option.format}, the lab makes ${product.productName} at ${productSize}.`;
}
