import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImageFormatFiles } from '@contract';
import { ResponsiveImage } from './responsive-image';

const files: ImageFormatFiles[] = [
  {
    type: 'image/avif',
    thumbnail: '/media/12/thumb.avif',
    display: [640, 1080].map((width) => ({ width, url: `/media/12/${width}.avif` })),
  },
  {
    type: 'image/jpeg',
    thumbnail: '/media/12/thumb.jpg',
    display: [640, 1080].map((width) => ({ width, url: `/media/12/${width}.jpg` })),
  },
];
const photo = {
  title: 'Heron',
  width: 3000,
  height: 2000,
  imageUrl: '/api/photos/12/image?v=1',
  thumbnailUrl: '/api/photos/12/thumbnail?v=1',
  widths: [640, 1080],
};

describe('ResponsiveImage', () => {
  it('renders a photo with files as a <picture>: an AVIF source and the JPEG <img>', () => {
    const html = renderToString(<ResponsiveImage photo={{ ...photo, files }} sizes="50vw" priority />);
    expect(html).toMatch(
      /<picture[^>]*><source type="image\/avif" srcSet="\/media\/12\/640.avif 640w, \/media\/12\/1080.avif 1080w" sizes="50vw"\/><img /,
    );
    expect(html).toContain('src="/media/12/1080.jpg"');
    expect(html).toContain('srcSet="/media/12/640.jpg 640w, /media/12/1080.jpg 1080w"');
    expect(html).toContain('fetchPriority="high"');
  });

  it("renders each format's thumbnail for a small image", () => {
    const html = renderToString(<ResponsiveImage photo={{ ...photo, files }} renderedWidth={76} />);
    expect(html).toContain('<source type="image/avif" srcSet="/media/12/thumb.avif"/>');
    expect(html).toContain('src="/media/12/thumb.jpg"');
  });

  it('keeps the negotiated address without files', () => {
    const html = renderToString(<ResponsiveImage photo={photo} />);
    expect(html).not.toContain('<picture');
    expect(html).toContain('src="/api/photos/12/image?v=1&amp;w=1080"');
  });
});
