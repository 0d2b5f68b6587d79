import { badRequest } from '../../platform/http/app-error';
import { createRouter } from '../../platform/http/async-route';
import { singleUpload } from '../../platform/http/single-upload';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  rightsMessages as messages,
  rightsSettingsInputSchema,
  rightsSettingsViewSchema,
  WATERMARK_PNG_MAX_BYTES,
} from '../../contract';
import type { RightsService } from './rights.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const settings = 'GET/PUT /api/admin/rights';
const image = 'PUT/DELETE /api/admin/rights/watermark-image';

export const rightsEndpoints = {
  rightsSettings: {
    ...admin,
    method: 'GET',
    path: '/api/admin/rights',
    answer: rightsSettingsViewSchema,
    contract: settings,
  },
  saveRightsSettings: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/rights',
    body: rightsSettingsInputSchema,
    invalid: 'rights settings',
    answer: rightsSettingsViewSchema,
    contract: settings,
  },
  setWatermarkImage: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/rights/watermark-image',
    multipart: 'files',
    answer: rightsSettingsViewSchema,
    contract: image,
  },
  removeWatermarkImage: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/rights/watermark-image',
    answer: rightsSettingsViewSchema,
    contract: image,
  },
} satisfies Record<string, EndpointSpec>;

const pngUpload = singleUpload('image', {
  maxBytes: WATERMARK_PNG_MAX_BYTES,
  tooLarge: messages.pngTooLarge,
  fields: 2,
  parts: 3,
});

/** The owner's rights settings and her watermark logo. */
export function createRightsRoutes(service: RightsService) {
  return bindEndpoints(rightsEndpoints, {
    rightsSettings: async (_req, res) => {
      res.json(await service.view());
    },
    saveRightsSettings: async (_req, res, { body }) => {
      res.json(await service.save(body));
    },
    setWatermarkImage: {
      before: [pngUpload],
      handle: async (req, res, input) => {
        if (!input.multipart) throw badRequest(messages.pngMissing, { image: messages.pngMissing });
        res.json(await service.setWatermarkImage(req.file?.buffer));
      },
    },
    removeWatermarkImage: async (_req, res) => {
      res.json(await service.removeWatermarkImage());
    },
  });
}

/** Mounted at /: the W3C TDMRep file (what the headers say, for the whole site). */
export function createTdmRoutes(service: RightsService) {
  const router = createRouter();
  router.get('/.well-known/tdmrep.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(service.tdmrepJson());
  });
  return router;
}
