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
