import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { LineDetailsView, LineLicence } from '../../contract';
import type { CatalogModule } from '../catalog';
import type { MediaModule } from '../media';
import type { LineDetails, OrdersModule } from '../orders';
import { createLicenceOffersRepository } from './licence-offers.repository';
import { createDownloadLinks } from './download-links';
import { createLicenceCertificates } from './licence-certificate';
import { createLicenceDeliveryRoutes, createLicenceFileRoutes } from './licence-delivery.routes';
import { createLicenceGrantsRepository } from './licence-grants.repository';
import { createLicenceGrantsService } from './licence-grants.service';
import type { LicensedFiles } from './licences.types';
import { createProvisionalLicensedFiles } from './licensed-files.provisional';

export type { LicenceOfferRow, LicencePair } from './licence-offers.repository';
export type { LicensedFiles, LicensedDownload } from './licences.types';
export { licenceDeliveryEndpoints } from './licence-delivery.routes';

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
 * Licences after payment (issue 46): a paid licence line becomes a grant (`licences.grant`, in the
 * payment's transaction), its download links (keyed hashes; 7 days, 10 downloads; a fresh one
 * replaces the one before), the licence certificate PDF, the check page's facts, revocation when a
 * refund names the line or refunds all (`licences.revoke`), and the owner's list per photo. Writes
 * licence_grants and download_links.
 */
export function createLicencesModule(
  ctx: AppContext,
  deps: {
    catalog: CatalogModule;
    media: MediaModule;
    orders: OrdersModule;
    events: DomainEventBus;
    /** The files' maker and streamer (the provisional one until the real one is merged in). */
    files?: LicensedFiles;
  },
) {
  const { catalog, media, orders, events } = deps;
  const files = deps.files ?? createProvisionalLicensedFiles();
  const repo = createLicenceGrantsRepository(ctx.db);
  const service = createLicenceGrantsService(ctx, repo, {
    // the narrow read (orders.linesOf): the order's detail asks line details, licences' own
    order: (orderId) => orders.linesOf(orderId),
    orderIdByToken: (token) => orders.service.idByToken(token),
    files,
  });
  const links = createDownloadLinks(ctx, repo, files);
  const certificates = createLicenceCertificates(ctx, {
    findGrant: (id) => repo.findGrant(id),
    async photoJpeg(photoId) {
      const original = await media
        .original(await catalog.service.imageAsset(photoId, 'image'))
        .catch(() => null);
      if (!original) return null;
      return sharp(original.data)
        .rotate()
        .resize(800, 800, { fit: 'inside' })
        .jpeg({ quality: 80 })
        .toBuffer();
    },
  });

  // in the payment's transaction: a paid order's licences exist exactly when its payment does
  events.subscribe('order.paid', 'licences.grant', ({ orderId }, d) => service.paid(orderId, d), {
    inTransaction: true,
  });
  events.subscribe('order.refunded', 'licences.revoke', ({ orderId, revokeLineIds }, d) =>
    service.refunded(d.trx, orderId, revokeLineIds),
  );

  const module = {
    service,
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
    endpoints: () => createLicenceDeliveryRoutes(ctx, service),
    rootRoutes: () => createLicenceFileRoutes(links, certificates),
  };
  return module satisfies HttpModule;
}
export type LicencesModule = ReturnType<typeof createLicencesModule>;
