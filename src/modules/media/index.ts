import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import { announcePublicChange } from '../../platform/http/cache-bus';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { AppJobRegistry } from '../../jobs';
import { createNamedRegistry } from '../../platform/registry';
import type { AssetKind } from './media.rules';
import { createMediaRepository } from './media.repository';
import { createMediaStore } from './media-store.config';
import { createMediaService, tuneImageLibrary } from './media.service';
import { cleanFile } from './media.originals';
import { createImageSenders } from './media.http';
import { createMediaRoutes } from './media.routes';
import { createMediaUrls } from './media.urls';
import { createStampSlot, type StampSource } from './media.stamp';
import { createKeptFiles, createOriginalReader } from './media.kept-files';

export type { ImageSource, IngestOptions, IngestedAsset, PreparedOriginal } from './media.originals';
export { probeImage, type ImageFacts } from './media.probe';
export type { SendImageOptions } from './media.http';
export { mediaEndpoints } from './media.routes';
export type { ImageForFiles, MediaUrls } from './media.urls';
export type { StampSource } from './media.stamp';
export type { KeptFiles } from './media.kept-files';
export { MediaAssetModel, imageAssetRelation } from './media.models';
export {
  jpegRightsSegments,
  rightsIim,
  rightsXmp,
  writeJpegRights,
  type RightsExtra,
} from './media.file-rights';

/**
 * Who may see the files of assets of these kinds: `isPublic` false, the signed-in owner only.
 * Assets of other kinds (a logo) are not asked about.
 */
export type AssetAudience = {
  kinds: readonly AssetKind[];
  isPublic(assetId: number): Promise<boolean>;
};
export { createMediaStore, s3OptionsOf } from './media-store.config';
export type { ByteRange, MediaStore } from './media-store';
export { mediaMessages } from './media.originals';
export { tuneImageLibrary } from './media.service';
export { render as renderVariant, renderFrom as renderVariantSet } from './media.render';
export {
  DISPLAY_WIDTHS,
  MAX_INPUT_PIXELS,
  THUMB_BOX,
  etagMatches,
  planDisplayWidths,
  planVariants,
  pickFormat,
  sniffFormat,
  type AssetKind,
} from './media.rules';

/** What `npm run media:migrate` needs: the store's repository alone (no queues, no events). */
export function createMediaModuleForScripts(
  ctx: Pick<AppContext, 'db' | 'config'>,
  store = createMediaStore(ctx.config),
) {
  tuneImageLibrary(ctx.config);
  const repo = createMediaRepository(ctx.db, store);
  return {
    moveBytesToStore: repo.moveBytesToStore,
    countToMove: repo.countToMove,
    /** The originals stored before the location cleaning (and replaced files not yet deleted). */
    countToClean: repo.countToClean,
    /** Cleans the next `limit` originals, one at a time; returns how many it handled (0: none left). */
    async cleanLocations(limit: number): Promise<number> {
      const ids = await repo.idsToClean(limit);
      for (const id of ids) await repo.cleanOriginal(id, cleanFile);
      return ids.length;
    },
  };
}

/**
 * Images: checked and stored originals, variants made by the worker process, and the one place that
 * answers image requests. Other modules keep asset ids and call this surface.
 */
export function createMediaModule(
  ctx: AppContext,
  deps: { events: DomainEventBus; jobs: AppJobRegistry; rowWaitMs?: number },
) {
  tuneImageLibrary(ctx.config);
  const store = createMediaStore(ctx.config);
  const repo = createMediaRepository(ctx.db, store);
  const stamps = createStampSlot();
  const service = createMediaService(repo, {
    queues: ctx.queues,
    logger: ctx.logger,
    stamps,
    announceChange: () => announcePublicChange(ctx.redis, ctx.config.REDIS_PREFIX),
    rowWaitMs: deps.rowWaitMs,
  });
  // A stored image's event hands its variants to the media job (enqueueUploadedVariants): the
  // delivery is done once the job is queued; a job Redis loses is queued again by the sweeper
  // (every asset without variants), and variants already stored are kept.
  deps.events.subscribe('photo.uploaded', 'media.photo-variants', async ({ assetIds }) => {
    for (const assetId of assetIds) await service.enqueueUploadedVariants(assetId);
  });
  deps.events.subscribe('site-image.uploaded', 'media.site-image-variants', ({ assetId }) =>
    service.enqueueUploadedVariants(assetId),
  );
  // The media job makes them for an image served before its variants exist, and for the sweeper.
  deps.jobs.handle('media', 'make-variants', async ({ assetId, unrecorded }) => {
    const { outcome, detail } = await service.makeVariants(assetId, unrecorded);
    return { outcome, detail };
  });
  // What files carry of her rights changed: those assets' variants are made again, in batches.
  deps.events.subscribe('rights.changed', 'media.restamp', async ({ assetIds }, { trx, afterCommit }) => {
    await service.markForRestamp(assetIds, trx);
    afterCommit(() => service.enqueueRestamp());
  });
  deps.jobs.handle('media', 'restamp', ({ turn }) => service.restampBatch(turn));
  // Originals stored before issue 35 lose their GPS and place tags (queued by the sweeper).
  deps.jobs.handle('media', 'clean-original', ({ assetId }) => service.cleanOriginal(assetId));
  // Who may see a photo's files is its owner's to say (catalog: not while a draft or scheduled).
  const audiences = createNamedRegistry<AssetAudience>('Asset audience');
  const isPublic = async (assetId: number, kind: AssetKind) => {
    for (const { plugIn } of audiences.entries())
      if (plugIn.kinds.includes(kind) && !(await plugIn.isPublic(assetId))) return false;
    return true;
  };
  const senders = createImageSenders(service, isPublic);
  const urls = createMediaUrls(ctx.config.PUBLIC_MEDIA_URL);
  const module = {
    service,
    /** The addresses of an image's files (`<picture>` sources), on PUBLIC_MEDIA_URL when set. */
    filesOf: urls.filesOf,
    ingest: service.ingest,
    /**
     * Checks, cleans and stores an original before any transaction and starts its variants (stored
     * once its row exists); `recordOriginal` names it inside one.
     */
    prepareOriginal: service.prepareOriginal,
    recordOriginal: service.recordOriginal,
    enqueueVariants: service.enqueueVariants,
    makeVariants: service.makeVariants,
    /** The sweeper: assets without variants, and the restamp job while assets are marked for it. */
    sweepMissingVariants: async () =>
      (await service.sweepMissingVariants()) + (await service.sweepRestamps()),
    /** `GET /api/admin/media/restamp-progress`: images whose files still carry an old stamp. */
    restampProgress: service.restampProgress,
    /** Originals stored before the location cleaning, queued for it (the maintenance sweep). */
    sweepUncleanedOriginals: service.sweepUncleanedOriginals,
    /** Files of the store no row names, older than an hour (the maintenance sweep). */
    sweepOrphans: (now?: number) => repo.sweepOrphans(now),
    deleteAsset: service.deleteAsset,
    getAsset: service.getAsset,
    original: service.original,
    /**
     * A small JPEG of an asset's original (a certificate's picture), upright, within `edge` px;
     * null when the original can not be read.
     */
    async smallJpeg(assetId: number, edge = 800): Promise<Buffer | null> {
      const original = await service.original(assetId).catch(() => null);
      if (!original) return null;
      return sharp(original.data)
        .rotate()
        .resize(edge, edge, { fit: 'inside' })
        .jpeg({ quality: 80 })
        .toBuffer();
    },
    /**
     * Runs `work` with the original as sharp reads it without holding it whole: a file path (a
     * temporary copy from S3), or a row's bytes from before the store. Null when the asset is gone.
     */
    withOriginalFile: createOriginalReader(repo.originalPlace, store),
    /**
     * Files another module keeps in the media store under its own prefix (the licences module's
     * `licensed/`): never on `/media` or a public address, and not swept (their owner deletes them).
     */
    keptFiles: (prefix: string) => createKeptFiles(store, prefix),
    /** A print's file: the original, or its crop at full resolution (made once, then kept). */
    printFile: service.printFile,
    /**
     * A display variant as JPEG (the narrowest at or above `width`, else the widest): for what needs
     * a JPEG of the image rather than an address (the print's 3D model, whose texture glTF reads as
     * JPEG or PNG only). Null when the asset is gone.
     */
    displayJpeg: (assetId: number, width: number) => service.findVariant(assetId, 'display', width, 'jpeg'),
    /** Answers the spec's negotiated image addresses (catalog's and content's routes call it). */
    sendImage: senders.sendImage,
    /**
     * Extension point (src/modules.ts): whether an image asset's files are public; every one is
     * asked, and a file any says no to is the signed-in owner's alone (404 to everyone else).
     */
    addAssetAudience: (name: string, audience: AssetAudience) => audiences.add(name, audience),
    /**
     * Extension point (src/modules.ts): what an asset's variants carry of her rights (XMP, IIM, the
     * watermark), asked when they are made. One source; a second call throws.
     */
    useStampSource: (name: string, source: StampSource) => stamps.use(name, source),
    /** `/media/{asset}/{file}`: one file per address; the restamp's progress for the admin. */
    endpoints: () => createMediaRoutes(senders, service.restampProgress),
  };
  return module satisfies HttpModule;
}
export type MediaModule = ReturnType<typeof createMediaModule>;
