import type { PhotoDetail } from '../../lib/api-types';

/** A public photo's species and whether its place and date are generalized (issue 35). */
export type PublicPhotoProtection = {
  species?: { common: string | null; scientific: string | null } | null;
  locationProtected?: boolean;
};
export type PublicPhoto = PhotoDetail & PublicPhotoProtection;

/** "Barred Owl (Strix varia)", either name alone when only one is set; null without a species. */
export function speciesText(species: PublicPhotoProtection['species']): string | null {
  const common = species?.common?.trim();
  const scientific = species?.scientific?.trim();
  if (common && scientific) return `${common} (${scientific})`;
  return common || scientific || null;
}
