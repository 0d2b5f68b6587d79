import { describe, expect, it } from 'vitest';
import { madeByText, originalText } from './print-size-status';

describe("a photo's print sizes, as the owner reads them", () => {
  it('names who makes a size and the ppi the original reaches at it', () => {
    expect(madeByText({ madeBy: 'lab', ppi: 200 }, 'Lumaprints')).toBe('Made by Lumaprints · 200 ppi');
    expect(madeByText({ madeBy: 'lab', ppi: 200 }, 'Prodigi')).toBe('Made by Prodigi · 200 ppi');
    expect(madeByText({ madeBy: 'lab', ppi: 200 })).toBe('Made by the lab · 200 ppi');
    expect(madeByText({ madeBy: 'you', ppi: 60 })).toBe('Made by you · 60 ppi');
  });

  it('leaves the ppi out for a size that is not in inches', () => {
    expect(madeByText({ madeBy: 'you', ppi: null })).toBe('Made by you');
  });

  it('gives the original in pixels', () => {
    expect(originalText({ width: 2400, height: 1600 })).toBe('Original: 2400 × 1600 px');
  });
});
