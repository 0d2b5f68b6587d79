import { describe, expect, it } from 'vitest';
import type { PhotoSummary } from '../../lib/api-types';
import { filterByCategory, portfolioTitle } from './portfolio-filter';

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
