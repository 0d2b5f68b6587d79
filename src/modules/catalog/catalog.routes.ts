import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { createRouter } from '../../platform/http/async-route';
import { AppError } from '../../platform/http/app-error';
import { parse, parseId } from '../../platform/http/validate';
import { mediaMessages, type MediaModule } from '../media';
import type { CatalogService } from './catalog.service';
import {
  categoryCreateSchema,
  categoryReorderSchema,
  categoryUpdateSchema,
  itemOptionCreateSchema,
  itemOptionUpdateSchema,
  newPrintOptionSchema,
  photoCreateFormSchema,
  photoCreateWithOptionsSchema,
  photoItemOptionSchema,
  photoListQuerySchema,
  photoUpdateFormSchema,
  photoUpdateWithOptionsSchema,
} from '../../contract';

type Deps = { service: CatalogService; media: Pick<MediaModule, 'sendImage'> };

/** Public JSON: revalidated on every use (ETag, 304) so an admin change shows at once. */
function publicJson(res: Response, body: unknown): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.json(body);
}

function adminJson(res: Response, body: unknown, status = 200): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json(body);
}

/**
 * A photo save sent as multipart/form-data: multer streams the parts, stopping at `maxBytes` per
 * file (413 naming the limit), two files at most (`image`, `thumbnail`). Other bodies (the spec's
 * JSON form, already parsed) pass through untouched.
 */
function photoUpload(maxBytes: number): RequestHandler {
  const fields = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 2, fields: 30, parts: 32, fieldSize: 256 * 1024 },
  }).fields([
    { name: 'image', maxCount: 1 },
    { name: 'thumbnail', maxCount: 1 },
  ]);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    fields(req, res, (err?: unknown) => {
      if ((err as { code?: string } | undefined)?.code === 'LIMIT_FILE_SIZE') {
        const message = mediaMessages.tooLarge(maxBytes);
        return next(new AppError('too_large', message, { image: message }));
      }
      next(err);
    });
  };
}

type UploadedFiles = Partial<Record<'image' | 'thumbnail', Express.Multer.File[]>>;
const uploaded = (req: Request) => {
  const files = (req.files ?? {}) as UploadedFiles;
  return { image: files.image?.[0]?.buffer ?? null, thumbnail: files.thumbnail?.[0]?.buffer ?? null };
};

/** Mounted at /api. */
export function createCatalogPublicRoutes({ service, media }: Deps) {
  const router = createRouter();

  router.get('/photos', async (req, res) => {
    const q = parse(photoListQuerySchema, req.query, 'filter');
    publicJson(
      res,
      await service.listPhotos({ featured: q.featured === 'true', category: q.category || undefined }),
    );
  });

  router.get('/photos/:id', async (req, res) => {
    publicJson(res, await service.getPhoto(parseId(req.params.id, 'photo id')));
  });

  router.get('/photos/:id/item-options', async (req, res) => {
    publicJson(res, await service.photoOptions(parseId(req.params.id, 'photo id')));
  });

  router.get('/photos/:id/image', async (req, res) => {
    const assetId = await service.imageAsset(parseId(req.params.id, 'photo id'), 'image');
    await media.sendImage(req, res, assetId, { kind: 'display' });
  });

  router.get('/photos/:id/thumbnail', async (req, res) => {
    const assetId = await service.imageAsset(parseId(req.params.id, 'photo id'), 'thumbnail');
    await media.sendImage(req, res, assetId, { kind: 'thumb' });
  });

  router.get('/categories', async (_req, res) => {
    publicJson(res, await service.listCategories());
  });

  router.get('/item-options', async (_req, res) => {
    publicJson(res, await service.listItemOptions());
  });

  return router;
}

/** Mounted at /api/admin behind the admin guard. */
export function createCatalogAdminRoutes({ service }: Deps) {
  const router = createRouter();

  router.get('/photos', async (_req, res) => {
    adminJson(res, await service.listPhotos({}, 'admin'));
  });

  router.get('/photo-upload-limits', (_req, res) => {
    adminJson(res, service.uploadLimits());
  });

  router.get('/photos/:id', async (req, res) => {
    adminJson(res, await service.getPhoto(parseId(req.params.id, 'photo id'), 'admin'));
  });

  // Both writes take multipart (the admin form: files, not base64) or the spec's JSON.
  const limits = service.uploadLimits();
  router.post('/photos', photoUpload(limits.addImage), async (req, res) => {
    const created = req.is('multipart/form-data')
      ? await service.createPhotoWithFiles(parse(photoCreateFormSchema, req.body, 'photo'), uploaded(req))
      : await service.createPhoto(parse(photoCreateWithOptionsSchema, req.body, 'photo'));
    adminJson(res, created, 201);
  });

  // Both writes take the photo's print options too (`printOptions`), applied in the same transaction.
  router.put('/photos/:id', photoUpload(limits.editImage), async (req, res) => {
    const id = parseId(req.params.id, 'photo id');
    const updated = req.is('multipart/form-data')
      ? await service.updatePhotoWithFiles(id, parse(photoUpdateFormSchema, req.body, 'photo'), uploaded(req))
      : await service.updatePhoto(id, parse(photoUpdateWithOptionsSchema, req.body, 'photo'));
    adminJson(res, updated);
  });

  router.delete('/photos/:id', async (req, res) => {
    adminJson(res, await service.deletePhoto(parseId(req.params.id, 'photo id')));
  });

  router.post('/print-options', async (req, res) => {
    adminJson(res, await service.addPrintOption(parse(newPrintOptionSchema, req.body, 'print option')), 201);
  });

  router.post('/item-options', async (req, res) => {
    adminJson(
      res,
      await service.createItemOption(parse(itemOptionCreateSchema, req.body, 'item option')),
      201,
    );
  });

  router.put('/item-options/:id', async (req, res) => {
    const id = parseId(req.params.id, 'item option id');
    adminJson(
      res,
      await service.updateItemOption(id, parse(itemOptionUpdateSchema, req.body, 'item option')),
    );
  });

  router.delete('/item-options/:id', async (req, res) => {
    adminJson(res, await service.deleteItemOption(parseId(req.params.id, 'item option id')));
  });

  router.post('/photos/:id/item-options', async (req, res) => {
    const id = parseId(req.params.id, 'photo id');
    const input = parse(photoItemOptionSchema, req.body, 'item option');
    adminJson(res, await service.createOptionForPhoto(id, input), 201);
  });

  router.post('/photos/:photoId/item-options/:itemOptionId', async (req, res) => {
    const photoId = parseId(req.params.photoId, 'photo id');
    const optionId = parseId(req.params.itemOptionId, 'item option id');
    adminJson(res, await service.assignOption(photoId, optionId));
  });

  router.delete('/photos/:id/item-options/:optionId', async (req, res) => {
    const photoId = parseId(req.params.id, 'photo id');
    const optionId = parseId(req.params.optionId, 'item option id');
    adminJson(res, await service.unassignOption(photoId, optionId));
  });

  router.post('/categories', async (req, res) => {
    adminJson(res, await service.createCategory(parse(categoryCreateSchema, req.body, 'category')), 201);
  });

  // before /categories/:id, which would read "reorder" as an id
  const reorder = async (req: Request, res: Response) => {
    const { categoryIds } = parse(categoryReorderSchema, req.body, 'category order');
    adminJson(res, await service.reorderCategories(categoryIds));
  };
  router.put('/categories/reorder', reorder);
  router.post('/categories/reorder', reorder);

  router.put('/categories/:id', async (req, res) => {
    const id = parseId(req.params.id, 'category id');
    adminJson(res, await service.updateCategory(id, parse(categoryUpdateSchema, req.body, 'category')));
  });

  router.delete('/categories/:id', async (req, res) => {
    adminJson(res, await service.deleteCategory(parseId(req.params.id, 'category id')));
  });

  return router;
}
