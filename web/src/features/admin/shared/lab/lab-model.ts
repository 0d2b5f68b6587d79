import { parseInches } from '@shared/print-sizes';

/** The lab the shop sends to (the contract's only provider so far), as the owner reads it. */
export const LAB_NAME = 'Lumaprints';

/**
 * The width and height in inches a print option's size names ('8x10', '8 x 10 inch', '12×16 in',
 * '8.5x11'), as the dialog's fields start; null when the size does not read as inches.
 */
export function sizeInches(size: string): { width: string; height: string } | null {
  const inches = parseInches(size);
  return inches && { width: String(inches.widthIn), height: String(inches.heightIn) };
}

/** 45 -> '45%', 12.345 -> '12.3%'. */
export function percentText(percent: number): string {
  return `${Math.round(percent * 10) / 10}%`;
}

/** An inch figure as the owner reads it: 8 -> '8', 8.5 -> '8.5'. */
export const inchesText = (n: number) => String(Math.round(n * 100) / 100);
