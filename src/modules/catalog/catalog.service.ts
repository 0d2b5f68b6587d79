import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { Logger } from '../../platform/logger';
import { toCents, toDollars } from '../../platform/money';
import { sanitizeRichText } from '../../platform/rich-text';
import { planDisplayWidths, type MediaModule } from '../media';
import type { CatalogRepository, ItemOptionRow, PhotoRow, PhotoWrite, Trx } from './catalog.repository';
import type {
  Category,
  DeleteResult,
  PhotoCreateInput,
  PhotoDetail,
  PhotoSummary,
  PhotoUpdateInput,
  PrintOption,
} from '../../contract';

export type PrintOptionMatch = {
  photo: { id: number; title: string; thumbnailUrl: string };
  option: PrintOption;
};

const MB = 1024 * 1024;
/** Upload limits: add 5MB main and 1MB thumbnail; edit 10MB main and 2MB thumbnail. */
export const imageLimits = {
  create: { image: 5 * MB, thumbnail: 1 * MB },
  update: { image: 10 * MB, thumbnail: 2 * MB },
};

export const catalogMessages = {
  photoNotFound: 'Photo not found.',
  optionNotFound: 'Print option not found.',
  categoryNotFound: 'Category not found.',
  noAspectRatio:
    'This photo has no aspect ratio. Edit the photo and set one (for example 3:2) before adding print options.',
  ratioMismatch: (option: string, photo: string) =>
    `This print option is for ${option} photos, but this photo is ${photo}.`,
  categoryIdFormat: 'Category ID must be lowercase with no spaces',
  categoryIdChars: 'Category ID may only use lowercase letters, digits, - and _',
  categoryExists: 'A category with that ID already exists.',
  unknownCategory: (name: string) =>
    `The category "${name}" does not exist. Choose one of the existing categories.`,
  badBase64: 'The image data is not valid base64.',
  photoDeleted: 'Photo deleted.',
  photoArchived:
    'This photo is part of existing orders, so it was archived instead of deleted: it no longer appears in the shop, and order history keeps it.',
  optionDeleted: 'Print option deleted.',
  optionArchived:
    'This print option is part of existing orders, so it was archived instead of deleted: it is no longer offered, and order history keeps it.',
  categoryDeleted:
    'Category deleted. Its photos keep their category value and still appear under All in the portfolio.',
};

export const photoUrls = (id: number, version: number) => ({
  imageUrl: `/api/photos/${id}/image?v=${version}`,
  thumbnailUrl: `/api/photos/${id}/thumbnail?v=${version}`,
});

export function toPrintOption(o: ItemOptionRow): PrintOption {
  return {
    id: o.id,
    aspectRatio: o.aspectRatio,
    size: o.size,
    format: o.format,
    price: toDollars(o.priceCents),
    shipping: toDollars(o.shippingCents),
  };
}

export function toPhotoSummary(p: PhotoRow): PhotoSummary {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    location: p.location,
    dateTaken: p.dateTaken,
    aspectRatio: p.aspectRatio,
    category: p.category,
    displayOrder: p.displayOrder,
    featured: p.featured,
    verticalPosition: p.verticalPosition,
    createdAt: p.createdAt.toISOString(),
    width: p.width,
    height: p.height,
    placeholderColor: p.placeholderColor,
    ...photoUrls(p.id, p.version),
    widths: planDisplayWidths(p.width),
  };
}

/** base64 with or without a `data:` prefix; anything else is a 400 naming the field. */
export function decodeBase64Image(value: string, field: string): Buffer {
  const body = value.replace(/^data:[^,]*?;base64,/i, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body))
    throw badRequest(catalogMessages.badBase64, { [field]: catalogMessages.badBase64 });
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

const isForeignKeyViolation = (err: unknown) => (err as { code?: string }).code === '23503';
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';
const CATEGORY_NAME = /^[a-z0-9][a-z0-9_-]*$/;

type Media = Pick<MediaModule, 'ingest' | 'deleteAsset'>;

type Deps = {
  media: Media;
  logger: Logger;
  /** Publishes 'photo.uploaded' in the transaction that stored the images (variants follow). */
  photoUploaded(trx: Trx, photoId: number, assetIds: number[]): Promise<unknown>;
};

export function createCatalogService(repo: CatalogRepository, deps: Deps) {
  const { media } = deps;

  async function livePhoto(id: number): Promise<PhotoRow> {
    const photo = await repo.findPhoto(id);
    if (!photo) throw notFound(catalogMessages.photoNotFound);
    return photo;
  }

  async function assertCategory(name: string): Promise<void> {
    if (await repo.findCategoryByName(name)) return;
    // A shop with no categories yet accepts any well-formed name, so the first photo can be added.
    if (CATEGORY_NAME.test(name) && (await repo.countCategories()) === 0) return;
    const message = catalogMessages.unknownCategory(name);
    throw badRequest(message, { category: message });
  }

  function checkCategoryName(name: string): void {
    if (/\s/.test(name) || name !== name.toLowerCase())
      throw badRequest(catalogMessages.categoryIdFormat, { name: catalogMessages.categoryIdFormat });
    if (!CATEGORY_NAME.test(name))
      throw badRequest(catalogMessages.categoryIdChars, { name: catalogMessages.categoryIdChars });
  }

  function requireRatio(photo: PhotoRow): string {
    if (!photo.aspectRatio)
      throw badRequest(catalogMessages.noAspectRatio, { aspectRatio: catalogMessages.noAspectRatio });
    return photo.aspectRatio;
  }

  const service = {
    // ---- public reads
    async listPhotos(filter: { featured?: boolean; category?: string } = {}): Promise<PhotoSummary[]> {
      return (await repo.listPhotos(filter)).map(toPhotoSummary);
    },

    async getPhoto(id: number): Promise<PhotoDetail> {
      const photo = await livePhoto(id);
      const options = await repo.optionsForPhoto(id);
      return { ...toPhotoSummary(photo), printOptions: options.map(toPrintOption) };
    },

    async findPhotoDetail(id: number): Promise<PhotoDetail | null> {
      const photo = await repo.findPhoto(id);
      if (!photo) return null;
      return { ...toPhotoSummary(photo), printOptions: (await repo.optionsForPhoto(id)).map(toPrintOption) };
    },

    async photoOptions(id: number): Promise<PrintOption[]> {
      await livePhoto(id);
      return (await repo.optionsForPhoto(id)).map(toPrintOption);
    },

    /** The asset to serve for a photo's image or thumbnail (also for archived photos: order history). */
    async imageAsset(id: number, kind: 'image' | 'thumbnail'): Promise<number> {
      const refs = await repo.imageAssets(id);
      if (!refs) throw notFound(catalogMessages.photoNotFound);
      return kind === 'thumbnail' ? (refs.customThumbnailId ?? refs.originalId) : refs.originalId;
    },

    async listItemOptions(): Promise<PrintOption[]> {
      return (await repo.listItemOptions()).map(toPrintOption);
    },

    async listCategories(): Promise<Category[]> {
      return repo.listCategories();
    },

    async countPhotos(): Promise<number> {
      return repo.countPhotos();
    },

    /** For cart and orders: an option offered for a photo now (both live, option assigned), or null. */
    async findPrintOption(photoId: number, optionId: number): Promise<PrintOptionMatch | null> {
      const [found] = await repo.findPrintOptions([{ photoId, optionId }]);
      return found ? toMatch(found) : null;
    },

    /** The batch form of findPrintOption: one query for many lines; missing pairs are left out. */
    async findPrintOptions(pairs: { photoId: number; optionId: number }[]): Promise<PrintOptionMatch[]> {
      return (await repo.findPrintOptions(pairs)).map(toMatch);
    },

    async sitemapEntries() {
      const [photos, categories] = await Promise.all([repo.sitemapPhotos(), repo.listCategories()]);
      return { photos, categories: categories.map((c) => c.name) };
    },

    // ---- admin: photos
    async createPhoto(input: PhotoCreateInput): Promise<PhotoDetail> {
      await assertCategory(input.category);
      const image = decodeBase64Image(input.imageData, 'imageData');
      const thumbnail = input.thumbnailData ? decodeBase64Image(input.thumbnailData, 'thumbnailData') : null;
      const id = await repo.transaction(async (trx) => {
        const original = await media.ingest(
          image,
          { kind: 'photo', maxBytes: imageLimits.create.image, field: 'imageData' },
          trx,
        );
        const thumb = thumbnail
          ? await media.ingest(
              thumbnail,
              { kind: 'thumbnail', maxBytes: imageLimits.create.thumbnail, field: 'thumbnailData' },
              trx,
            )
          : null;
        const photoId = await repo.insertPhoto(
          {
            ...photoFields(input),
            originalId: original.id,
            customThumbnailId: thumb?.id ?? null,
            version: 1,
          },
          trx,
        );
        await deps.photoUploaded(trx, photoId, [original.id, ...(thumb ? [thumb.id] : [])]);
        return photoId;
      });
      return service.getPhoto(id);
    },

    async updatePhoto(id: number, input: PhotoUpdateInput): Promise<PhotoDetail> {
      const existing = await livePhoto(id);
      await assertCategory(input.category);
      const image = input.imageData ? decodeBase64Image(input.imageData, 'imageData') : null;
      const thumbnail = input.thumbnailData ? decodeBase64Image(input.thumbnailData, 'thumbnailData') : null;
      await repo.transaction(async (trx: Trx) => {
        const added: number[] = [];
        const dropped: number[] = [];
        let originalId = existing.originalId;
        let customThumbnailId = existing.customThumbnailId;
        if (image) {
          const a = await media.ingest(
            image,
            { kind: 'photo', maxBytes: imageLimits.update.image, field: 'imageData' },
            trx,
          );
          added.push(a.id);
          dropped.push(originalId);
          originalId = a.id;
        }
        if (thumbnail) {
          const t = await media.ingest(
            thumbnail,
            { kind: 'thumbnail', maxBytes: imageLimits.update.thumbnail, field: 'thumbnailData' },
            trx,
          );
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
        for (const assetId of dropped) await media.deleteAsset(assetId, trx);
        if (added.length) await deps.photoUploaded(trx, id, added);
      });
      return service.getPhoto(id);
    },

    async deletePhoto(id: number): Promise<DeleteResult> {
      const photo = await livePhoto(id);
      try {
        await repo.transaction(async (trx) => {
          await repo.deletePhoto(id, trx);
          await media.deleteAsset(photo.originalId, trx);
          if (photo.customThumbnailId) await media.deleteAsset(photo.customThumbnailId, trx);
        });
        return { message: catalogMessages.photoDeleted, archived: false };
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        await repo.archivePhoto(id);
        return { message: catalogMessages.photoArchived, archived: true };
      }
    },

    // ---- admin: print options
    /** The add-photo form's option: reuses a catalogue entry for the photo's ratio, or creates one. */
    async addPrintOption(input: {
      photoId: number;
      size: string;
      material: string;
      price: number;
    }): Promise<PrintOption> {
      const photo = await livePhoto(input.photoId);
      const aspectRatio = requireRatio(photo);
      const wanted = {
        aspectRatio,
        size: input.size,
        format: input.material,
        priceCents: toCents(input.price),
      };
      const option =
        (await repo.findReusableOption(wanted)) ??
        (await repo.insertItemOption({ ...wanted, shippingCents: 0 }));
      await repo.assign(photo.id, option.id);
      return toPrintOption(option);
    },

    async createItemOption(input: {
      aspectRatio: string;
      size: string;
      format: string;
      price: number;
      shipping: number;
    }): Promise<PrintOption> {
      const row = await repo.insertItemOption({
        aspectRatio: input.aspectRatio,
        size: input.size,
        format: input.format,
        priceCents: toCents(input.price),
        shippingCents: toCents(input.shipping),
      });
      return toPrintOption(row);
    },

    async updateItemOption(
      id: number,
      input: { size: string; format: string; price: number; shipping: number },
    ): Promise<PrintOption> {
      const row = await repo.updateItemOption(id, {
        size: input.size,
        format: input.format,
        priceCents: toCents(input.price),
        shippingCents: toCents(input.shipping),
      });
      if (!row) throw notFound(catalogMessages.optionNotFound);
      return toPrintOption(row);
    },

    async deleteItemOption(id: number): Promise<DeleteResult> {
      if (!(await repo.findItemOption(id))) throw notFound(catalogMessages.optionNotFound);
      try {
        await repo.deleteItemOption(id);
        return { message: catalogMessages.optionDeleted, archived: false };
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        await repo.archiveItemOption(id);
        return { message: catalogMessages.optionArchived, archived: true };
      }
    },

    async createOptionForPhoto(
      photoId: number,
      input: { size: string; format: string; price: number; shipping: number },
    ): Promise<PrintOption> {
      const photo = await livePhoto(photoId);
      const aspectRatio = requireRatio(photo);
      const row = await repo.transaction(async (trx) => {
        const created = await repo.insertItemOption(
          {
            aspectRatio,
            size: input.size,
            format: input.format,
            priceCents: toCents(input.price),
            shippingCents: toCents(input.shipping),
          },
          trx,
        );
        await repo.assign(photoId, created.id, trx);
        return created;
      });
      return toPrintOption(row);
    },

    async assignOption(photoId: number, optionId: number): Promise<PrintOption[]> {
      const photo = await livePhoto(photoId);
      const option = await repo.findItemOption(optionId);
      if (!option) throw notFound(catalogMessages.optionNotFound);
      const ratio = requireRatio(photo);
      if (option.aspectRatio !== ratio) {
        const message = catalogMessages.ratioMismatch(option.aspectRatio, ratio);
        throw badRequest(message, { itemOptionId: message });
      }
      await repo.assign(photoId, optionId);
      return (await repo.optionsForPhoto(photoId)).map(toPrintOption);
    },

    async unassignOption(photoId: number, optionId: number): Promise<PrintOption[]> {
      await livePhoto(photoId);
      await repo.unassign(photoId, optionId);
      return (await repo.optionsForPhoto(photoId)).map(toPrintOption);
    },

    // ---- admin: categories
    async createCategory(input: {
      name: string;
      displayName: string;
      displayOrder?: number;
    }): Promise<Category> {
      checkCategoryName(input.name);
      if (await repo.findCategoryByName(input.name)) throw conflict(catalogMessages.categoryExists);
      try {
        return await repo.insertCategory({
          name: input.name,
          displayName: input.displayName,
          displayOrder: input.displayOrder ?? (await repo.nextCategoryOrder()),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(catalogMessages.categoryExists);
        throw err;
      }
    },

    async updateCategory(
      id: number,
      input: { name: string; displayName: string; displayOrder?: number },
    ): Promise<Category> {
      const existing = await repo.findCategory(id);
      if (!existing) throw notFound(catalogMessages.categoryNotFound);
      checkCategoryName(input.name);
      const clash = await repo.findCategoryByName(input.name);
      if (clash && clash.id !== id) throw conflict(catalogMessages.categoryExists);
      try {
        return await repo.updateCategory(
          id,
          {
            name: input.name,
            displayName: input.displayName,
            displayOrder: input.displayOrder ?? existing.displayOrder,
          },
          existing.name,
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(catalogMessages.categoryExists);
        throw err;
      }
    },

    async deleteCategory(id: number): Promise<Category & { message: string }> {
      const existing = await repo.findCategory(id);
      if (!existing) throw notFound(catalogMessages.categoryNotFound);
      await repo.deleteCategory(id);
      return { ...existing, message: catalogMessages.categoryDeleted };
    },

    async reorderCategories(ids: number[]): Promise<Category[]> {
      const known = new Set((await repo.listCategories()).map((c) => c.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) {
        const message = `Unknown category id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`;
        throw badRequest(message, { categoryIds: message });
      }
      await repo.reorderCategories(ids);
      return repo.listCategories();
    },
  };
  return service;
}
export type CatalogService = ReturnType<typeof createCatalogService>;

function toMatch(r: ItemOptionRow & { photoId: number; title: string; version: number }): PrintOptionMatch {
  return {
    photo: { id: r.photoId, title: r.title, thumbnailUrl: photoUrls(r.photoId, r.version).thumbnailUrl },
    option: toPrintOption(r),
  };
}

function photoFields(input: PhotoCreateInput | PhotoUpdateInput) {
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
