import { z } from 'zod';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  BATCH_MAX_FILES,
  batchUploadLimitsSchema,
  photoDraftCreateSchema,
  photoDraftPublishResultSchema,
  photoDraftPublishSchema,
  photoDraftSchema,
} from '../../contract';
import type { CatalogService } from '../catalog';
import type { FieldUploadsService } from './field-uploads.service';
import { UPLOADS_PATH } from './tus-endpoint';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;

export const fieldUploadsEndpoints = {
  createPhotoDraft: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photo-drafts',
    body: photoDraftCreateSchema,
    invalid: 'draft',
    answer: photoDraftSchema,
    contract: 'POST /api/admin/photo-drafts',
  },
  listPhotoDrafts: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photo-drafts',
    answer: z.array(photoDraftSchema),
    contract: 'GET /api/admin/photo-drafts',
  },
  publishPhotoDrafts: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photo-drafts/publish',
    body: photoDraftPublishSchema,
    invalid: 'publish',
    answer: photoDraftPublishResultSchema,
    contract: 'POST /api/admin/photo-drafts/publish',
  },
  uploadLimits: {
    ...admin,
    method: 'GET',
    path: '/api/admin/upload-limits',
    answer: batchUploadLimitsSchema,
    contract: 'GET /api/admin/upload-limits',
  },
} satisfies Record<string, EndpointSpec>;

/** The batch screen's calls: drafts from finished uploads, their list and publishing, the limits. */
export function createFieldUploadsRoutes(deps: {
  service: FieldUploadsService;
  catalog: Pick<CatalogService, 'listDrafts' | 'publishDrafts'>;
  fileBytes: number;
}) {
  return bindEndpoints(fieldUploadsEndpoints, {
    createPhotoDraft: async (_req, res, { body }) => {
      const { draft, created } = await deps.service.createDraft(body);
      res.status(created ? 201 : 200).json(draft);
    },
    listPhotoDrafts: async (_req, res) => {
      res.json(await deps.catalog.listDrafts());
    },
    publishPhotoDrafts: async (_req, res, { body }) => {
      res.json(await deps.catalog.publishDrafts(body.ids));
    },
    uploadLimits: (_req, res) => {
      res.json({
        fileBytes: deps.fileBytes,
        files: BATCH_MAX_FILES,
        batchBytes: BATCH_MAX_FILES * deps.fileBytes,
        endpoint: UPLOADS_PATH,
      });
    },
  });
}
