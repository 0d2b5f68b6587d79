import type { PhotoDetail } from '../../lib/api-types';

/** "Barred Owl (Strix varia)", either name alone when only one is set; null without a species. */
export function speciesText(species: PhotoDetail['species']): string | null {
  const common = species?.common?.trim();
  const scientific = species?.scientific?.trim();
  if (common && scientific) return `${common} (${scientific})`;
  return common || scientific || null;
}
