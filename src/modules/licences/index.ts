import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { LineDetailsView, LineLicence } from '../../contract';
import type { CatalogModule, OfferInfo } from '../catalog';
import type { MediaModule } from '../media';
import type { RightsModule } from '../rights';
import type { AppJobRegistry } from '../../jobs';
import type { LineDetails, OrdersModule } from '../orders';
import { createLicenceOffersRepository } from './licence-offers.repository';
import { createLicencesCatalogueRepository } from './licences-catalogue.repository';
import { createLicencesCatalogueService } from './licences-catalogue.service';
import { createLicencesAdminRoutes, licencesAdminEndpoints } from './licences-admin.routes';
import { createLicencesPublicRoutes, licencesPublicEndpoints } from './licences-public.routes';
import { createDownloadLinks } from './download-links';
import { createLicenceCertificates } from './licence-certificate';
import { createLicenceDeliveryRoutes, createLicenceFileRoutes } from './licence-delivery.routes';
import { createLicenceGrantsRepository } from './licence-grants.repository';
import { createLicenceGrantsService } from './licence-grants.service';
import { createLicensedFiles } from './licensed-files';

export type { LicenceOfferRow, LicencePair } from './licence-offers.repository';
export type { LicencesCatalogueService } from './licences-catalogue.service';
export type { LicensedFiles, LicensedDownload } from './licences.types';
export { licenceDeliveryEndpoints } from './licence-delivery.routes';

/** Every endpoint of the catalogue, by role (src/endpoints.ts lists them). */
export const licencesEndpoints = { ...licencesAdminEndpoints, ...licencesPublicEndpoints };
export { LICENSED_JPEG } from './licensed-file-bytes';
export { createLicensedFiles };
export type { LicensedFilesService } from './licensed-files';

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
 * Licences and downloads (issue 46).
 *
 * - The catalogue (what she sells): her licences, sizes and prices, a photo's own licensing, the
 *   licence pages, and a photo's offer on its public JSON (`offerInfo`, wired in src/modules.ts).
 *   Writes licences, download_sizes, licence_prices, photo_licensing, photo_licence_prices.
 * - After payment: a paid licence line becomes a grant (`licences.grant`, in the payment's
 *   transaction), its download links (keyed hashes; 7 days, 10 downloads; a fresh one replaces the
 *   one before), the licence certificate PDF, the check page's facts, revocation when a refund
 *   names the line or refunds all (`licences.revoke`), and the owner's list per photo. Writes
 *   licence_grants and download_links.
 */
export function createLicencesModule(
  ctx: AppContext,
  deps: {
    catalog: CatalogModule;
    media: MediaModule;
    orders: OrdersModule;
    events: DomainEventBus;
    rights: RightsModule;
    jobs: AppJobRegistry;
  },
) {
  const { catalog, media, orders, events } = deps;

  // ---- the catalogue: what she sells ----
  const catalogue = createLicencesCatalogueService({
    repo: createLicencesCatalogueRepository(ctx.db),
    offers: createLicenceOffers(ctx),
    checkPhoto: (photoId) => catalog.service.livePhoto(photoId),
  });
  /** A photo's downloads and licences on its public JSON (catalog's offer infos). */
  const offerInfo: OfferInfo = {
    public: async () => ({ photo: {}, options: new Map(), refused: new Map() }),
    admin: async () => ({ photo: {}, options: new Map() }),
    photo: async (photo) => ({ licensing: await catalogue.photoOffer(photo) }),
  };

  // ---- after payment: grants, links, certificates ----
  // the files: made once per (photo, size), each buyer's copy streamed with its rights (job licences/make-file)
  const files = createLicensedFiles(ctx, { media, catalog, rights: deps.rights, jobs: deps.jobs });
  const repo = createLicenceGrantsRepository(ctx.db);
  const service = createLicenceGrantsService(ctx, repo, {
    // the narrow read (orders.linesOf): the order's detail asks line details, licences' own
    async order(orderId) {
      const o = await orders.linesOf(orderId);
      return (
        o && {
          ...o,
          lines: o.licenceLines.map((l) => ({
            id: l.id,
            photoId: l.photoId,
            kind: 'licence',
            licenceId: l.licenceId,
            downloadSizeId: l.downloadSizeId,
            title: l.title,
            size: l.sizeLabel,
            format: l.licenceName,
          })),
        }
      );
    },
    orderIdByToken: (token) => orders.service.idByToken(token),
    files,
  });
  const links = createDownloadLinks(ctx, repo, files);
  const certificates = createLicenceCertificates(ctx, {
    findGrant: (id) => repo.findGrant(id),
    photoJpeg: async (photoId) => media.smallJpeg(await catalog.service.imageAsset(photoId, 'image')),
  });

  // in the payment's transaction: a paid order's licences exist exactly when its payment does
  events.subscribe('order.paid', 'licences.grant', ({ orderId }, d) => service.paid(orderId, d), {
    inTransaction: true,
  });
  events.subscribe('order.refunded', 'licences.revoke', ({ orderId, revokeLineIds }, d) =>
    service.refunded(d.trx, orderId, revokeLineIds),
  );

  const module = {
    catalogue,
    offerInfo,
    service,
    /** The licensed files (made once per photo and size; `serve` streams a buyer's copy). */
    files,
    /** The licence page's answer for the server-rendered `/licences/{slug}`; null: not found. */
    findLicencePage: catalogue.findLicencePage,
    /** The check page's facts for a licence id (no buyer data but the licensee), or null. */
    check: service.check,
    /** Orders' line details (src/modules.ts): each licence line's `licence`, and the paid e-mail's links. */
    lineDetails: {
      of: (orderIds: number[]) => service.lineLicences(orderIds),
      view: (licence: LineLicence | undefined): Pick<LineDetailsView, 'licence'> => ({
        licence: licence ?? null,
      }),
      mailNotes: service.mailNotes,
    } satisfies LineDetails<LineLicence>,
    endpoints: () => [
      ...createLicencesAdminRoutes(catalogue),
      ...createLicencesPublicRoutes(catalogue),
      ...createLicenceDeliveryRoutes(ctx, service),
    ],
    rootRoutes: () => createLicenceFileRoutes(links, certificates),
  };
  return module satisfies HttpModule;
}
export type LicencesModule = ReturnType<typeof createLicencesModule>;
