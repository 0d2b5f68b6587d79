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

/** What a category route shows (the server answers with the same: src/modules/storefront). */
export type CategoryRoute = { kind: 'shown' } | { kind: 'moved'; to: string } | { kind: 'unknown' };

/**
 * A category route shows its photos when a category or a photo has that name (a category only
 * photos name still lists them, so no page of photos is ever a 404); the same name in other
 * letters moves to its own address (/portfolio/Birds to /portfolio/birds); any other name is the
 * not-found page.
 */
export function categoryRoute(
  category: string,
  categories: readonly Pick<Category, 'name'>[],
  photos: readonly Pick<PhotoSummary, 'category'>[],
): CategoryRoute {
  const names = [...categories.map((c) => c.name), ...photos.map((p) => p.category)];
  if (names.includes(category)) return { kind: 'shown' };
  const same = names.find((name) => name.toLowerCase() === category.toLowerCase());
  return same ? { kind: 'moved', to: `/portfolio/${encodeURIComponent(same)}` } : { kind: 'unknown' };
}
