import type { AppContext } from '../../platform/context';
import { createLicenceOffersRepository } from './licence-offers.repository';

export type { LicenceOfferRow, LicencePair } from './licence-offers.repository';
export type { LicensedDownload, LicensedFiles } from './licences.types';
export { LICENSED_JPEG } from './licensed-file-bytes';
export { createLicensedFiles, type LicensedFilesDeps, type LicensedFilesService } from './licensed-files';

/**
 * What is sold now of licences (issue 46), read by the cart before the licences module is built
 * (the cart comes before orders, which the licences module needs): `find` for a cart's lines,
 * `ofPhotos` for a photo's offer.
 */
export function createLicenceOffers(ctx: AppContext) {
  return createLicenceOffersRepository(ctx.db);
}
export type LicenceOffers = ReturnType<typeof createLicenceOffers>;
