import { describe, expect, it } from 'vitest';
import type { PhotoSummary } from '../../lib/api-types';
import { categoryRoute, filterByCategory, portfolioTitle } from './portfolio-filter';

const categories = [{ id: 1, name: 'birds', displayName: 'Birds', displayOrder: 0 }];

describe('portfolioTitle', () => {
  it('names the category by its display name', () => {
    expect(portfolioTitle('birds', categories)).toBe('Birds Photography');
  });

  it('capitalises an unknown category and defaults without one', () => {
    expect(portfolioTitle('insects', categories)).toBe('Insects Photography');
    expect(portfolioTitle(undefined, categories)).toBe('Photography Portfolio');
  });
});

describe('filterByCategory', () => {
  const photos = [
    { id: 1, category: 'birds' },
    { id: 2, category: 'landscape' },
  ] as PhotoSummary[];

  it('keeps the photos of the category, or all without one', () => {
    expect(filterByCategory(photos, 'birds').map((p) => p.id)).toEqual([1]);
    expect(filterByCategory(photos, undefined).map((p) => p.id)).toEqual([1, 2]);
    expect(filterByCategory(photos, 'mammals')).toEqual([]);
  });
});

describe('categoryRoute', () => {
  const photos = [{ category: 'birds' }, { category: 'landscape' }];

  it('shows a category that exists, or that a photo names', () => {
    expect(categoryRoute('birds', categories, photos)).toEqual({ kind: 'shown' });
    expect(categoryRoute('landscape', categories, photos)).toEqual({ kind: 'shown' });
    // an empty category is still a category: 'No photos found in this category.'
    expect(categoryRoute('insects', [...categories, { name: 'insects' }], photos)).toEqual({
      kind: 'shown',
    });
  });

  it('moves the same name in other letters to its own address', () => {
    expect(categoryRoute('Birds', categories, photos)).toEqual({ kind: 'moved', to: '/portfolio/birds' });
  });

  it('knows no other name', () => {
    expect(categoryRoute('nonexistent', categories, photos)).toEqual({ kind: 'unknown' });
    expect(categoryRoute('birds/x', categories, photos)).toEqual({ kind: 'unknown' });
    expect(categoryRoute('', categories, photos)).toEqual({ kind: 'unknown' });
  });
});
