import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import { createMediaRepository } from './media.repository';
import { createMediaService } from './media.service';
import { createSendImage } from './media.http';

export type { IngestOptions, IngestedAsset } from './media.service';
export { probeImage, type ImageFacts } from './media.probe';
export type { SendImageOptions } from './media.http';
export { MediaAssetModel } from './media.models';
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
 * Images: checked and stored originals, variants made by the media worker, and the one place that
 * answers image requests. Other modules keep asset ids and call this surface.
 */
export function createMediaModule(ctx: AppContext, deps: { events: DomainEventBus }) {
  const service = createMediaService(createMediaRepository(ctx.db), {
    queues: ctx.queues,
    logger: ctx.logger,
  });
  // A stored image gets its variants: the reaction queues the (CPU-bound) media job, which runs
  // on its own queue at its own concurrency. The job id keeps one job per asset.
  deps.events.subscribe('photo.uploaded', 'media.photo-variants', async ({ assetIds }) => {
    for (const assetId of assetIds) await service.enqueueVariants(assetId);
  });
  deps.events.subscribe('site-image.uploaded', 'media.site-image-variants', ({ assetId }) =>
    service.enqueueVariants(assetId),
  );
  const module = {
    service,
    ingest: service.ingest,
    enqueueVariants: service.enqueueVariants,
    makeVariants: service.makeVariants,
    sweepMissingVariants: service.sweepMissingVariants,
    deleteAsset: service.deleteAsset,
    getAsset: service.getAsset,
    sendImage: createSendImage(service),
  };
  // No routes of its own (catalog and content serve their images through sendImage), but it is
  // an HttpModule so the composition root can treat every module alike.
  return module as typeof module & HttpModule;
}
export type MediaModule = ReturnType<typeof createMediaModule>;
