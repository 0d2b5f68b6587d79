import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import { createNamedRegistry } from '../../platform/registry';
import type { MediaModule } from '../media';
import type { DeleteGuard, OfferInfo, OfferRule } from './catalog.types';
import { createCatalogRoutes } from './catalog.routes';
import { createSeoRoutes } from './catalog.seo';
import { createCatalogService } from './catalog.service';
import { photoUploadLimits } from './photo-files';
import { createPrintModelService } from './print-model.service';

export type {
  CatalogEntry,
  DeleteGuard,
  OfferFacts,
  OfferInfo,
  OfferRule,
  PrintOptionMatch,
} from './catalog.types';
export type { CatalogService } from './catalog.service';
export type { PhotoRightsFacts } from './photos.repository';
export { catalogMessages, imageLimits } from './catalog.messages';
export { robotsTxt, sitemapXml } from './catalog.seo';
export { catalogEndpoints } from './catalog.routes';
/** Where the admin form's photo files wait while their save runs (removed when it ends). */
export { UPLOAD_DIR as PHOTO_UPLOAD_DIR } from './photo-uploads';

/**
 * Photos, the print-option catalogue and categories: public reads, admin writes, sitemap.xml and
 * robots.txt (a page's share tags are rendered with the page: web/src/components/page-meta.tsx).
 * The cart looks options up through `service.findPrintOption` and `service.findPrintOptions`.
 */
export function createCatalogModule(ctx: AppContext, deps: { media: MediaModule; events: DomainEventBus }) {
  const offers = createNamedRegistry<OfferRule>('Offer rule');
  const deleteGuards = createNamedRegistry<DeleteGuard>('Delete guard');
  const offerInfos = createNamedRegistry<OfferInfo>('Offer info');
  const robotsSections = createNamedRegistry<() => string[]>('Robots section');
  const service = createCatalogService(ctx.db, {
    offers,
    offerInfos,
    deleteGuards,
    media: deps.media,
    photoUploaded: (trx, photoId, assetIds) =>
      deps.events.publish(trx, 'photo.uploaded', { photoId, assetIds }),
    rightsChanged: (trx, assetIds) => deps.events.publish(trx, 'rights.changed', { assetIds }),
    limits: photoUploadLimits(ctx.config.MAX_PHOTO_MB),
  });
  const module = {
    /**
     * listPhotos, getPhoto, findPhotoDetail, photoPrintOptions, listPrintOptions, listCategories,
     * countPhotos, findPrintOption(photoId, optionId), findPrintOptions(pairs) and the admin writes.
     */
    service,
    countPhotos: service.countPhotos,
    /**
     * Extension point (src/modules.ts): a rule hiding some of a photo's options from buyers (the
     * lab's resolution guard; an edition sold out). Every rule is asked; what any hides is hidden.
     */
    addOfferRule: (name: string, rule: OfferRule) => offers.add(name, rule),
    /**
     * Extension point (src/modules.ts): another module's facts on a photo's offer, added to every
     * public and admin photo read (the photo's and each option's `edition`), and the sizes it
     * refuses to sell now (shown, but the cart's add answers 409 with its message).
     */
    addOfferInfo: (name: string, info: OfferInfo) => offerInfos.add(name, info),
    /**
     * Extension point (src/modules.ts): another module's say when the owner deletes a photo or a
     * print option: keep it (archived, e.g. an order names it) or drop its own rows about it.
     */
    addDeleteGuard: (name: string, guard: DeleteGuard) => deleteGuards.add(name, guard),
    /**
     * Extension point (src/modules.ts): another module's lines in robots.txt, before the
     * `User-agent: *` group (rights: the AI crawlers she asks to stay away), read on each request.
     */
    addRobotsSection: (name: string, lines: () => string[]) => robotsSections.add(name, lines),
    endpoints: () =>
      createCatalogRoutes({
        service,
        media: deps.media,
        printModels: createPrintModelService({ catalog: service, media: deps.media }),
      }),
    rootRoutes: () =>
      createSeoRoutes(service, ctx.config, () => robotsSections.entries().flatMap((e) => e.plugIn())),
  };
  return module satisfies HttpModule;
}
export type CatalogModule = ReturnType<typeof createCatalogModule>;
