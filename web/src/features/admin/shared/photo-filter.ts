import type { PhotoSummary } from '../../../lib/api-types';

/** Case-insensitive match on title, location and category. */
export function filterPhotos<P extends Pick<PhotoSummary, 'title' | 'location' | 'category'>>(
  photos: readonly P[],
  query: string,
): P[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...photos];
  return photos.filter((photo) =>
    [photo.title, photo.location ?? '', photo.category].some((field) => field.toLowerCase().includes(q)),
  );
}

/** The photo grids' image sizes (the photos tab, the print options' photo picker). */
export const PHOTO_GRID_SIZES =
  '(min-width: 1200px) 25vw, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';
