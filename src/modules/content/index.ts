import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { MediaModule } from '../media';
import type { CatalogModule } from '../catalog';
import { createContentRepository } from './content.repository';
import { createContentService, type ContentMedia } from './content.service';
import { createContentRoutes, type ContentImages } from './content.routes';
import { createWallRoomsRepository } from './wall-rooms.repository';
import { createWallRoomsService } from './wall-rooms.service';

export type { ContentService } from './content.service';
export { contentEndpoints } from './content.routes';

/** Site settings, logo, about page, FAQs, the shipping notice and the wall preview's rooms. */
export function createContentModule(
  ctx: AppContext,
  deps: { media: MediaModule; events: DomainEventBus; catalog: Pick<CatalogModule, 'service'> },
) {
  // media's public surface, as far as content uses it
  const media: ContentMedia & ContentImages = deps.media;
  const service = createContentService({
    repo: createContentRepository(ctx.db),
    media,
    config: ctx.config,
    logger: ctx.logger,
    imageUploaded: (tx, assetId, kind) => deps.events.publish(tx, 'site-image.uploaded', { assetId, kind }),
    locationsVersion: () => deps.catalog.service.locationsVersion(),
  });
  const rooms = createWallRoomsService({
    repo: createWallRoomsRepository(ctx.db),
    media,
    imageUploaded: (tx, assetId, kind) => deps.events.publish(tx, 'site-image.uploaded', { assetId, kind }),
  });
  const module = {
    /** `service.activeShippingNotice()` gives the order e-mails the notice lines, or null. */
    service,
    /** Fills empty content tables with a starting about page, FAQs and an inactive notice. */
    seedDefaults: () => service.seedDefaults(),
    endpoints: () => createContentRoutes(service, media, rooms),
  };
  return module satisfies HttpModule;
}
export type ContentModule = ReturnType<typeof createContentModule>;
