import { badRequest, notFound } from '../../platform/http/app-error';
import { probeImage, type ImageSource, type MediaModule, type PreparedOriginal } from '../media';
import { nearestAspectRatio } from '../../shared/photo-metadata';
import { toAdminPhotoSummary, toPhotoSummary, toPrintOption } from './catalog.mapping';
import { catalogMessages } from './catalog.messages';
import {
  decodeBase64Image,
  decodeOptional,
  changesFiles,
  fieldNames,
  IMAGE_MISSING,
  rightsFields,
  photoFields,
  photoUploadLimits,
  sent,
  specLimits,
  type CreateFields,
  type FilesVia,
  type PhotoFiles,
  type UpdateFields,
} from './photo-files';
import type {
  PhotoCreateWithOptions,
  PhotoUpdateWithOptions,
  PrintCrop,
  PrintCropInput,
} from '../../contract';
import type {
  AdminPhotoDetail,
  AdminPhotoSummary,
  PhotoDetail,
  PhotoSummary,
  PhotoUploadLimits,
} from '../../contract';
import type { CategoriesService } from './categories.service';
import type { PhotoRow, PhotosRepository, PhotoWrite, Trx } from './photos.repository';
import {
  adminOfferFacts,
  deleteUnlessKept,
  publicOffer,
  publicPhotoFields,
  type CatalogPlugIns,
} from './catalog.types';
import type { PrintOptionsRepository } from './print-options.repository';
import type { PrintCropsRepository } from './print-crops.repository';
import type { FocalPoint } from '../../shared/print-crop';
import { requireRatio, type PhotoPrintOptionEditor } from './print-option-writes';

/** Who reads a photo: the public sees camera details only when the owner shows them. */
type Audience = 'public' | 'admin';

export type PhotosDeps = {
  media: Pick<MediaModule, 'prepareOriginal' | 'recordOriginal' | 'deleteAsset' | 'filesOf'>;
  categories: Pick<CategoriesService, 'assertCategory'>;
  options: PhotoPrintOptionEditor;
  optionsRepo: Pick<PrintOptionsRepository, 'optionsForPhoto' | 'liveOptionIdsForRatio' | 'assign'>;
  /** The owner's own crop of each print size (photo_print_crops). */
  crops: PrintCropsRepository;
  /** Publishes 'photo.uploaded' in the transaction that stored the images (variants follow). */
  photoUploaded(trx: Trx, photoId: number, assetIds: number[]): Promise<unknown>;
  /** Publishes 'rights.changed' in the save's transaction: what these files carry changed. */
  rightsChanged(trx: Trx, assetIds: number[]): Promise<unknown>;
  limits?: PhotoUploadLimits;
  /** The owner's sensitive species, read for each answer (it decides what 'auto' protects). */
  sensitiveSpecies(): Promise<string[]>;
} & CatalogPlugIns;

/** The photo's focal point, where a print's crop centres unless the owner moved that size's. */
const focalPointOf = (p: Pick<PhotoRow, 'horizontalPosition' | 'verticalPosition'>): FocalPoint => ({
  x: p.horizontalPosition,
  y: p.verticalPosition,
});

/** Photos: public reads, and the admin writes of a photo with its images and print options. */
export function createPhotosService(repo: PhotosRepository, deps: PhotosDeps) {
  const { media, options, optionsRepo, crops } = deps;

  /** Each size's crop centre: the owner's for that size, else the photo's focal point. */
  async function cropsOf(photo: PhotoRow): Promise<(optionId: number) => PrintCrop> {
    const own = await crops.cropsFor(photo.id);
    const focal = focalPointOf(photo);
    return (optionId) => ({ ...(own.get(optionId) ?? focal), custom: own.has(optionId) });
  }
  /** What a photo's detail is made of: its options, the sensitive species and its sizes' crops. */
  const detailReads = (photo: PhotoRow) =>
    Promise.all([optionsRepo.optionsForPhoto(photo.id), deps.sensitiveSpecies(), cropsOf(photo)]);
  const formLimits = deps.limits ?? photoUploadLimits();
  const limitsOf = (via: FilesVia) => (via === 'form' ? formLimits : specLimits);

  /** Checked, cleaned and stored before the transaction; only its row is written inside one. */
  function prepare(file: ImageSource, kind: 'photo' | 'thumbnail', maxBytes: number, via: FilesVia) {
    return media.prepareOriginal(file, { kind, maxBytes, field: fieldNames[via][kind] });
  }

  async function detail(photo: PhotoRow): Promise<PhotoDetail> {
    const [all, sensitive, cropOf] = await detailReads(photo);
    const offer = await publicOffer(deps.offers, deps.offerInfos, photo.id, all.map(toPrintOption));
    const summary = toPhotoSummary(photo, media.filesOf, sensitive);
    return {
      ...summary,
      ...offer.photo,
      ...(await publicPhotoFields(deps.offerInfos, summary)),
      printOptions: offer.options.map((o) => ({ ...o, crop: cropOf(o.id) })),
    };
  }

  async function adminDetail(photo: PhotoRow): Promise<AdminPhotoDetail> {
    const [all, sensitive, cropOf] = await detailReads(photo);
    const facts = await adminOfferFacts(
      deps.offerInfos,
      photo.id,
      all.map((o) => o.id),
    );
    const summary = toAdminPhotoSummary(photo, media.filesOf, sensitive);
    return {
      ...summary,
      ...facts.photo,
      ...(await publicPhotoFields(deps.offerInfos, summary)),
      printOptions: all.map((o) => ({ ...toPrintOption(o), ...facts.option(o.id), crop: cropOf(o.id) })),
    };
  }

  /**
   * What the file fills in when the form leaves it empty: the aspect ratio from its pixel size and
   * the date from DateTimeOriginal; the camera details are always the file's. GPS is never read.
   */
  async function fromFile<F extends CreateFields | UpdateFields>(input: F, image: ImageSource) {
    const facts = await probeImage(image);
    const fields = {
      ...input,
      aspectRatio:
        input.aspectRatio ??
        (facts.width && facts.height ? nearestAspectRatio(facts.width, facts.height) : null),
      dateTaken: input.dateTaken ?? facts.dateTaken,
    };
    return { fields, cameraDetails: facts.camera };
  }

  const service = {
    /** A live photo, published or not: the owner's reads and writes. */
    async livePhoto(id: number): Promise<PhotoRow> {
      const photo = await repo.findPhoto(id);
      if (!photo) throw notFound(catalogMessages.photoNotFound);
      return photo;
    },

    /** A photo a visitor may reach: a scheduled one is missing (404) until its time. */
    async publishedPhoto(id: number): Promise<PhotoRow> {
      const photo = await repo.findPublishedPhoto(id);
      if (!photo) throw notFound(catalogMessages.photoNotFound);
      return photo;
    },

    /** The public list: published photos, with the place and date the public may see. */
    async listPhotos(filter: { featured?: boolean; category?: string } = {}): Promise<PhotoSummary[]> {
      const [rows, sensitive] = await Promise.all([repo.listPhotos(filter), deps.sensitiveSpecies()]);
      return rows.map((p) => toPhotoSummary(p, media.filesOf, sensitive));
    },

    /** The owner's list: every live photo, scheduled ones too, with exact place and date. */
    async adminListPhotos(): Promise<AdminPhotoSummary[]> {
      const [rows, sensitive] = await Promise.all([repo.listPhotos({}, 'admin'), deps.sensitiveSpecies()]);
      return rows.map((p) => toAdminPhotoSummary(p, media.filesOf, sensitive));
    },

    /** 'public': a published photo as visitors see it; 'admin': the owner's (AdminPhotoDetail). */
    async getPhoto(id: number, audience: Audience = 'public'): Promise<PhotoDetail> {
      return audience === 'admin' ? service.adminGetPhoto(id) : detail(await service.publishedPhoto(id));
    },

    async adminGetPhoto(id: number): Promise<AdminPhotoDetail> {
      return adminDetail(await service.livePhoto(id));
    },

    /** For the server-rendered photo page: null when missing or not yet published. */
    async findPhotoDetail(id: number): Promise<PhotoDetail | null> {
      const photo = await repo.findPublishedPhoto(id);
      return photo ? detail(photo) : null;
    },

    /**
     * The asset of a photo's image or thumbnail (also for archived photos: order history).
     * 'public' (the public image addresses): a draft or scheduled photo is missing (404), as its
     * page is; the owner's screens use its files' addresses.
     */
    async imageAsset(id: number, kind: 'image' | 'thumbnail', reader: Audience = 'admin'): Promise<number> {
      const refs = await repo.imageAssets(id, reader);
      if (!refs) throw notFound(catalogMessages.photoNotFound);
      return kind === 'thumbnail' ? (refs.customThumbnailId ?? refs.originalId) : refs.originalId;
    },

    async countPhotos(): Promise<number> {
      return repo.countPhotos();
    },

    /**
     * Where a photo's prints are cropped around (also for archived photos: an order's print file):
     * its focal point, and the sizes whose crop the owner moved.
     */
    async printCrops(photoId: number): Promise<{ focal: FocalPoint; sizes: Map<number, FocalPoint> }> {
      const photo = await repo.focalPoint(photoId);
      if (!photo) throw notFound(catalogMessages.photoNotFound);
      return { focal: focalPointOf(photo), sizes: await crops.cropsFor(photoId) };
    },

    /** The owner moves one size's crop of a photo (its own focal point); the photo as she sees it. */
    async setPrintCrop(photoId: number, optionId: number, at: PrintCropInput): Promise<AdminPhotoDetail> {
      await service.livePhoto(photoId);
      if (!(await crops.setCrop(photoId, optionId, at)))
        throw notFound(catalogMessages.optionNotOnPhoto(optionId));
      return service.adminGetPhoto(photoId);
    },

    /** Back to the photo's focal point for that size. */
    async clearPrintCrop(photoId: number, optionId: number): Promise<AdminPhotoDetail> {
      await service.livePhoto(photoId);
      await crops.clearCrop(photoId, optionId);
      return service.adminGetPhoto(photoId);
    },

    /** The admin form's limits (multipart); the spec's JSON upload keeps the spec's. */
    uploadLimits(): PhotoUploadLimits {
      return formLimits;
    },

    /** The spec's JSON form: base64 images inside the body. */
    async createPhoto(input: PhotoCreateWithOptions): Promise<AdminPhotoDetail> {
      await deps.categories.assertCategory(input.category);
      const image = decodeBase64Image(input.imageData, 'imageData');
      const thumbnail = decodeOptional(input.thumbnailData, 'thumbnailData');
      return service.createPhotoWithFiles(input, { image, thumbnail }, 'json');
    },

    /** A new photo with its images and, when sent, the add form's print options: all or nothing. */
    async createPhotoWithFiles(
      input: CreateFields,
      files: PhotoFiles,
      via: FilesVia = 'form',
    ): Promise<AdminPhotoDetail> {
      const { image, thumbnail } = files;
      const limits = limitsOf(via);
      if (!sent(image)) throw badRequest(IMAGE_MISSING, { [fieldNames[via].photo]: IMAGE_MISSING });
      await deps.categories.assertCategory(input.category);
      const { fields, cameraDetails } = await fromFile(input, image);
      const newOptions = input.printOptions ?? [];
      const aspectRatio = newOptions.length ? requireRatio(fields) : null;
      const stored = await prepare(image, 'photo', limits.addImage, via);
      const storedThumb = sent(thumbnail)
        ? await prepare(thumbnail, 'thumbnail', limits.addThumbnail, via)
        : null;
      const id = await repo.transaction(async (trx) => {
        const original = await media.recordOriginal(stored, trx);
        const thumb = storedThumb && (await media.recordOriginal(storedThumb, trx));
        const photoId = await repo.insertPhoto(
          {
            ...photoFields(fields),
            showCameraDetails: input.showCameraDetails ?? false,
            cameraDetails,
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
      return service.adminGetPhoto(id);
    },

    /** The spec's JSON form: base64 images inside the body. */
    async updatePhoto(id: number, input: PhotoUpdateWithOptions): Promise<AdminPhotoDetail> {
      await service.livePhoto(id);
      const image = decodeOptional(input.imageData, 'imageData');
      const thumbnail = decodeOptional(input.thumbnailData, 'thumbnailData');
      return service.updatePhotoWithFiles(id, input, { image, thumbnail }, 'json');
    },

    /** The photo's fields, new images and, when sent, its option edits: all or nothing. */
    async updatePhotoWithFiles(
      id: number,
      input: UpdateFields,
      files: PhotoFiles,
      via: FilesVia = 'form',
    ): Promise<AdminPhotoDetail> {
      const existing = await service.livePhoto(id);
      const { image, thumbnail } = files;
      const limits = limitsOf(via);
      await deps.categories.assertCategory(input.category);
      // a new image fills what the form left empty; without one, an empty ratio is the stored image's
      const fromImage = sent(image) ? await fromFile(input, image) : null;
      const fields = fromImage?.fields ?? {
        ...input,
        aspectRatio:
          input.aspectRatio ?? nearestAspectRatio(existing.original.width, existing.original.height),
      };
      if (input.printOptions) await options.check(id, fields.aspectRatio, input.printOptions);
      const storedImage: PreparedOriginal | null = sent(image)
        ? await prepare(image, 'photo', limits.editImage, via)
        : null;
      const storedThumb = sent(thumbnail)
        ? await prepare(thumbnail, 'thumbnail', limits.editThumbnail, via)
        : null;
      await repo.transaction(async (trx) => {
        const added: number[] = [];
        const dropped: number[] = [];
        let { originalId, customThumbnailId } = existing;
        if (storedImage) {
          const a = await media.recordOriginal(storedImage, trx);
          added.push(a.id);
          dropped.push(originalId);
          originalId = a.id;
        }
        if (storedThumb) {
          const t = await media.recordOriginal(storedThumb, trx);
          added.push(t.id);
          if (customThumbnailId) dropped.push(customThumbnailId);
          customThumbnailId = t.id;
        } else if (storedImage && customThumbnailId) {
          // a custom thumbnail belonged to the old image; the new one gets generated thumbnails
          dropped.push(customThumbnailId);
          customThumbnailId = null;
        }
        const write: PhotoWrite = {
          ...photoFields(fields, existing),
          showCameraDetails: input.showCameraDetails ?? existing.showCameraDetails,
          cameraDetails: fromImage ? fromImage.cameraDetails : existing.cameraDetails,
          originalId,
          customThumbnailId,
          version: existing.version + (added.length ? 1 : 0),
          ...rightsFields(input, existing),
        };
        await repo.updatePhoto(id, write, trx);
        if (input.printOptions) await options.apply(trx, id, fields.aspectRatio, input.printOptions);
        for (const assetId of dropped) await media.deleteAsset(assetId, trx);
        if (added.length) await deps.photoUploaded(trx, id, added);
        // the files kept carry the title, notice and watermark switch: made again (new ones are due anyway)
        const kept = [originalId, customThumbnailId].filter((a): a is number => !!a && !added.includes(a));
        if (kept.length && changesFiles(existing, write)) await deps.rightsChanged(trx, kept);
      });
      return service.adminGetPhoto(id);
    },

    async deletePhoto(id: number): Promise<{ message: string; archived: boolean }> {
      const photo = await service.livePhoto(id);
      const entry = { kind: 'photo', id } as const;
      const archived = await repo.transaction(async (trx) => {
        await repo.lockPhoto(id, trx);
        // a photo an order names is kept for its history (orders answers), else deleted
        return deleteUnlessKept(deps.deleteGuards, entry, trx, {
          archive: () => repo.archivePhoto(id, trx),
          remove: async () => {
            await repo.deletePhoto(id, trx);
            await media.deleteAsset(photo.originalId, trx);
            if (photo.customThumbnailId) await media.deleteAsset(photo.customThumbnailId, trx);
          },
        });
      });
      return archived
        ? { message: catalogMessages.photoArchived, archived: true }
        : { message: catalogMessages.photoDeleted, archived: false };
    },
  };
  return service;
}
export type PhotosService = ReturnType<typeof createPhotosService>;
