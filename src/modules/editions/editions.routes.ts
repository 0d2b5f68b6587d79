import { Router } from 'express';
import { z } from 'zod';
import {
  adminEditionSchema,
  certificateCheckSchema,
  editionInputSchema,
  editionMessages as messages,
  editionSettingsInputSchema,
  editionSettingsSchema,
  editionToSignSchema,
} from '../../contract';
import { notFound } from '../../platform/http/app-error';
import { singleUpload } from '../../platform/http/single-upload';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import type { EditionsService } from './editions.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const photo = { id: 'photo id' };
const photoOption = { id: 'photo id', optionId: 'print option id' };
const invalid = { plain: messages.size };
const ok = z.object({ message: z.string() });
const shared = 'PUT/DELETE /api/admin/photos/{id}/edition, POST .../edition/close';
const perSize = 'PUT/DELETE /api/admin/photos/{id}/print-options/{optionId}/edition, POST .../edition/close';

export const editionsEndpoints = {
  // the verify page's read in the browser (the server renders the page from verifyView itself)
  certificateCheck: {
    method: 'GET',
    path: '/api/certificates/:certificate',
    auth: 'public',
    session: false,
    cache: 'no-store',
    answer: certificateCheckSchema,
    contract: 'GET /api/certificates/{id}',
  },
  saveSharedEdition: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/photos/:id/edition',
    params: photo,
    body: editionInputSchema,
    invalid,
    answer: adminEditionSchema,
    contract: shared,
  },
  deleteSharedEdition: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/photos/:id/edition',
    params: photo,
    answer: ok,
    contract: shared,
  },
  closeSharedEdition: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photos/:id/edition/close',
    params: photo,
    body: 'none',
    answer: adminEditionSchema,
    contract: shared,
  },
  saveSizeEdition: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/photos/:id/print-options/:optionId/edition',
    params: photoOption,
    body: editionInputSchema,
    invalid,
    answer: adminEditionSchema,
    contract: perSize,
  },
  deleteSizeEdition: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/photos/:id/print-options/:optionId/edition',
    params: photoOption,
    answer: ok,
    contract: perSize,
  },
  closeSizeEdition: {
    ...admin,
    method: 'POST',
    path: '/api/admin/photos/:id/print-options/:optionId/edition/close',
    params: photoOption,
    body: 'none',
    answer: adminEditionSchema,
    contract: perSize,
  },
  editionsToSign: {
    ...admin,
    method: 'GET',
    path: '/api/admin/editions/to-sign',
    answer: z.array(editionToSignSchema),
    contract: 'GET /api/admin/editions/to-sign',
  },
  markEditionSigned: {
    ...admin,
    method: 'POST',
    path: '/api/admin/editions/numbers/:id/signed',
    params: { id: 'edition print id' },
    body: 'none',
    answer: ok,
    contract: 'POST /api/admin/editions/numbers/{id}/signed',
  },
  editionSettings: {
    ...admin,
    method: 'GET',
    path: '/api/admin/edition-settings',
    answer: editionSettingsSchema,
    contract: 'GET/PUT /api/admin/edition-settings',
  },
  saveEditionSettings: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/edition-settings',
    body: editionSettingsInputSchema,
    invalid: { plain: messages.name },
    answer: editionSettingsSchema,
    contract: 'GET/PUT /api/admin/edition-settings',
  },
  saveEditionSignature: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/edition-settings/signature',
    multipart: 'files',
    answer: editionSettingsSchema,
    contract: 'PUT /api/admin/edition-settings/signature',
  },
} satisfies Record<string, EndpointSpec>;

const signatureUpload = singleUpload('signature', {
  maxBytes: 2 * 1024 * 1024,
  tooLarge: messages.signatureSize,
  fields: 5,
  parts: 6,
});

export function createEditionsRoutes(service: EditionsService) {
  return bindEndpoints(editionsEndpoints, {
    certificateCheck: async (req, res) => {
      const id = String(req.params.certificate);
      const view = /^[A-Za-z0-9_-]{16,64}$/.test(id) ? await service.verifyView(id) : null;
      if (!view) throw notFound('Certificate not found.');
      res.json(view);
    },
    saveSharedEdition: async (_req, res, { params, body }) => {
      res.json(await service.saveEdition(params.id, null, body));
    },
    deleteSharedEdition: async (_req, res, { params }) => {
      await service.deleteEdition(params.id, null);
      res.json({ message: 'Edition removed.' });
    },
    closeSharedEdition: async (_req, res, { params }) => {
      res.json(await service.closeEdition(params.id, null));
    },
    saveSizeEdition: async (_req, res, { params, body }) => {
      res.json(await service.saveEdition(params.id, params.optionId, body));
    },
    deleteSizeEdition: async (_req, res, { params }) => {
      await service.deleteEdition(params.id, params.optionId);
      res.json({ message: 'Edition removed.' });
    },
    closeSizeEdition: async (_req, res, { params }) => {
      res.json(await service.closeEdition(params.id, params.optionId));
    },
    editionsToSign: async (_req, res) => {
      res.json(await service.toSign());
    },
    markEditionSigned: async (_req, res, { params }) => {
      await service.markSigned(params.id);
      res.json({ message: 'Marked signed.' });
    },
    editionSettings: async (_req, res) => {
      res.json(await service.settings());
    },
    saveEditionSettings: async (_req, res, { body }) => {
      res.json(await service.saveName(body.photographerName));
    },
    saveEditionSignature: {
      before: [signatureUpload],
      handle: async (req, res) => {
        res.json(await service.saveSignature(req.file?.buffer ?? Buffer.alloc(0)));
      },
    },
  });
}

/** `/certificates/{id}.pdf`: the certificate as made once, the same bytes every time. */
export function createCertificateRoutes(service: EditionsService): Router {
  const router = Router();
  // the paid e-mail's stable link (the order's secret token) to a print's certificate: the PDF
  // once made, made now if not yet (the older address without the print's number: the line's first)
  router.get(
    ['/certificates/order/:token/:lineId', '/certificates/order/:token/:lineId/:number'],
    async (req, res, next) => {
      const { token, lineId, number } = req.params as { token: string; lineId: string; number?: string };
      const whole = /^[1-9][0-9]{0,9}$/;
      const ok =
        /^[A-Za-z0-9_-]{32,64}$/.test(token) &&
        whole.test(lineId) &&
        (number === undefined || whole.test(number));
      try {
        const url = ok
          ? await service.certificateForLine(
              token,
              Number(lineId),
              number === undefined ? undefined : Number(number),
            )
          : null;
        if (!url) return next();
        res.set('Cache-Control', 'no-store').redirect(302, url);
      } catch (err) {
        next(err);
      }
    },
  );
  router.get('/certificates/:file', async (req, res, next) => {
    const m = /^([A-Za-z0-9_-]{16,32})\.pdf$/.exec(req.params.file);
    const pdf = m ? await service.certificatePdf(m[1]!).catch(next) : null;
    if (!pdf) return next();
    res
      .type('application/pdf')
      .set('Content-Disposition', `inline; filename="certificate-${m![1]}.pdf"`)
      .set('Cache-Control', 'public, max-age=31536000, immutable')
      .send(pdf);
  });
  return router;
}
