import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { CatalogModule, OfferInfo } from '../catalog';
import { createLicenceOffersRepository } from './licence-offers.repository';
import { createLicencesCatalogueRepository } from './licences-catalogue.repository';
import { createLicencesCatalogueService } from './licences-catalogue.service';
import { createLicencesAdminRoutes, licencesAdminEndpoints } from './licences-admin.routes';
import { createLicencesPublicRoutes, licencesPublicEndpoints } from './licences-public.routes';

export type { LicenceOfferRow, LicencePair } from './licence-offers.repository';
export type { LicencesCatalogueService } from './licences-catalogue.service';

/** Every endpoint of the module, by role (src/endpoints.ts lists them). */
export const licencesEndpoints = { ...licencesAdminEndpoints, ...licencesPublicEndpoints };

/**
 * What is sold now of licences (issue 46), read by the cart before the licences module is built
 * (the cart comes before orders, which the licences module needs): `find` for a cart's lines,
 * `ofPhotos` for a photo's offer.
 */
export function createLicenceOffers(ctx: AppContext) {
  return createLicenceOffersRepository(ctx.db);
}
export type LicenceOffers = ReturnType<typeof createLicenceOffers>;

/**
 * Licences and downloads (issue 46). Owns licences, download_sizes, licence_prices,
 * photo_licensing and photo_licence_prices.
 *
 * - the catalogue (what she sells): her licences, sizes and prices, a photo's own licensing, the
 *   licence pages, and a photo's offer on its public JSON (`offerInfo`, wired in src/modules.ts).
 */
export function createLicencesModule(ctx: AppContext, deps: { catalog: Pick<CatalogModule, 'service'> }) {
  // ---- the catalogue: what she sells ----
  const catalogue = createLicencesCatalogueService({
    repo: createLicencesCatalogueRepository(ctx.db),
    offers: createLicenceOffers(ctx),
    checkPhoto: (photoId) => deps.catalog.service.livePhoto(photoId),
  });
  /** A photo's downloads and licences on its public JSON (catalog's offer infos). */
  const offerInfo: OfferInfo = {
    public: async () => ({ photo: {}, options: new Map(), refused: new Map() }),
    admin: async () => ({ photo: {}, options: new Map() }),
    photo: async (photo) => ({ licensing: await catalogue.photoOffer(photo) }),
  };

  const module = {
    catalogue,
    offerInfo,
    /** The licence page's answer for the server-rendered `/licences/{slug}`; null: not found. */
    findLicencePage: catalogue.findLicencePage,
    endpoints: () => [...createLicencesAdminRoutes(catalogue), ...createLicencesPublicRoutes(catalogue)],
  };
  return module satisfies HttpModule;
}
export type LicencesModule = ReturnType<typeof createLicencesModule>;
