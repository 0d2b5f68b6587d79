import { describe, expect, it } from 'vitest';
import type { ImageFormatFiles } from '@contract';
import { buildSrcSet, noImageDataUri, objectPositionFor, pickSrc, pictureSources } from './image-sources';

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

describe('pictureSources', () => {
  const display = (ext: string, widths: number[]) =>
    widths.map((width) => ({ width, url: `/media/12/${width}.${ext}` }));
  const files: ImageFormatFiles[] = [
    {
      type: 'image/avif',
      thumbnail: '/media/12/thumb.avif',
      display: display('avif', [640, 1080, 1600, 2400]),
    },
    { type: 'image/jpeg', thumbnail: '/media/12/thumb.jpg', display: display('jpg', [640, 1080, 1600]) },
  ];

  it('gives every format but the last a source with each width, and the <img> the JPEG', () => {
    expect(pictureSources(files, false)).toEqual({
      sources: [
        {
          type: 'image/avif',
          srcSet:
            '/media/12/640.avif 640w, /media/12/1080.avif 1080w, /media/12/1600.avif 1600w, /media/12/2400.avif 2400w',
          sized: true,
        },
      ],
      img: {
        src: '/media/12/1080.jpg',
        srcSet: '/media/12/640.jpg 640w, /media/12/1080.jpg 1080w, /media/12/1600.jpg 1600w',
      },
    });
  });

  it('keeps absolute addresses on another host as they are', () => {
    const cdn = files.map((f) => ({
      ...f,
      display: f.display.map((d) => ({ ...d, url: `https://cdn.example.com${d.url}` })),
    }));
    expect(pictureSources(cdn, false)?.img.src).toBe('https://cdn.example.com/media/12/1080.jpg');
  });

  it('falls back to the smallest width at or above the target, else the largest', () => {
    expect(pictureSources(files, false, 1200)?.img.src).toBe('/media/12/1600.jpg');
    const small = [{ ...files[1], display: display('jpg', [800, 640]) }];
    expect(pictureSources(small, false)).toEqual({
      sources: [],
      img: { src: '/media/12/800.jpg', srcSet: '/media/12/640.jpg 640w, /media/12/800.jpg 800w' },
    });
  });

  it("uses each format's thumbnail, without widths, for a small image", () => {
    expect(pictureSources(files, true)).toEqual({
      sources: [{ type: 'image/avif', srcSet: '/media/12/thumb.avif', sized: false }],
      img: { src: '/media/12/thumb.jpg', srcSet: undefined },
    });
  });

  it('shows the thumbnail of a format without display widths, and nothing without files', () => {
    const bare = files.map((f) => ({ ...f, display: [] }));
    expect(pictureSources(bare, false)).toEqual({
      sources: [{ type: 'image/avif', srcSet: '/media/12/thumb.avif', sized: false }],
      img: { src: '/media/12/thumb.jpg', srcSet: undefined },
    });
    expect(pictureSources([], false)).toBeUndefined();
  });
});

describe('objectPositionFor', () => {
  it('maps verticalPosition to a percentage, centred when absent and clamped', () => {
    expect(objectPositionFor(0)).toBe('50% 0%');
    expect(objectPositionFor(75)).toBe('50% 75%');
    expect(objectPositionFor(null)).toBe('50% 50%');
    expect(objectPositionFor(140)).toBe('50% 100%');
  });
  it('puts horizontalPosition first: the focal point left to right', () => {
    expect(objectPositionFor(20, 80)).toBe('80% 20%');
    expect(objectPositionFor(20, -5)).toBe('0% 20%');
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
