import type { Request, Response } from 'express';
import pLimit from 'p-limit';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { etagMatches, type MediaModule } from '../media';
import type { CatalogService } from './catalog.service';
import type { PrintModel, PrintModelService } from './print-model.service';
import { photoUpload, readUploaded } from './photo-uploads';
import { categoryEndpoints, createCategoryRoutes } from './categories.routes';
import { createPrintOptionRoutes, printOptionEndpoints } from './print-options.routes';
import {
  adminPhotoDetailSchema,
  adminPhotoSummarySchema,
  sensitiveSpeciesInputSchema,
  sensitiveSpeciesSchema,
  deleteResultSchema,
  photoCreateFormSchema,
  photoCreateWithOptionsSchema,
  photoDetailSchema,
  photoListQuerySchema,
  photoSummarySchema,
  photoUpdateFormSchema,
  photoUpdateWithOptionsSchema,
  photoUploadLimitsSchema,
  printCropInputSchema,
} from '../../contract';

type Deps = {
  service: CatalogService;
  media: Pick<MediaModule, 'sendImage'>;
  printModels: PrintModelService;
};

// Public reads are the same for every visitor: revalidated on every use (ETag, 304) so an admin
// change shows at once, and kept by the response cache until then.
const shared = { auth: 'public', session: false, cache: 'shared' } as const;
const image = { auth: 'public', session: false, cache: 'image', answer: 'image bytes' } as const;
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const photoId = { id: 'photo id' };

const photoEndpoints = {
  listPhotos: {
    ...shared,
    method: 'GET',
    path: '/api/photos',
    query: photoListQuerySchema,
    invalid: 'filter',
    answer: photoSummarySchema.array(),
    contract: 'GET /api/photos[?featured=true][&category=name]',
  },
  getPhoto: {
    ...shared,
    method: 'GET',
    path: '/api/photos/:id',
    params: photoId,
    answer: photoDetailSchema,
    contract: 'GET /api/photos/{id}',
  },
  photoImage: {
    ...image,
    method: 'GET',
    path: '/api/photos/:id/image',
    params: photoId,
    contract: 'GET /api/photos/{id}/image, /thumbnail',
  },
  photoThumbnail: {
    ...image,
    method: 'GET',
    path: '/api/photos/:id/thumbnail',
    params: photoId,
    contract: 'GET /api/photos/{id}/image, /thumbnail',
  },
  // A print as a 3D model at its real size (the photo page's "View in your room"): one file per
  // address, never compressed (its texture is a JPEG already); its own headers are set when found.
  photoPrintModel: {
    auth: 'public',
    session: false,
    cache: 'file',
    method: 'GET',
    path: '/api/photos/:id/print-model/:printOptionId.glb',
    params: { id: 'photo id', printOptionId: 'print option id' },
    answer: 'model bytes',
    contract: 'GET /api/photos/{id}/print-model/{printOptionId}.glb',
  },
  adminListPhotos: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photos',
    answer: adminPhotoSummarySchema.array(),
    contract: 'GET /api/admin/photos',
  },
  uploadLimits: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photo-upload-limits',
    answer: photoUploadLimitsSchema,
    contract: 'GET /api/admin/photo-upload-limits',
  },
  adminGetPhoto: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photos/:id',
    params: photoId,
    answer: adminPhotoDetailSchema,
    contract: 'GET /api/admin/photos/{id}',
  },
  // Both photo writes take multipart (the admin form: files, not base64) or the spec's JSON, and
  // the photo's print options too (`printOptions`), applied in the same transaction.
  createPhoto: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photos',
    body: photoCreateWithOptionsSchema,
    multipart: photoCreateFormSchema,
    invalid: 'photo',
    answer: adminPhotoDetailSchema,
    contract: 'POST /api/admin/photos',
  },
  updatePhoto: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/photos/:id',
    params: photoId,
    body: photoUpdateWithOptionsSchema,
    multipart: photoUpdateFormSchema,
    invalid: 'photo',
    answer: adminPhotoDetailSchema,
    contract: 'PUT /api/admin/photos/{id}',
  },
  deletePhoto: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/photos/:id',
    params: photoId,
    answer: deleteResultSchema,
    contract: 'DELETE /api/admin/photos/{id}',
  },
  // One print size's crop of a photo (its own focal point), or back to the photo's focal point.
  setPrintCrop: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/photos/:id/crops/:printOptionId',
    params: { id: 'photo id', printOptionId: 'print option id' },
    body: printCropInputSchema,
    invalid: 'crop',
    answer: adminPhotoDetailSchema,
    contract: 'PUT/DELETE /api/admin/photos/{id}/crops/{printOptionId}',
  },
  clearPrintCrop: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/photos/:id/crops/:printOptionId',
    params: { id: 'photo id', printOptionId: 'print option id' },
    answer: adminPhotoDetailSchema,
    contract: 'PUT/DELETE /api/admin/photos/{id}/crops/{printOptionId}',
  },
  listSensitiveSpecies: {
    ...admin,
    method: 'GET',
    path: '/api/admin/sensitive-species',
    answer: sensitiveSpeciesSchema,
    contract: 'GET /api/admin/sensitive-species',
  },
  // an admin write: every API process's response cache is cleared before the answer goes out
  replaceSensitiveSpecies: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/sensitive-species',
    body: sensitiveSpeciesInputSchema,
    invalid: 'species list',
    answer: sensitiveSpeciesSchema,
    contract: 'PUT /api/admin/sensitive-species',
  },
} satisfies Record<string, EndpointSpec>;

/** Every catalogue endpoint: the photos' (here), the print options' and the categories'. */
export const catalogEndpoints = { ...photoEndpoints, ...printOptionEndpoints, ...categoryEndpoints };

export function createCatalogRoutes({ service, media, printModels }: Deps) {
  const limits = service.uploadLimits();
  // one photo save at a time reads and decodes its images (photo-uploads.ts): a 50 MB camera
  // original is in memory once, however many arrive together
  const oneSave = pLimit(1);
  return [
    ...bindEndpoints(photoEndpoints, {
      listPhotos: async (_req, res, { query }) => {
        res.json(
          await service.listPhotos({
            featured: query.featured === 'true',
            category: query.category || undefined,
          }),
        );
      },
      getPhoto: async (_req, res, { params }) => {
        res.json(await service.getPhoto(params.id));
      },
      photoImage: async (req, res, { params }) => {
        await media.sendImage(req, res, await service.imageAsset(params.id, 'image', 'public'), {
          kind: 'display',
        });
      },
      photoThumbnail: async (req, res, { params }) => {
        await media.sendImage(req, res, await service.imageAsset(params.id, 'thumbnail', 'public'), {
          kind: 'thumb',
        });
      },
      photoPrintModel: async (req, res, { params }) => {
        const model = await printModels.model(params.id, params.printOptionId);
        await sendPrintModel(req, res, model);
      },
      adminListPhotos: async (_req, res) => {
        res.json(await service.adminListPhotos());
      },
      uploadLimits: (_req, res) => {
        res.json(service.uploadLimits());
      },
      adminGetPhoto: async (_req, res, { params }) => {
        res.json(await service.adminGetPhoto(params.id));
      },
      listSensitiveSpecies: async (_req, res) => {
        res.json(await service.listSensitiveSpecies());
      },
      replaceSensitiveSpecies: async (_req, res, { body }) => {
        res.json(await service.replaceSensitiveSpecies(body.species));
      },
      createPhoto: {
        before: [photoUpload({ image: limits.addImage, thumbnail: limits.addThumbnail })],
        handle: async (req, res, input) => {
          const created = input.multipart
            ? await oneSave(async () => service.createPhotoWithFiles(input.form, await readUploaded(req)))
            : await oneSave(() => service.createPhoto(input.body));
          res.status(201).json(created);
        },
      },
      setPrintCrop: async (_req, res, { params, body }) => {
        res.json(await service.setPrintCrop(params.id, params.printOptionId, body));
      },
      clearPrintCrop: async (_req, res, { params }) => {
        res.json(await service.clearPrintCrop(params.id, params.printOptionId));
      },
      updatePhoto: {
        before: [photoUpload({ image: limits.editImage, thumbnail: limits.editThumbnail })],
        handle: async (req, res, input) => {
          const { id } = input.params;
          const updated = input.multipart
            ? await oneSave(async () => service.updatePhotoWithFiles(id, input.form, await readUploaded(req)))
            : await oneSave(() => service.updatePhoto(id, input.body));
          res.json(updated);
        },
      },
      deletePhoto: async (_req, res, { params }) => {
        res.json(await service.deletePhoto(params.id));
      },
    }),
    ...createPrintOptionRoutes(service),
    ...createCategoryRoutes(service),
  ];
}

/**
 * A print model's answer: its ETag (a hash of what it is made from), 304 on a match, and a year of
 * immutable caching when the address is versioned (`?v=`, as the photo page asks), else 5 minutes.
 */
async function sendPrintModel(req: Request, res: Response, model: PrintModel): Promise<void> {
  const etag = `"${model.etag}"`;
  res.setHeader('ETag', etag);
  res.setHeader(
    'Cache-Control',
    req.query.v !== undefined ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
  );
  if (etagMatches(req.get('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  const data = await model.load();
  res.setHeader('Content-Type', 'model/gltf-binary');
  res.setHeader('Content-Length', String(data.byteLength));
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}
