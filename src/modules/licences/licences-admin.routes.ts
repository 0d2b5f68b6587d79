import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  adminDownloadSizeSchema,
  adminLicenceSchema,
  adminPhotoLicensingSchema,
  downloadSizeInputSchema,
  licenceCatalogueSchema,
  licenceInputSchema,
  licencePricesInputSchema,
  photoLicensingInputSchema,
} from '../../contract';
import type { LicencesCatalogueService } from './licences-catalogue.service';

// The owner's licences, download sizes, default prices and a photo's own licensing (issue 46).
const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const licenceWrites = 'POST/PUT/DELETE /api/admin/licences[/{id}]';
const sizeWrites = 'POST/PUT/DELETE /api/admin/download-sizes[/{id}]';
const photoLicensing = 'GET/PUT /api/admin/photos/{id}/licensing';
const plain = (what: string) => ({ plain: `Invalid ${what}` });

export const licencesAdminEndpoints = {
  licenceCatalogue: {
    ...admin,
    method: 'GET',
    path: '/api/admin/licences',
    answer: licenceCatalogueSchema,
    contract: 'GET /api/admin/licences',
  },
  createLicence: {
    ...admin,
    method: 'POST',
    path: '/api/admin/licences',
    body: licenceInputSchema,
    invalid: plain('licence'),
    answer: adminLicenceSchema,
    contract: licenceWrites,
  },
  updateLicence: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/licences/:id',
    params: { id: 'licence id' },
    body: licenceInputSchema,
    invalid: plain('licence'),
    answer: adminLicenceSchema,
    contract: licenceWrites,
  },
  archiveLicence: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/licences/:id',
    params: { id: 'licence id' },
    answer: adminLicenceSchema,
    contract: licenceWrites,
  },
  createDownloadSize: {
    ...admin,
    method: 'POST',
    path: '/api/admin/download-sizes',
    body: downloadSizeInputSchema,
    invalid: plain('download size'),
    answer: adminDownloadSizeSchema,
    contract: sizeWrites,
  },
  updateDownloadSize: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/download-sizes/:id',
    params: { id: 'download size id' },
    body: downloadSizeInputSchema,
    invalid: plain('download size'),
    answer: adminDownloadSizeSchema,
    contract: sizeWrites,
  },
  archiveDownloadSize: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/download-sizes/:id',
    params: { id: 'download size id' },
    answer: adminDownloadSizeSchema,
    contract: sizeWrites,
  },
  saveLicencePrices: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/licence-prices',
    body: licencePricesInputSchema,
    invalid: plain('price'),
    answer: licenceCatalogueSchema,
    contract: 'PUT /api/admin/licence-prices',
  },
  photoLicensing: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photos/:id/licensing',
    params: { id: 'photo id' },
    answer: adminPhotoLicensingSchema,
    contract: photoLicensing,
  },
  savePhotoLicensing: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/photos/:id/licensing',
    params: { id: 'photo id' },
    body: photoLicensingInputSchema,
    invalid: plain('licensing'),
    answer: adminPhotoLicensingSchema,
    contract: photoLicensing,
  },
} satisfies Record<string, EndpointSpec>;

export function createLicencesAdminRoutes(service: LicencesCatalogueService) {
  return bindEndpoints(licencesAdminEndpoints, {
    licenceCatalogue: async (_req, res) => void res.json(await service.catalogue()),
    createLicence: async (_req, res, { body }) =>
      void res.status(201).json(await service.createLicence(body)),
    updateLicence: async (_req, res, { params, body }) =>
      void res.json(await service.updateLicence(params.id, body)),
    archiveLicence: async (_req, res, { params }) => void res.json(await service.archiveLicence(params.id)),
    createDownloadSize: async (_req, res, { body }) =>
      void res.status(201).json(await service.createSize(body)),
    updateDownloadSize: async (_req, res, { params, body }) =>
      void res.json(await service.updateSize(params.id, body)),
    archiveDownloadSize: async (_req, res, { params }) => void res.json(await service.archiveSize(params.id)),
    saveLicencePrices: async (_req, res, { body }) => void res.json(await service.savePrices(body)),
    photoLicensing: async (_req, res, { params }) => void res.json(await service.photoLicensing(params.id)),
    savePhotoLicensing: async (_req, res, { params, body }) =>
      void res.json(await service.savePhotoLicensing(params.id, body)),
  });
}
