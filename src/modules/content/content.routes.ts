import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { z } from 'zod';
import { createRouter } from '../../platform/http/async-route';
import { AppError, badRequest } from '../../platform/http/app-error';
import { fieldErrors, parseId } from '../../platform/http/validate';
import type { ContentService } from './content.service';
import {
  IMAGE_MAX_BYTES,
  aboutSchema,
  faqPatchSchema,
  faqReorderSchema,
  faqSchema,
  contentMessages as messages,
  shippingNoticeSchema,
} from '../../contract';

/** What the routes need from the media module: it answers image requests (`?w=`, Accept, ETag). */
export type ContentImages = {
  sendImage(
    req: Request,
    res: Response,
    assetId: number,
    opts: { kind: 'thumb' | 'display'; width?: number },
  ): Promise<unknown>;
};

/**
 * Like platform parse(), but the message is the first field's own text: the admin screens and the
 * contact form show the server's message as it is ('Question and answer are required').
 */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw badRequest(Object.values(errors)[0] ?? 'Invalid request.', errors);
}

// Public reads are revalidated every time (the weak ETag turns that into a 304), so an admin
// change shows at once.
function fresh(res: Response, body: unknown) {
  res.set('Cache-Control', 'no-cache');
  res.json(body);
}

const logoUpload: RequestHandler = (() => {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  }).single('logo');
  return (req, res, next) =>
    single(req, res, (err?: unknown) => {
      if ((err as { code?: string } | undefined)?.code === 'LIMIT_FILE_SIZE')
        return next(new AppError('too_large', messages.logoTooLarge));
      next(err);
    });
})();

export function createContentPublicRoutes(service: ContentService, images: ContentImages) {
  const router = createRouter();

  router.get('/site', (_req, res) => fresh(res, service.site()));

  router.get('/logo', async (_req, res) => fresh(res, await service.getLogo()));
  router.get('/logo/image', async (req, res) => {
    const assetId = await service.logoAssetId();
    await images.sendImage(req, res, assetId, { kind: 'display' });
  });

  router.get('/about', async (_req, res) => fresh(res, await service.getAbout()));
  router.get('/about/headshot', async (req, res) => {
    const assetId = await service.headshotAssetId();
    await images.sendImage(req, res, assetId, { kind: 'display' });
  });

  router.get('/faqs', async (_req, res) => fresh(res, await service.listFaqs()));

  router.get('/shipping-notice', async (_req, res) => fresh(res, await service.getShippingNotice()));

  return router;
}

/** Mounted at /api/admin behind the admin guard. */
export function createContentAdminRoutes(service: ContentService) {
  const router = createRouter();

  router.post('/logo', logoUpload, async (req, res) => {
    if (!req.file?.buffer.length) throw badRequest(messages.logoMissing, { logo: messages.logoMissing });
    const logo = await service.replaceLogo(req.file.buffer);
    req.log.info({ logoUrl: logo.logoUrl }, 'logo replaced');
    res.json({ message: messages.logoUpdated, ...logo });
  });

  router.post('/about', async (req, res) => {
    res.json(await service.saveAbout(parseInput(aboutSchema, req.body)));
  });

  router.post('/faqs', async (req, res) => {
    res.status(201).json(await service.createFaq(parseInput(faqSchema, req.body)));
  });
  router.post('/faqs/reorder', async (req, res) => {
    const { faqIds } = parseInput(faqReorderSchema, req.body);
    res.json(await service.reorderFaqs(faqIds));
  });
  router.patch('/faqs/:id', async (req, res) => {
    const id = parseId(req.params.id);
    res.json(await service.updateFaq(id, parseInput(faqPatchSchema, req.body)));
  });
  router.delete('/faqs/:id', async (req, res) => {
    await service.deleteFaq(parseId(req.params.id));
    res.json({ message: messages.faqDeleted });
  });

  router.post('/shipping-notice', async (req, res) => {
    res.json(await service.saveShippingNotice(parseInput(shippingNoticeSchema, req.body)));
  });

  return router;
}
