import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import { createMediaRepository } from './media.repository';
import { createMediaService } from './media.service';
import { createSendImage } from './media.http';

export type { IngestOptions, IngestedAsset } from './media.service';
export { probeImage, type ImageFacts } from './media.probe';
export type { SendImageOptions } from './media.http';
export { MediaAssetModel, imageAssetRelation } from './media.models';
export { mediaMessages, render as renderVariant } from './media.service';
export {
  DISPLAY_WIDTHS,
  MAX_INPUT_PIXELS,
  THUMB_BOX,
  planDisplayWidths,
  planVariants,
  pickFormat,
  sniffFormat,
  type AssetKind,
} from './media.rules';

/**
 * Images: checked and stored originals, variants made by the worker process, and the one place that
 * answers image requests. Other modules keep asset ids and call this surface.
 */
export function createMediaModule(ctx: AppContext, deps: { events: DomainEventBus; jobs: AppJobRegistry }) {
  const service = createMediaService(createMediaRepository(ctx.db), {
    queues: ctx.queues,
    logger: ctx.logger,
  });
  // A stored image gets its variants from the reaction itself: a crash midway leaves the delivery
  // open and its job retries; variants already stored are kept (makeVariants only adds missing ones).
  deps.events.subscribe('photo.uploaded', 'media.photo-variants', async ({ assetIds }) => {
    for (const assetId of assetIds) await service.makeVariants(assetId);
  });
  deps.events.subscribe('site-image.uploaded', 'media.site-image-variants', ({ assetId }) =>
    service.makeVariants(assetId),
  );
  // The media job makes them for an image served before its variants exist, and for the sweeper.
  deps.jobs.handle('media', 'make-variants', async ({ assetId }) => {
    const { outcome, detail } = await service.makeVariants(assetId);
    return { outcome, detail };
  });
  const module = {
    service,
    ingest: service.ingest,
    enqueueVariants: service.enqueueVariants,
    makeVariants: service.makeVariants,
    sweepMissingVariants: service.sweepMissingVariants,
    deleteAsset: service.deleteAsset,
    getAsset: service.getAsset,
    original: service.original,
    sendImage: createSendImage(service),
  };
  // No routes of its own (catalog and content serve their images through sendImage), but it is
  // an HttpModule so the composition root can treat every module alike.
  return module as typeof module & HttpModule;
}
export type MediaModule = ReturnType<typeof createMediaModule>;
