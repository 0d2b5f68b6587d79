import { describe, expect, it } from 'vitest';
import type { PhotoDetail } from '../../lib/api-types';
import { photoJsonLd } from './photo-seo';
import { speciesText } from './photo-species';

describe('speciesText', () => {
  it('names both, or either alone', () => {
    expect(speciesText({ common: 'Barred Owl', scientific: 'Strix varia' })).toBe('Barred Owl (Strix varia)');
    expect(speciesText({ common: 'Barred Owl', scientific: null })).toBe('Barred Owl');
    expect(speciesText({ common: ' ', scientific: 'Strix varia' })).toBe('Strix varia');
    expect(speciesText(null)).toBeNull();
  });
});

describe('photoJsonLd about', () => {
  const photo = {
    id: 7,
    title: 'Owl',
    location: 'Maryland',
    dateTaken: 'Spring 2025',
    printOptions: [],
  } as unknown as PhotoDetail;
  const ld = (p: PhotoDetail) =>
    (
      photoJsonLd(p, { origin: 'https://x.test', siteName: 'S', photographerName: 'P', description: 'd' })[
        '@graph'
      ] as Record<string, unknown>[]
    )[0];

  it('names the species as a Taxon: scientific name, common name as its alternate', () => {
    expect(ld({ ...photo, species: { common: 'Barred Owl', scientific: 'Strix varia' } }).about).toEqual({
      '@type': 'Taxon',
      name: 'Strix varia',
      alternateName: 'Barred Owl',
    });
    expect(ld({ ...photo, species: { common: 'Barred Owl', scientific: null } }).about).toEqual({
      '@type': 'Taxon',
      name: 'Barred Owl',
    });
    expect(ld({ ...photo, species: null })).not.toHaveProperty('about');
  });
});
