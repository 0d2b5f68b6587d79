import { Router } from 'express';
import { z } from 'zod';
import {
  GRANT_ID_PATTERN,
  licenceCheckSchema,
  licenceMessages as messages,
  licenceSoldSchema,
} from '../../contract';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { createRateLimit } from '../../platform/http/rate-limit';
import type { DownloadLinks } from './download-links';
import type { LicenceCertificates } from './licence-certificate';
import type { LicenceGrantsService } from './licence-grants.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const ok = z.object({ message: z.string() });
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** A grant id as typed or scanned: its pattern, else nothing is read (2,000 characters, `../`). */
const grantId = (raw: unknown) => {
  const id = typeof raw === 'string' ? raw : '';
  return id.length <= 20 && GRANT_ID_PATTERN.test(id) ? id : null;
};

export const licenceDeliveryEndpoints = {
  // the check page's read in the browser (the server renders the page from the same answer)
  licenceCheck: {
    method: 'GET',
    path: '/api/licences/verify/:grant',
    auth: 'public',
    session: false,
    cache: 'no-store',
    answer: licenceCheckSchema,
    contract: 'GET /api/licences/verify/{id}',
  },
  freshLicenceLink: {
    method: 'POST',
    path: '/api/orders/by-token/:token/licences/:lineId/fresh-link',
    auth: 'public',
    session: false,
    cache: 'no-store',
    params: { lineId: 'order line id' },
    body: 'none',
    answer: ok,
    contract: 'POST /api/orders/by-token/{token}/licences/{lineId}/fresh-link',
  },
  photoLicencesSold: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photos/:id/licences',
    params: { id: 'photo id' },
    answer: z.array(licenceSoldSchema),
    contract: 'GET /api/admin/photos/{id}/licences',
  },
  resendLicenceLinks: {
    ...admin,
    method: 'POST',
    path: '/api/admin/licences/grants/:grant/resend',
    body: 'none',
    answer: ok,
    contract: 'POST /api/admin/licences/grants/{id}/resend',
  },
} satisfies Record<string, EndpointSpec>;

export function createLicenceDeliveryRoutes(ctx: AppContext, service: LicenceGrantsService) {
  // a fresh link mails the order's address: as throttled as the other public posts that mail
  const limit = createRateLimit(ctx, 'licence-fresh-link', {
    windowMs: 10 * 60 * 1000,
    limit: 5,
    message: 'Too many requests for a fresh link. Please wait a few minutes and try again.',
  });
  return bindEndpoints(licenceDeliveryEndpoints, {
    licenceCheck: async (req, res) => {
      const id = grantId(req.params.grant);
      const check = id ? await service.check(id) : null;
      if (!check) throw notFound(messages.grantNotFound);
      res.set('X-Robots-Tag', 'noindex');
      res.json(check);
    },
    freshLicenceLink: {
      before: [limit],
      handle: async (req, res, { params }) => {
        const token = String(req.params.token);
        if (!TOKEN.test(token)) throw notFound(messages.linkNotFound);
        await service.sendFreshLink(token, params.lineId);
        res.status(202).json({ message: messages.freshLinkSent });
      },
    },
    photoLicencesSold: async (_req, res, { params }) => {
      res.json(await service.soldOfPhoto(params.id));
    },
    resendLicenceLinks: async (req, res) => {
      const id = grantId(req.params.grant);
      if (!id) throw notFound(messages.grantNotFound);
      await service.resend(id);
      res.json({ message: messages.freshLinkSent });
    },
  });
}

/** `/downloads/{token}` (the file) and `/licences/{id}/certificate.pdf`. */
export function createLicenceFileRoutes(links: DownloadLinks, certificates: LicenceCertificates): Router {
  const router = Router();
  router.get('/downloads/:token', (req, res) => links.download(req, res));
  router.get('/licences/:grant/certificate.pdf', async (req, res, next) => {
    try {
      const id = grantId(req.params.grant);
      const pdf = id ? await certificates.pdf(id) : null;
      if (!pdf) return links.notFoundPage(res, messages.grantNotFound);
      res
        .type('application/pdf')
        .set('Content-Disposition', `inline; filename="licence-${id}.pdf"`)
        // a revocation changes it: never kept by a browser or proxy
        .set('Cache-Control', 'no-store')
        .set('X-Robots-Tag', 'noindex')
        .send(Buffer.from(pdf));
    } catch (err) {
      next(err);
    }
  });
  return router;
}
