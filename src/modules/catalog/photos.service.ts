import { badRequest, notFound } from '../../platform/http/app-error';
import { asOneLine } from '../../platform/http/input-rules';
import { sanitizeRichText } from '../../platform/rich-text';
import { probeImage, type ImageSource, type MediaModule, type PreparedOriginal } from '../media';
import { nearestAspectRatio, titleFromFileName } from '../../shared/photo-metadata';
import { toAdminPhotoSummary, toPhotoSummary, toPrintOption } from './catalog.mapping';
import { catalogMessages, imageLimits } from './catalog.messages';
import type {
  PhotoCreateWithOptions,
  PhotoUpdateWithOptions,
  PrintCrop,
  PrintCropInput,
} from '../../contract';
import type {
  AdminPhotoDetail,
  AdminPhotoSummary,
  PhotoDraft,
  PhotoDraftPublishResult,
  PhotoDetail,
  PhotoSummary,
  PhotoUploadLimits,
} from '../../contract';
import type { CategoriesService } from './categories.service';
import type { PhotoRow, PhotosRepository, PhotoWrite, Trx } from './photos.repository';
import {
  adminOfferFacts,
  beforeDelete,
  keptByGuards,
  offered,
  publicOfferFacts,
  type DeleteGuards,
  type OfferInfos,
  type OfferRules,
} from './catalog.types';
import type { PrintOptionsRepository } from './print-options.repository';
import type { PrintCropsRepository } from './print-crops.repository';
import type { FocalPoint } from '../../shared/print-crop';
import { requireRatio, type PhotoPrintOptionEditor } from './print-option-writes';

/** Who reads a photo: the public sees camera details only when the owner shows them. */
type Audience = 'public' | 'admin';

/** base64 with or without a `data:` prefix; anything else is a 400 naming the field. */
export function decodeBase64Image(value: string, field: string): Buffer {
  const body = value.replace(/^data:[^,]*?;base64,/i, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body))
    throw badRequest(catalogMessages.badBase64, { [field]: catalogMessages.badBase64 });
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

const decodeOptional = (value: string | null | undefined, field: string) =>
  value ? decodeBase64Image(value, field) : null;

const MB = 1024 * 1024;
const IMAGE_MISSING = 'Please upload a photo image';

/** MAX_PHOTO_MB's default: a camera original (a 45 MP JPEG is 20-35 MB) fits. */
export const DEFAULT_MAX_PHOTO_MB = 50;

/**
 * The admin form's limits (multipart): camera originals up to MAX_PHOTO_MB (50 MB unless set), never
 * below the spec's (add 5 MB, edit 10 MB); thumbnails keep the spec's 1 and 2 MB.
 */
export function photoUploadLimits(maxPhotoMb = DEFAULT_MAX_PHOTO_MB): PhotoUploadLimits {
  const raised = maxPhotoMb * MB;
  return {
    addImage: Math.max(imageLimits.create.image, raised),
    addThumbnail: imageLimits.create.thumbnail,
    editImage: Math.max(imageLimits.update.image, raised),
    editThumbnail: imageLimits.update.thumbnail,
  };
}

/** The spec's JSON upload (base64 in the body, its own client): the spec's limits, always. */
const specLimits: PhotoUploadLimits = {
  addImage: imageLimits.create.image,
  addThumbnail: imageLimits.create.thumbnail,
  editImage: imageLimits.update.image,
  editThumbnail: imageLimits.update.thumbnail,
};

/**
 * How a save's files arrived: the admin form's multipart files (`image`, `thumbnail`, the form's
 * limits) or the spec's JSON base64 fields (`imageData`, `thumbnailData`, the spec's limits). Errors
 * name the field the files came in.
 */
export type FilesVia = 'form' | 'json';
const fieldNames: Record<FilesVia, Record<'photo' | 'thumbnail', string>> = {
  form: { photo: 'image', thumbnail: 'thumbnail' },
  json: { photo: 'imageData', thumbnail: 'thumbnailData' },
};

/** The files of a save: the photo (required when adding) and a custom thumbnail, in memory or on disk. */
export type PhotoFiles = { image: ImageSource | null; thumbnail: ImageSource | null };
const sent = (file: ImageSource | null): file is ImageSource =>
  !!file && (!Buffer.isBuffer(file) || !!file.length);
type CreateFields = Omit<PhotoCreateWithOptions, 'imageData' | 'thumbnailData'>;
type UpdateFields = Omit<PhotoUpdateWithOptions, 'imageData' | 'thumbnailData'>;

export type PhotosDeps = {
  media: Pick<MediaModule, 'prepareOriginal' | 'recordOriginal' | 'deleteAsset' | 'filesOf'>;
  categories: Pick<CategoriesService, 'assertCategory'>;
  options: PhotoPrintOptionEditor;
  optionsRepo: Pick<PrintOptionsRepository, 'optionsForPhoto' | 'liveOptionIdsForRatio' | 'assign'>;
  /** The owner's own crop of each print size (photo_print_crops). */
  crops: PrintCropsRepository;
  /** Publishes 'photo.uploaded' in the transaction that stored the images (variants follow). */
  photoUploaded(trx: Trx, photoId: number, assetIds: number[]): Promise<unknown>;
  limits?: PhotoUploadLimits;
  /** The sizes a buyer may not be offered (the resolution guard); the admin sees them all. */
  offers?: OfferRules;
  /** Other modules' facts on the offer (an edition), on every photo read. */
  offerInfos?: OfferInfos;
  /** Other modules' say on a delete (orders keep a photo their lines name). */
  deleteGuards?: DeleteGuards;
  /** The owner's sensitive species, read for each answer (it decides what 'auto' protects). */
  sensitiveSpecies(): Promise<string[]>;
};

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
  const formLimits = deps.limits ?? photoUploadLimits();
  const limitsOf = (via: FilesVia) => (via === 'form' ? formLimits : specLimits);

  /** Checked, cleaned and stored before the transaction; only its row is written inside one. */
  function prepare(file: ImageSource, kind: 'photo' | 'thumbnail', maxBytes: number, via: FilesVia) {
    return media.prepareOriginal(file, { kind, maxBytes, field: fieldNames[via][kind] });
  }

  async function draftView(photo: PhotoRow, sensitive: string[]): Promise<PhotoDraft> {
    const options = await optionsRepo.optionsForPhoto(photo.id);
    return {
      ...toAdminPhotoSummary(photo, media.filesOf, sensitive),
      queueId: photo.queueId,
      printOptionCount: options.length,
    };
  }

  /** The photo a queue id made, as a draft view (also once published: a retry still answers it). */
  async function madeFrom(queueId: string): Promise<PhotoDraft | null> {
    const id = await repo.findByQueueId(queueId);
    const photo = id === undefined ? undefined : await repo.findPhoto(id);
    return photo ? draftView(photo, await deps.sensitiveSpecies()) : null;
  }

  async function detail(photo: PhotoRow): Promise<PhotoDetail> {
    const [all, sensitive, cropOf] = await Promise.all([
      optionsRepo.optionsForPhoto(photo.id),
      deps.sensitiveSpecies(),
      cropsOf(photo),
    ]);
    const printOptions = await offered(deps.offers, photo.id, all.map(toPrintOption));
    const facts = await publicOfferFacts(
      deps.offerInfos,
      photo.id,
      printOptions.map((o) => o.id),
    );
    return {
      ...toPhotoSummary(photo, media.filesOf, sensitive),
      ...facts.photo,
      printOptions: printOptions.map((o) => ({ ...o, ...facts.option(o.id), crop: cropOf(o.id) })),
    };
  }

  async function adminDetail(photo: PhotoRow): Promise<AdminPhotoDetail> {
    const [all, sensitive, cropOf] = await Promise.all([
      optionsRepo.optionsForPhoto(photo.id),
      deps.sensitiveSpecies(),
      cropsOf(photo),
    ]);
    const facts = await adminOfferFacts(
      deps.offerInfos,
      photo.id,
      all.map((o) => o.id),
    );
    return {
      ...toAdminPhotoSummary(photo, media.filesOf, sensitive),
      ...facts.photo,
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
        };
        await repo.updatePhoto(id, write, trx);
        if (input.printOptions) await options.apply(trx, id, fields.aspectRatio, input.printOptions);
        for (const assetId of dropped) await media.deleteAsset(assetId, trx);
        if (added.length) await deps.photoUploaded(trx, id, added);
      });
      return service.adminGetPhoto(id);
    },

    /** The photo a queue id already made, or null (a retried create answers it). */
    draftFor: madeFrom,

    /**
     * A draft photo from a camera file (a finished field upload): its category as sent; its ratio,
     * date and camera from the file; its title as sent, else the file's own, else its name made
     * readable; the live catalogue options of its ratio. The queue id's unique index decides
     * between two creates of one file: the loser answers the winner's photo.
     */
    async createDraft(
      input: { queueId: string; category: string; title?: string; description?: string; location?: string },
      file: { path: string; name: string },
    ): Promise<{ draft: PhotoDraft; created: boolean }> {
      const made = await madeFrom(input.queueId);
      if (made) return { draft: made, created: false };
      await deps.categories.assertCategory(input.category);
      // what the file says is read beside the check and store (reading never fails: facts may be empty)
      const [facts, stored] = await Promise.all([
        probeImage(file),
        media.prepareOriginal(file, { kind: 'photo', maxBytes: formLimits.addImage, field: 'file' }),
      ]);
      const aspectRatio = nearestAspectRatio(stored.width, stored.height);
      // one line, as the edit form's rule wants it (a file's caption may hold line breaks)
      const title = asOneLine(input.title || facts.title || titleFromFileName(file.name) || '') || 'Untitled';
      try {
        await repo.transaction(async (trx) => {
          const original = await media.recordOriginal(stored, trx);
          const photoId = await repo.insertPhoto(
            {
              ...photoFields({
                title,
                description: input.description ?? '',
                location: input.location ?? '',
                dateTaken: facts.dateTaken,
                aspectRatio,
                category: input.category,
                displayOrder: 0,
                featured: false,
                verticalPosition: 50,
              }),
              showCameraDetails: false,
              cameraDetails: facts.camera,
              originalId: original.id,
              customThumbnailId: null,
              version: 1,
              draft: true,
              queueId: input.queueId,
            },
            trx,
          );
          if (aspectRatio)
            for (const optionId of await optionsRepo.liveOptionIdsForRatio(aspectRatio, trx))
              await optionsRepo.assign(photoId, optionId, trx);
          await deps.photoUploaded(trx, photoId, [original.id]);
          return photoId;
        });
      } catch (err) {
        // a concurrent create of the same file won: its photo is the answer (our stored file is
        // an orphan the sweep removes)
        const winner = isUniqueViolation(err) ? await madeFrom(input.queueId) : null;
        if (winner) return { draft: winner, created: false };
        throw err;
      }
      return { draft: (await madeFrom(input.queueId))!, created: true };
    },

    /** The drafts, newest first. */
    async listDrafts(): Promise<PhotoDraft[]> {
      const [rows, sensitive] = await Promise.all([repo.listDrafts(), deps.sensitiveSpecies()]);
      return Promise.all(rows.map((p) => draftView(p, sensitive)));
    },

    /**
     * These drafts go live, in one statement (ids that are not drafts are left out of the answer).
     * One with no print size goes live too (a portfolio photo), its page saying prints are not for
     * sale yet; `notForSale` names them so the screen can say so.
     */
    async publishDrafts(ids: number[]): Promise<PhotoDraftPublishResult> {
      const published = await repo.publishDrafts(ids);
      const counts = await Promise.all(published.map((id) => optionsRepo.optionsForPhoto(id)));
      return { published, notForSale: published.filter((_, i) => counts[i].length === 0) };
    },

    async deletePhoto(id: number): Promise<{ message: string; archived: boolean }> {
      const photo = await service.livePhoto(id);
      const entry = { kind: 'photo', id } as const;
      const archived = await repo.transaction(async (trx) => {
        await repo.lockPhoto(id, trx);
        // a photo an order names is kept for its history (orders answers), else deleted
        if (await keptByGuards(deps.deleteGuards, entry, trx)) {
          await repo.archivePhoto(id, trx);
          return true;
        }
        await beforeDelete(deps.deleteGuards, entry, trx);
        await repo.deletePhoto(id, trx);
        await media.deleteAsset(photo.originalId, trx);
        if (photo.customThumbnailId) await media.deleteAsset(photo.customThumbnailId, trx);
        return false;
      });
      return archived
        ? { message: catalogMessages.photoArchived, archived: true }
        : { message: catalogMessages.photoDeleted, archived: false };
    },
  };
  return service;
}
export type PhotosService = ReturnType<typeof createPhotosService>;

/** Postgres' unique_violation (the queue id's index). */
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; nativeError?: { code?: string } })?.code === '23505' ||
  (err as { nativeError?: { code?: string } })?.nativeError?.code === '23505';

/**
 * The columns a save writes from the form. The protection fields are newer than the spec's client:
 * left out of an update they keep what is stored (`existing`), left out of a create they take their
 * defaults (species none, protection 'auto', public now).
 */
function photoFields(input: CreateFields | UpdateFields, existing?: PhotoRow) {
  const kept = <K extends keyof PhotoRow>(value: PhotoRow[K] | undefined, key: K, fallback: PhotoRow[K]) =>
    value !== undefined ? value : existing ? existing[key] : fallback;
  return {
    speciesCommon: kept(input.speciesCommon, 'speciesCommon', null),
    speciesScientific: kept(input.speciesScientific, 'speciesScientific', null),
    locationProtection: kept(input.protection, 'locationProtection', 'auto'),
    publicRegion: kept(input.publicRegion, 'publicRegion', null),
    publishAt: kept(input.publishAt, 'publishAt', null),
    title: input.title,
    description: sanitizeRichText(input.description),
    location: input.location,
    dateTaken: input.dateTaken,
    aspectRatio: input.aspectRatio,
    category: input.category,
    displayOrder: input.displayOrder,
    featured: input.featured,
    verticalPosition: input.verticalPosition,
    horizontalPosition: kept(input.horizontalPosition, 'horizontalPosition', 50),
  };
}
