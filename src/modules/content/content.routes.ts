import type { Request, Response } from 'express';
import { badRequest } from '../../platform/http/app-error';
import { singleUpload } from '../../platform/http/single-upload';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import type { ContentService } from './content.service';
import type { WallRoomsService } from './wall-rooms.service';
import {
  IMAGE_MAX_BYTES,
  aboutContentSchema,
  aboutSchema,
  faqEntrySchema,
  faqPatchSchema,
  faqReorderSchema,
  faqSchema,
  logoSchema,
  logoUploadResultSchema,
  contentMessages as messages,
  messageResultSchema,
  shippingNoticeSchema,
  shippingNoticeViewSchema,
  siteSchema,
  wallRoomFormSchema,
  wallRoomSchema,
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

// Public reads are revalidated every time (the weak ETag turns that into a 304), so an admin
// change shows at once.
const shared = { auth: 'public', session: false, cache: 'shared' } as const;
const image = {
  auth: 'public',
  session: false,
  cache: 'image',
  answer: 'image bytes',
  contract: 'GET /api/logo/image, /api/about/headshot',
} as const;
// The admin screens show the server's message as it is ('Question and answer are required').
const admin = {
  auth: 'admin',
  session: true,
  cache: 'no-store',
  invalid: { plain: 'Invalid request.' },
} as const;
const faqs = 'POST/PATCH/DELETE /api/admin/faqs[/{id}], POST /api/admin/faqs/reorder';

export const contentEndpoints = {
  site: { ...shared, method: 'GET', path: '/api/site', answer: siteSchema, contract: 'GET /api/site' },
  logo: { ...shared, method: 'GET', path: '/api/logo', answer: logoSchema, contract: 'GET /api/logo' },
  logoImage: { ...image, method: 'GET', path: '/api/logo/image' },
  about: {
    ...shared,
    method: 'GET',
    path: '/api/about',
    answer: aboutContentSchema,
    contract: 'GET /api/about',
  },
  headshot: { ...image, method: 'GET', path: '/api/about/headshot' },
  faqs: {
    ...shared,
    method: 'GET',
    path: '/api/faqs',
    answer: faqEntrySchema.array(),
    contract: 'GET /api/faqs',
  },
  shippingNotice: {
    ...shared,
    method: 'GET',
    path: '/api/shipping-notice',
    answer: shippingNoticeViewSchema,
    contract: 'GET /api/shipping-notice',
  },

  replaceLogo: {
    ...admin,
    method: 'POST',
    path: '/api/admin/logo',
    multipart: 'files',
    answer: logoUploadResultSchema,
    contract: 'POST /api/admin/logo',
  },
  saveAbout: {
    ...admin,
    method: 'POST',
    path: '/api/admin/about',
    body: aboutSchema,
    answer: aboutContentSchema,
    contract: 'POST /api/admin/about',
  },
  createFaq: {
    ...admin,
    method: 'POST',
    path: '/api/admin/faqs',
    body: faqSchema,
    answer: faqEntrySchema,
    contract: faqs,
  },
  reorderFaqs: {
    ...admin,
    method: 'POST',
    path: '/api/admin/faqs/reorder',
    body: faqReorderSchema,
    answer: faqEntrySchema.array(),
    contract: faqs,
  },
  updateFaq: {
    ...admin,
    method: 'PATCH',
    path: '/api/admin/faqs/:id',
    params: { id: 'id' },
    body: faqPatchSchema,
    answer: faqEntrySchema,
    contract: faqs,
  },
  deleteFaq: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/faqs/:id',
    params: { id: 'id' },
    answer: messageResultSchema,
    contract: faqs,
  },
  // The owner's room photos for the photo page's wall preview (issue 38).
  wallRooms: {
    ...shared,
    method: 'GET',
    path: '/api/wall-rooms',
    answer: wallRoomSchema.array(),
    contract: 'GET /api/wall-rooms',
  },
  wallRoomImage: {
    ...image,
    method: 'GET',
    path: '/api/wall-rooms/:id/image',
    params: { id: 'room id' },
    contract: 'GET /api/wall-rooms/{id}/image',
  },
  createWallRoom: {
    ...admin,
    invalid: 'room',
    method: 'POST',
    path: '/api/admin/wall-rooms',
    multipart: wallRoomFormSchema,
    answer: wallRoomSchema,
    contract: 'POST/DELETE /api/admin/wall-rooms[/{id}]',
  },
  deleteWallRoom: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/wall-rooms/:id',
    params: { id: 'room id' },
    answer: messageResultSchema,
    contract: 'POST/DELETE /api/admin/wall-rooms[/{id}]',
  },
  saveShippingNotice: {
    ...admin,
    method: 'POST',
    path: '/api/admin/shipping-notice',
    body: shippingNoticeSchema,
    answer: shippingNoticeViewSchema,
    contract: 'POST /api/admin/shipping-notice',
  },
} satisfies Record<string, EndpointSpec>;

const logoUpload = singleUpload('logo', {
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: messages.logoTooLarge,
  fields: 10,
  parts: 12,
});
const roomUpload = singleUpload('image', {
  maxBytes: IMAGE_MAX_BYTES,
  tooLarge: messages.roomTooLarge,
  fields: 12,
  parts: 14,
});

export function createContentRoutes(service: ContentService, images: ContentImages, rooms: WallRoomsService) {
  return bindEndpoints(contentEndpoints, {
    site: async (_req, res) => {
      res.json(await service.publicSite());
    },
    logo: async (_req, res) => {
      res.json(await service.getLogo());
    },
    logoImage: async (req, res) => {
      await images.sendImage(req, res, await service.logoAssetId(), { kind: 'display' });
    },
    about: async (_req, res) => {
      res.json(await service.getAbout());
    },
    headshot: async (req, res) => {
      await images.sendImage(req, res, await service.headshotAssetId(), { kind: 'display' });
    },
    faqs: async (_req, res) => {
      res.json(await service.listFaqs());
    },
    shippingNotice: async (_req, res) => {
      res.json(await service.getShippingNotice());
    },

    replaceLogo: {
      before: [logoUpload],
      handle: async (req, res) => {
        if (!req.file?.buffer.length) throw badRequest(messages.logoMissing, { logo: messages.logoMissing });
        const logo = await service.replaceLogo(req.file.buffer);
        req.log.info({ logoUrl: logo.logoUrl }, 'logo replaced');
        res.json({ message: messages.logoUpdated, ...logo });
      },
    },
    saveAbout: async (_req, res, { body }) => {
      res.json(await service.saveAbout(body));
    },
    createFaq: async (_req, res, { body }) => {
      res.status(201).json(await service.createFaq(body));
    },
    reorderFaqs: async (_req, res, { body }) => {
      res.json(await service.reorderFaqs(body.faqIds));
    },
    updateFaq: async (_req, res, { params, body }) => {
      res.json(await service.updateFaq(params.id, body));
    },
    deleteFaq: async (_req, res, { params }) => {
      await service.deleteFaq(params.id);
      res.json({ message: messages.faqDeleted });
    },
    wallRooms: async (_req, res) => {
      res.json(await rooms.list());
    },
    wallRoomImage: async (req, res, { params }) => {
      await images.sendImage(req, res, await rooms.imageAssetId(params.id), { kind: 'display' });
    },
    createWallRoom: {
      before: [roomUpload],
      handle: async (req, res, input) => {
        if (!input.multipart)
          throw badRequest(messages.roomImageMissing, { image: messages.roomImageMissing });
        res.status(201).json(await rooms.create(req.file?.buffer, input.form));
      },
    },
    deleteWallRoom: async (_req, res, { params }) => {
      await rooms.remove(params.id);
      res.json({ message: messages.roomDeleted });
    },
    saveShippingNotice: async (_req, res, { body }) => {
      res.json(await service.saveShippingNotice(body));
    },
  });
}
