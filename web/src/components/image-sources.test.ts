import { describe, expect, it } from 'vitest';
import { buildSrcSet, noImageDataUri, objectPositionFor, pickSrc } from './image-sources';

describe('buildSrcSet', () => {
  it('lists every width with its descriptor, smallest first', () => {
    expect(buildSrcSet('/api/photos/7/image?v=3', [1600, 640, 1080])).toBe(
      '/api/photos/7/image?v=3&w=640 640w, /api/photos/7/image?v=3&w=1080 1080w, /api/photos/7/image?v=3&w=1600 1600w',
    );
  });

  it('starts a query string when the address has none', () => {
    expect(buildSrcSet('/api/photos/7/image', [640])).toBe('/api/photos/7/image?w=640 640w');
  });

  it('is undefined without widths', () => {
    expect(buildSrcSet('/x', [])).toBeUndefined();
    expect(buildSrcSet('/x', null)).toBeUndefined();
  });
});

describe('pickSrc', () => {
  it('takes the smallest width at or above the target', () => {
    expect(pickSrc('/i?v=1', [640, 1080, 1600], 1000)).toBe('/i?v=1&w=1080');
  });

  it('takes the largest width when none is big enough, and the plain address without widths', () => {
    expect(pickSrc('/i?v=1', [640], 1080)).toBe('/i?v=1&w=640');
    expect(pickSrc('/i?v=1', [])).toBe('/i?v=1');
  });
});

describe('objectPositionFor', () => {
  it('maps verticalPosition to a percentage, centred when absent and clamped', () => {
    expect(objectPositionFor(0)).toBe('50% 0%');
    expect(objectPositionFor(75)).toBe('50% 75%');
    expect(objectPositionFor(null)).toBe('50% 50%');
    expect(objectPositionFor(140)).toBe('50% 100%');
  });
});

describe('noImageDataUri', () => {
  it('is an inline 400x300 SVG reading No Image', () => {
    const uri = noImageDataUri();
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(uri.slice('data:image/svg+xml,'.length));
    expect(svg).toContain('width="400"');
    expect(svg).toContain('height="300"');
    expect(svg).toContain('>No Image</text>');
  });
});
