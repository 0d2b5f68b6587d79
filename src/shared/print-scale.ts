// A print's real size on a wall: its sides (inches, or a metric size turned to inches) in the
// photo's orientation, and the frame or mat around it. Shared by the wall preview (the browser
// draws it at scale) and the print's 3D model (the server builds it in metres), so both agree.

import { orientedPrint, type PixelSize, type PrintInches } from './print-crop';
import { canonicalSize, parseInches } from './print-sizes';

export const METRES_PER_INCH = 0.0254;

/** A stored metric size ('30x40 cm', '300x400 mm', words around allowed). */
const METRIC = /(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?) (cm|mm)\b/;

/** The sides a size names, in inches: '8x12' as it is, '30x40 cm' converted; null for 'A4' or 'Large'. */
export function printInches(size: string): PrintInches | null {
  const inches = parseInches(size);
  if (inches) return inches;
  const m = METRIC.exec(canonicalSize(size));
  if (!m) return null;
  const perInch = m[3] === 'mm' ? 25.4 : 2.54;
  return { widthIn: Number(m[1]) / perInch, heightIn: Number(m[2]) / perInch };
}

/**
 * What hangs around the print, read from the option's format text. The rule is kept simple (no
 * catalogue field says it): a format naming a frame ('Framed', 'Black frame') gets a 1 in frame, one
 * naming a mat ('Matted', 'with mat') a 2 in mat inside it; 'Unframed', 'No mat' and plain
 * materials ('Lustre Paper', 'Canvas') get neither.
 */
export const FRAME_IN = 1;
export const MAT_IN = 2;
export function surroundOf(format: string): { frameIn: number; matIn: number } {
  const text = format.toLowerCase();
  const framed = /\bframed?\b/.test(text) && !/\b(no|without)\s+frame\b/.test(text);
  const matted = /\b(mat|matt|matte?d|mats)\b/.test(text) && !/\b(no|without)\s+mat\b/.test(text);
  // 'matte' names a paper finish, not a mat
  const finish = /\bmatte\b/.test(text) && !/\bmatted\b/.test(text);
  return { frameIn: framed ? FRAME_IN : 0, matIn: matted && !finish ? MAT_IN : 0 };
}

export type WallPrint = PrintInches & {
  frameIn: number;
  matIn: number;
  /** The whole piece on the wall: print, mat and frame. */
  outerWidthIn: number;
  outerHeightIn: number;
};

/** A print option as it hangs: its sides turned to the photo, with its frame and mat; null without a size. */
export function wallPrintOf(px: PixelSize, option: { size: string; format: string }): WallPrint | null {
  const inches = printInches(option.size);
  if (!inches || !px.width || !px.height) return null;
  const print = orientedPrint(px, inches);
  const { frameIn, matIn } = surroundOf(option.format);
  const border = 2 * (frameIn + matIn);
  return {
    ...print,
    frameIn,
    matIn,
    outerWidthIn: print.widthIn + border,
    outerHeightIn: print.heightIn + border,
  };
}
