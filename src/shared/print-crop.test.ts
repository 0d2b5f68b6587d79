import { describe, expect, it } from 'vitest';
import { cropFor, cropFractions, needsCrop, orientedPrint } from './print-crop';

const landscape32 = { width: 6000, height: 4000 };
const portrait32 = { width: 4000, height: 6000 };

describe('orientedPrint', () => {
  it('turns the print to the photo: a landscape 8x12 prints 12 wide', () => {
    expect(orientedPrint(landscape32, { widthIn: 8, heightIn: 12 })).toEqual({ widthIn: 12, heightIn: 8 });
    expect(orientedPrint(portrait32, { widthIn: 12, heightIn: 8 })).toEqual({ widthIn: 8, heightIn: 12 });
  });
  it('keeps the sides of a square photo or print', () => {
    expect(orientedPrint({ width: 3000, height: 3000 }, { widthIn: 8, heightIn: 10 })).toEqual({
      widthIn: 8,
      heightIn: 10,
    });
    expect(orientedPrint(landscape32, { widthIn: 10, heightIn: 10 })).toEqual({ widthIn: 10, heightIn: 10 });
  });
});

describe('cropFor', () => {
  it('takes the whole image when the ratios agree within half a percent', () => {
    expect(needsCrop(landscape32, { widthIn: 8, heightIn: 12 })).toBe(false);
    expect(cropFor(landscape32, { widthIn: 8, heightIn: 12 })).toEqual({ left: 0, top: 0, ...landscape32 });
  });

  it('crops a 3:2 photo sold as 8x10 to 5:4 at full height, centred', () => {
    const box = cropFor(landscape32, { widthIn: 8, heightIn: 10 });
    expect(box).toEqual({ left: 500, top: 0, width: 5000, height: 4000 });
    expect(box.width / box.height).toBeCloseTo(10 / 8, 3);
  });

  it('centres on the focal point and stays inside the image near an edge', () => {
    expect(cropFor(landscape32, { widthIn: 8, heightIn: 10 }, { x: 30, y: 50 }).left).toBe(0);
    expect(cropFor(landscape32, { widthIn: 8, heightIn: 10 }, { x: 55, y: 50 }).left).toBe(800);
    expect(cropFor(landscape32, { widthIn: 8, heightIn: 10 }, { x: 100, y: 0 }).left).toBe(1000);
  });

  it('crops a portrait photo by height, moving with the vertical focal point', () => {
    const box = cropFor(portrait32, { widthIn: 10, heightIn: 8 }, { x: 50, y: 20 });
    expect(box).toEqual({ left: 0, top: 0, width: 4000, height: 5000 });
    expect(cropFor(portrait32, { widthIn: 10, heightIn: 8 }, { x: 50, y: 55 }).top).toBe(800);
  });

  it('crops a square print from the middle of a wide photo', () => {
    expect(cropFor(landscape32, { widthIn: 12, heightIn: 12 })).toEqual({
      left: 1000,
      top: 0,
      width: 4000,
      height: 4000,
    });
  });

  it('reads nonsense focal points as the centre or the edge', () => {
    expect(cropFor(landscape32, { widthIn: 8, heightIn: 10 }, { x: Number.NaN, y: 50 }).left).toBe(500);
    expect(cropFor(landscape32, { widthIn: 8, heightIn: 10 }, { x: 500, y: -3 }).left).toBe(1000);
  });

  it('gives fractions of the image for frames', () => {
    const f = cropFractions(landscape32, { widthIn: 8, heightIn: 10 });
    expect(f.left).toBeCloseTo(1 / 12, 6);
    expect(f.width).toBeCloseTo(5 / 6, 6);
    expect(f.height).toBe(1);
  });
});
