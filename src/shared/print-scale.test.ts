import { describe, expect, it } from 'vitest';
import { printInches, surroundOf, wallPrintOf } from './print-scale';

describe('printInches', () => {
  it('reads inches as they are and metric sizes in inches', () => {
    expect(printInches('8x12')).toEqual({ widthIn: 8, heightIn: 12 });
    expect(printInches('24 x 36 in')).toEqual({ widthIn: 24, heightIn: 36 });
    const cm = printInches('30x40 cm')!;
    expect(cm.widthIn).toBeCloseTo(30 / 2.54, 6);
    expect(cm.heightIn).toBeCloseTo(40 / 2.54, 6);
    expect(printInches('254x508 mm')).toEqual({ widthIn: 10, heightIn: 20 });
  });

  it('is null for a size without figures', () => {
    expect(printInches('A4')).toBeNull();
    expect(printInches('Large')).toBeNull();
  });
});

describe('surroundOf', () => {
  it('draws a frame for a framed format and a mat for a matted one', () => {
    expect(surroundOf('Framed')).toEqual({ frameIn: 1, matIn: 0 });
    expect(surroundOf('Black Frame')).toEqual({ frameIn: 1, matIn: 0 });
    expect(surroundOf('Matted')).toEqual({ frameIn: 0, matIn: 2 });
    expect(surroundOf('Framed & Matted')).toEqual({ frameIn: 1, matIn: 2 });
  });

  it('draws nothing for a plain material, an unframed print or a matte finish', () => {
    expect(surroundOf('Lustre Paper')).toEqual({ frameIn: 0, matIn: 0 });
    expect(surroundOf('Unframed')).toEqual({ frameIn: 0, matIn: 0 });
    expect(surroundOf('No frame')).toEqual({ frameIn: 0, matIn: 0 });
    expect(surroundOf('Matte Paper')).toEqual({ frameIn: 0, matIn: 0 });
  });
});

describe('wallPrintOf', () => {
  it("turns the print to the photo's orientation and adds frame and mat to its outer size", () => {
    const landscape = { width: 6000, height: 4000 };
    expect(wallPrintOf(landscape, { size: '8x12', format: 'Lustre' })).toMatchObject({
      widthIn: 12,
      heightIn: 8,
      outerWidthIn: 12,
      outerHeightIn: 8,
    });
    expect(
      wallPrintOf({ width: 4000, height: 6000 }, { size: '24x36', format: 'Framed & Matted' }),
    ).toMatchObject({
      widthIn: 24,
      heightIn: 36,
      outerWidthIn: 30,
      outerHeightIn: 42,
    });
    expect(wallPrintOf(landscape, { size: 'A4', format: 'Paper' })).toBeNull();
  });
});
