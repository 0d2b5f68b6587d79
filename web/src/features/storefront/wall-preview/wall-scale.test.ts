import { describe, expect, it } from 'vitest';
import { parseLength, wallLayout, widthPerInch } from './wall-scale';

describe('wallLayout', () => {
  it('keeps the print and the sofa at their real widths on one wall', () => {
    const { wall, reference, print } = wallLayout('sofa', { widthIn: 36, heightIn: 24 });
    expect(reference.width).toBe(84);
    expect(print.width).toBe(36);
    // over the sofa, clear of its back, inside the wall
    expect(print.y).toBeGreaterThanOrEqual(34 + 8);
    expect(print.y + print.height).toBeLessThanOrEqual(wall.heightIn);
    expect(print.x + print.width / 2).toBeCloseTo(wall.widthIn / 2, 6);
  });

  it('hangs the print beside a doorway or a person, and grows the wall for a large print', () => {
    const { wall, reference, print } = wallLayout('doorway', { widthIn: 60, heightIn: 90 });
    expect(print.x).toBeGreaterThan(reference.x + reference.width);
    expect(print.x + print.width).toBeLessThanOrEqual(wall.widthIn);
    expect(print.y + print.height).toBeLessThanOrEqual(wall.heightIn);
    expect(wall.heightIn).toBeGreaterThan(96);
  });
});

describe('widthPerInch', () => {
  it('reads the scale from two marked points and their length', () => {
    // 0.22 of the width is 11 in: a 16 in print is 0.32 of it
    expect(widthPerInch({ x: 0.3, y: 0.5 }, { x: 0.52, y: 0.5 }, 11, 4 / 3) * 16).toBeCloseTo(0.32, 6);
    // a vertical mark: 0.4 of a 4:3 photo's height is 0.3 of its width
    expect(widthPerInch({ x: 0.5, y: 0.1 }, { x: 0.5, y: 0.5 }, 30, 4 / 3) * 30).toBeCloseTo(0.3, 6);
  });
});

describe('parseLength', () => {
  it('takes a positive number of inches, with or without the unit', () => {
    expect(parseLength('36')).toBe(36);
    expect(parseLength(' 2.5 in ')).toBe(2.5);
    expect(parseLength('30"')).toBe(30);
    expect(parseLength('0')).toBeNull();
    expect(parseLength('three')).toBeNull();
    expect(parseLength('')).toBeNull();
  });
});
