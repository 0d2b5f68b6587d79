import { badRequest } from '../../platform/http/app-error';
import { sanitizeRichText } from '../../platform/rich-text';
import type { ImageSource } from '../media';
import type { PhotoCreateWithOptions, PhotoUpdateWithOptions, PhotoUploadLimits } from '../../contract';
import { catalogMessages, imageLimits } from './catalog.messages';
import type { PhotoRow } from './photos.repository';

// A photo save's files and fields: how its images arrive (the admin form's multipart or the spec's
// base64 JSON) with their limits, and the columns its form writes.

/** base64 with or without a `data:` prefix; anything else is a 400 naming the field. */
export function decodeBase64Image(value: string, field: string): Buffer {
  const body = value.replace(/^data:[^,]*?;base64,/i, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body))
    throw badRequest(catalogMessages.badBase64, { [field]: catalogMessages.badBase64 });
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

export const decodeOptional = (value: string | null | undefined, field: string) =>
  value ? decodeBase64Image(value, field) : null;

const MB = 1024 * 1024;
export const IMAGE_MISSING = 'Please upload a photo image';

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
export const specLimits: PhotoUploadLimits = {
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
export const fieldNames: Record<FilesVia, Record<'photo' | 'thumbnail', string>> = {
  form: { photo: 'image', thumbnail: 'thumbnail' },
  json: { photo: 'imageData', thumbnail: 'thumbnailData' },
};

/** The files of a save: the photo (required when adding) and a custom thumbnail, in memory or on disk. */
export type PhotoFiles = { image: ImageSource | null; thumbnail: ImageSource | null };
export const sent = (file: ImageSource | null): file is ImageSource =>
  !!file && (!Buffer.isBuffer(file) || !!file.length);
export type CreateFields = Omit<PhotoCreateWithOptions, 'imageData' | 'thumbnailData'>;
export type UpdateFields = Omit<PhotoUpdateWithOptions, 'imageData' | 'thumbnailData'>;

/** A photo's own notice and watermark switch (issue 50): left out of an update, kept. */
export function rightsFields(input: UpdateFields, existing: PhotoRow) {
  return {
    copyrightNotice:
      input.copyrightNotice !== undefined ? input.copyrightNotice : (existing.copyrightNotice ?? null),
    watermarkOff: input.watermarkOff ?? existing.watermarkOff ?? false,
  };
}

type FileFacts = { title: string; copyrightNotice?: string | null; watermarkOff?: boolean };
/** Whether a save changes what the photo's files carry (its title, notice or watermark switch). */
export const changesFiles = (before: FileFacts, after: FileFacts): boolean =>
  before.title !== after.title ||
  (before.copyrightNotice ?? null) !== (after.copyrightNotice ?? null) ||
  (before.watermarkOff ?? false) !== (after.watermarkOff ?? false);

/**
 * The columns a save writes from the form. The protection fields are newer than the spec's client:
 * left out of an update they keep what is stored (`existing`), left out of a create they take their
 * defaults (species none, protection 'auto', public now).
 */
export function photoFields(input: CreateFields | UpdateFields, existing?: PhotoRow) {
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
