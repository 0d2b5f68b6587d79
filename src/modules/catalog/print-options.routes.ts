import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import type { CatalogService } from './catalog.service';
import {
  deleteResultSchema,
  offeredPrintOptionSchema,
  perPhotoPrintOptionSchema,
  photoPrintOptionSchema,
  printOptionCreateSchema,
  printOptionSchema,
  printOptionUpdateSchema,
} from '../../contract';

// The print options' endpoints: a photo's offered sizes, the catalogue, and the owner's writes of both.
// Public reads as the photos' (catalog.routes.ts): revalidated on every use, kept by the response cache.
const shared = { auth: 'public', session: false, cache: 'shared' } as const;
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const photoId = { id: 'photo id' };
const printOptionWrites = 'POST/PUT/DELETE /api/admin/item-options[/{id}]';

export const printOptionEndpoints = {
  photoPrintOptions: {
    ...shared,
    method: 'GET',
    path: '/api/photos/:id/item-options',
    params: photoId,
    answer: offeredPrintOptionSchema.array(),
    contract: 'GET /api/photos/{id}/item-options',
  },
  listPrintOptions: {
    ...shared,
    method: 'GET',
    path: '/api/item-options',
    answer: printOptionSchema.array(),
    contract: 'GET /api/item-options',
  },
  addPrintOption: {
    ...admin,
    method: 'POST',
    path: '/api/admin/print-options',
    body: perPhotoPrintOptionSchema,
    invalid: 'print option',
    answer: printOptionSchema,
    contract: 'POST /api/admin/print-options',
  },
  createPrintOption: {
    ...admin,
    method: 'POST',
    path: '/api/admin/item-options',
    body: printOptionCreateSchema,
    invalid: 'item option',
    answer: printOptionSchema,
    contract: printOptionWrites,
  },
  updatePrintOption: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/item-options/:id',
    params: { id: 'item option id' },
    body: printOptionUpdateSchema,
    invalid: 'item option',
    answer: printOptionSchema,
    contract: printOptionWrites,
  },
  deletePrintOption: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/item-options/:id',
    params: { id: 'item option id' },
    answer: deleteResultSchema,
    contract: printOptionWrites,
  },
  createOptionForPhoto: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photos/:id/item-options',
    params: photoId,
    body: photoPrintOptionSchema,
    invalid: 'item option',
    answer: printOptionSchema,
    contract: 'POST /api/admin/photos/{id}/item-options',
  },
  assignOption: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photos/:photoId/item-options/:printOptionId',
    params: { photoId: 'photo id', printOptionId: 'item option id' },
    body: 'none',
    answer: printOptionSchema.array(),
    contract: 'POST /api/admin/photos/{photoId}/item-options/{itemOptionId}',
  },
  unassignOption: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/photos/:id/item-options/:optionId',
    params: { id: 'photo id', optionId: 'item option id' },
    answer: printOptionSchema.array(),
    contract: 'DELETE /api/admin/photos/{id}/item-options/{optionId}',
  },
} satisfies Record<string, EndpointSpec>;

export function createPrintOptionRoutes(service: CatalogService) {
  return bindEndpoints(printOptionEndpoints, {
    photoPrintOptions: async (_req, res, { params }) => {
      res.json(await service.photoPrintOptions(params.id));
    },
    listPrintOptions: async (_req, res) => {
      res.json(await service.listPrintOptions());
    },
    addPrintOption: async (_req, res, { body }) => {
      res.status(201).json(await service.addPrintOption(body));
    },
    createPrintOption: async (_req, res, { body }) => {
      res.status(201).json(await service.createPrintOption(body));
    },
    updatePrintOption: async (_req, res, { params, body }) => {
      res.json(await service.updatePrintOption(params.id, body));
    },
    deletePrintOption: async (_req, res, { params }) => {
      res.json(await service.deletePrintOption(params.id));
    },
    createOptionForPhoto: async (_req, res, { params, body }) => {
      res.status(201).json(await service.createOptionForPhoto(params.id, body));
    },
    assignOption: async (_req, res, { params }) => {
      res.json(await service.assignOption(params.photoId, params.printOptionId));
    },
    unassignOption: async (_req, res, { params }) => {
      res.json(await service.unassignOption(params.id, params.optionId));
    },
  });
}
