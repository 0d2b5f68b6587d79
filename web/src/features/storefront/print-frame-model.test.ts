import { describe, expect, it } from 'vitest';
import { printFrameOf, printFrameText } from './print-frame-model';

const landscape = { width: 2400, height: 1600 };
const centre = { x: 50, y: 50, custom: false };

describe('printFrameOf', () => {
  it('frames a landscape 8x10 as a 10 by 8 box at full height, centred on the focal point', () => {
    const frame = printFrameOf(landscape, { size: '8x10', crop: centre })!;
    expect(frame.cropped).toBe(true);
    expect(frame.box.height).toBe(1);
    expect((frame.box.width * landscape.width) / (frame.box.height * landscape.height)).toBeCloseTo(1.25, 3);
    expect(frame.box.left).toBeCloseTo((1 - frame.box.width) / 2, 3);
  });

  it('follows the size’s own crop to the left edge', () => {
    expect(
      printFrameOf(landscape, { size: '8x10 inch', crop: { x: 0, y: 50, custom: true } })!.box.left,
    ).toBe(0);
  });

  it('takes the whole photo when the ratios agree, and nothing for a size not in inches', () => {
    expect(printFrameOf(landscape, { size: '8x12', crop: centre })).toEqual({
      box: { left: 0, top: 0, width: 1, height: 1 },
      cropped: false,
    });
    expect(printFrameOf(landscape, { size: 'A4', crop: centre })).toBeNull();
    expect(printFrameOf(landscape, { size: '30x40 cm', crop: centre })).toBeNull();
  });
});

describe('printFrameText', () => {
  it('says which part the chosen size prints', () => {
    expect(printFrameText({ size: '8x10' }, true)).toBe('The 8x10 print shows the framed part of the photo.');
    expect(printFrameText({ size: '8x12' }, false)).toBe('The 8x12 print shows the whole photo.');
  });
});
