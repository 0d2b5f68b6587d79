import { ForeignKeyViolationError } from 'objection';
import { badRequest, notFound } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/rich-text';
import type { MediaModule } from '../media';
import { toPhotoSummary, toPrintOption } from './catalog.mapping';
import { catalogMessages, imageLimits } from './catalog.messages';
import type { PhotoCreateWithOptions, PhotoUpdateWithOptions } from '../../contract';
import type { PhotoDetail, PhotoSummary } from '../../contract';
import type { CategoriesService } from './categories.service';
import type { PhotoRow, PhotosRepository, PhotoWrite, Trx } from './photos.repository';
import type { PrintOptionsRepository } from './print-options.repository';
import { requireRatio, type PhotoOptionEditor } from './print-option-writes';

/** base64 with or without a `data:` prefix; anything else is a 400 naming the field. */
export function decodeBase64Image(value: string, field: string): Buffer {
  const body = value.replace(/^data:[^,]*?;base64,/i, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body))
    throw badRequest(catalogMessages.badBase64, { [field]: catalogMessages.badBase64 });
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

const decodeOptional = (value: string | null | undefined, field: string) =>
  value ? decodeBase64Image(value, field) : null;

export type PhotosDeps = {
  media: Pick<MediaModule, 'ingest' | 'deleteAsset'>;
  categories: Pick<CategoriesService, 'assertCategory'>;
  options: PhotoOptionEditor;
  optionsRepo: Pick<PrintOptionsRepository, 'optionsForPhoto'>;
  /** Publishes 'photo.uploaded' in the transaction that stored the images (variants follow). */
  photoUploaded(trx: Trx, photoId: number, assetIds: number[]): Promise<unknown>;
};

/** Photos: public reads, and the admin writes of a photo with its images and print options. */
export function createPhotosService(repo: PhotosRepository, deps: PhotosDeps) {
  const { media, options, optionsRepo } = deps;

  async function ingest(data: Buffer, kind: 'photo' | 'thumbnail', maxBytes: number, trx: Trx) {
    const field = kind === 'photo' ? 'imageData' : 'thumbnailData';
    return media.ingest(data, { kind, maxBytes, field }, trx);
  }

  async function detail(photo: PhotoRow): Promise<PhotoDetail> {
    const printOptions = (await optionsRepo.optionsForPhoto(photo.id)).map(toPrintOption);
    return { ...toPhotoSummary(photo), printOptions };
  }

  const service = {
    async livePhoto(id: number): Promise<PhotoRow> {
      const photo = await repo.findPhoto(id);
      if (!photo) throw notFound(catalogMessages.photoNotFound);
      return photo;
    },

    async listPhotos(filter: { featured?: boolean; category?: string } = {}): Promise<PhotoSummary[]> {
      return (await repo.listPhotos(filter)).map(toPhotoSummary);
    },

    async getPhoto(id: number): Promise<PhotoDetail> {
      return detail(await service.livePhoto(id));
    },

    async findPhotoDetail(id: number): Promise<PhotoDetail | null> {
      const photo = await repo.findPhoto(id);
      return photo ? detail(photo) : null;
    },

    /** The asset to serve for a photo's image or thumbnail (also for archived photos: order history). */
    async imageAsset(id: number, kind: 'image' | 'thumbnail'): Promise<number> {
      const refs = await repo.imageAssets(id);
      if (!refs) throw notFound(catalogMessages.photoNotFound);
      return kind === 'thumbnail' ? (refs.customThumbnailId ?? refs.originalId) : refs.originalId;
    },

    async countPhotos(): Promise<number> {
      return repo.countPhotos();
    },

    /** A new photo with its images and, when sent, the add form's print options: all or nothing. */
    async createPhoto(input: PhotoCreateWithOptions): Promise<PhotoDetail> {
      await deps.categories.assertCategory(input.category);
      const newOptions = input.printOptions ?? [];
      const aspectRatio = newOptions.length ? requireRatio(input) : null;
      const image = decodeBase64Image(input.imageData, 'imageData');
      const thumbnail = decodeOptional(input.thumbnailData, 'thumbnailData');
      const id = await repo.transaction(async (trx) => {
        const original = await ingest(image, 'photo', imageLimits.create.image, trx);
        const thumb = thumbnail && (await ingest(thumbnail, 'thumbnail', imageLimits.create.thumbnail, trx));
        const photoId = await repo.insertPhoto(
          {
            ...photoFields(input),
            originalId: original.id,
            customThumbnailId: thumb?.id ?? null,
            version: 1,
          },
          trx,
        );
        if (aspectRatio) await options.addToNewPhoto(trx, photoId, aspectRatio, newOptions);
        await deps.photoUploaded(trx, photoId, [original.id, ...(thumb ? [thumb.id] : [])]);
        return photoId;
      });
      return service.getPhoto(id);
    },

    /** The photo's fields, new images and, when sent, its option edits: all or nothing. */
    async updatePhoto(id: number, input: PhotoUpdateWithOptions): Promise<PhotoDetail> {
      const existing = await service.livePhoto(id);
      await deps.categories.assertCategory(input.category);
      if (input.printOptions) await options.check(id, input.aspectRatio, input.printOptions);
      const image = decodeOptional(input.imageData, 'imageData');
      const thumbnail = decodeOptional(input.thumbnailData, 'thumbnailData');
      await repo.transaction(async (trx) => {
        const added: number[] = [];
        const dropped: number[] = [];
        let { originalId, customThumbnailId } = existing;
        if (image) {
          const a = await ingest(image, 'photo', imageLimits.update.image, trx);
          added.push(a.id);
          dropped.push(originalId);
          originalId = a.id;
        }
        if (thumbnail) {
          const t = await ingest(thumbnail, 'thumbnail', imageLimits.update.thumbnail, trx);
          added.push(t.id);
          if (customThumbnailId) dropped.push(customThumbnailId);
          customThumbnailId = t.id;
        } else if (image && customThumbnailId) {
          // a custom thumbnail belonged to the old image; the new one gets generated thumbnails
          dropped.push(customThumbnailId);
          customThumbnailId = null;
        }
        const write: PhotoWrite = {
          ...photoFields(input),
          originalId,
          customThumbnailId,
          version: existing.version + (added.length ? 1 : 0),
        };
        await repo.updatePhoto(id, write, trx);
        if (input.printOptions) await options.apply(trx, id, input.aspectRatio, input.printOptions);
        for (const assetId of dropped) await media.deleteAsset(assetId, trx);
        if (added.length) await deps.photoUploaded(trx, id, added);
      });
      return service.getPhoto(id);
    },

    async deletePhoto(id: number): Promise<{ message: string; archived: boolean }> {
      const photo = await service.livePhoto(id);
      try {
        await repo.transaction(async (trx) => {
          await repo.deletePhoto(id, trx);
          await media.deleteAsset(photo.originalId, trx);
          if (photo.customThumbnailId) await media.deleteAsset(photo.customThumbnailId, trx);
        });
        return { message: catalogMessages.photoDeleted, archived: false };
      } catch (err) {
        if (!(err instanceof ForeignKeyViolationError)) throw err;
        await repo.archivePhoto(id);
        return { message: catalogMessages.photoArchived, archived: true };
      }
    },
  };
  return service;
}
export type PhotosService = ReturnType<typeof createPhotosService>;

function photoFields(input: PhotoCreateWithOptions | PhotoUpdateWithOptions) {
  return {
    title: input.title,
    description: sanitizeRichText(input.description),
    location: input.location,
    dateTaken: input.dateTaken,
    aspectRatio: input.aspectRatio,
    category: input.category,
    displayOrder: input.displayOrder,
    featured: input.featured,
    verticalPosition: input.verticalPosition,
  };
}
