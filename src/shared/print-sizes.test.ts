import { describe, expect, it } from 'vitest';
import { canonicalSize, optionTextKey, parseInches, sameSize, tidyFormat } from './print-sizes';

describe('canonicalSize', () => {
  it('stores every way of writing 8 by 12 inches as 8x12', () => {
    for (const typed of [
      '8x12',
      '8x12 inch',
      '8 x 12 in',
      '8 X 12',
      '8×12',
      '8" x 12"',
      '8″ × 12″',
      "8'' x 12''",
      '8 in x 12 in',
      '8in. x 12in.',
      '8 x 12 inches',
      '8 by 12',
      '  8 x 12  ',
      '08 x 12.0',
      '8*12',
    ])
      expect(canonicalSize(typed), typed).toBe('8x12');
  });

  it('keeps decimals and the order of the sides', () => {
    expect(canonicalSize('8.5 x 11 in')).toBe('8.5x11');
    expect(canonicalSize('8.50x11.00"')).toBe('8.5x11');
    expect(canonicalSize('12 x 8 inch')).toBe('12x8');
    expect(canonicalSize('.5 x 1')).toBe('0.5x1');
  });

  it('keeps a metric unit, so 30x40 cm is never 30x40 inches', () => {
    expect(canonicalSize('30 x 40 cm')).toBe('30x40 cm');
    expect(canonicalSize('30cm x 40cm')).toBe('30x40 cm');
    expect(canonicalSize('210 × 297 MM')).toBe('210x297 mm');
    expect(sameSize('30x40 cm', '30x40')).toBe(false);
  });

  it('keeps the words around the figures, spaces collapsed', () => {
    expect(canonicalSize('8 x 10 inch  matted')).toBe('8x10 matted');
    expect(canonicalSize('Large: 24" x 36"')).toBe('Large: 24x36');
    expect(canonicalSize('16 x 20 in (framed)')).toBe('16x20 (framed)');
  });

  it('only tidies a size that is not two figures', () => {
    expect(canonicalSize(' A4 ')).toBe('A4');
    expect(canonicalSize('Extra   large')).toBe('Extra large');
    expect(canonicalSize('')).toBe('');
  });

  it('is stable: a stored size stays as it is', () => {
    for (const typed of ['8 x 12 in', '30 x 40 cm', 'Large: 24" x 36"', 'A4'])
      expect(canonicalSize(canonicalSize(typed))).toBe(canonicalSize(typed));
  });
});

describe('sameSize', () => {
  it("reads '8x12', '8x12 inch' and '8 x 12 in' as one size, and 8x10 as another", () => {
    expect(sameSize('8x12', '8x12 inch')).toBe(true);
    expect(sameSize('8x12 inch', '8 x 12 in')).toBe(true);
    expect(sameSize('8X12', '8×12"')).toBe(true);
    expect(sameSize('8x12', '8x10')).toBe(false);
    expect(sameSize('8x12', '12x8')).toBe(false);
  });
});

describe('parseInches', () => {
  it('reads the inches of a size however it is written', () => {
    expect(parseInches('8x10 inch')).toEqual({ widthIn: 8, heightIn: 10 });
    expect(parseInches('12 x 16')).toEqual({ widthIn: 12, heightIn: 16 });
    expect(parseInches('5×7"')).toEqual({ widthIn: 5, heightIn: 7 });
    expect(parseInches('8.5x11 in')).toEqual({ widthIn: 8.5, heightIn: 11 });
    expect(parseInches('16 by 24')).toEqual({ widthIn: 16, heightIn: 24 });
  });

  it('answers null for a size that is not in inches', () => {
    expect(parseInches('Large')).toBeNull();
    expect(parseInches('A3')).toBeNull();
    expect(parseInches('30 x 40 cm')).toBeNull();
  });
});

describe('optionTextKey and tidyFormat', () => {
  it('compare formats ignoring case and spaces, and store them tidied', () => {
    expect(optionTextKey('lustre  paper')).toBe(optionTextKey('Lustre Paper'));
    expect(tidyFormat('  Lustre   Paper ')).toBe('Lustre Paper');
  });
});
