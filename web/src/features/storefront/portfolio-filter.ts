import type { Category, PhotoSummary } from '../../lib/api-types';

/** '{displayName} Photography' on a category route, else 'Photography Portfolio'. */
export function portfolioTitle(
  category: string | undefined,
  categories: readonly Category[] | undefined,
): string {
  if (!category) return 'Photography Portfolio';
  const displayName =
    categories?.find((c) => c.name === category)?.displayName ??
    category.charAt(0).toUpperCase() + category.slice(1);
  return `${displayName} Photography`;
}

export function filterByCategory(
  photos: readonly PhotoSummary[],
  category: string | undefined,
): PhotoSummary[] {
  return category ? photos.filter((photo) => photo.category === category) : [...photos];
}
