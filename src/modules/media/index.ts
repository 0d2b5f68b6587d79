import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import { createMediaRepository } from './media.repository';
import { createMediaService } from './media.service';
import { createSendImage } from './media.http';

export type { IngestOptions, IngestedAsset } from './media.service';
export type { SendImageOptions } from './media.http';
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
export function createMediaModule(ctx: AppContext) {
  const service = createMediaService(createMediaRepository(ctx.db), {
    queues: ctx.queues,
    logger: ctx.logger,
  });
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
