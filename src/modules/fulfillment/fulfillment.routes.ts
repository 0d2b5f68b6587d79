import type { Request } from 'express';
import { z } from 'zod';
import { notFound } from '../../platform/http/app-error';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import {
  labCatalogSchema,
  labConnectionSchema,
  labConnectionTestSchema,
  labReviewListSchema,
  labSetupSchema,
  labOptionGroupsSchema,
  labProductInputSchema,
  labProductListSchema,
  labProductViewSchema,
  labSettingsInputSchema,
  labSettingsViewSchema,
  orderLabSchema,
  printSizesSchema,
} from '../../contract';
import type { FulfillmentService } from './fulfillment.service';

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;
const message = z.object({ message: z.string() });
const labWebhook = {
  method: 'POST',
  auth: 'public',
  session: false,
  cache: 'no-store',
  // only its order number is read; everything else is re-read from the lab's API
  body: z.looseObject({ orderNumber: z.union([z.string().max(100), z.number()]).optional() }),
  answer: z.object({ received: z.boolean() }),
} as const;

export const fulfillmentEndpoints = {
  labSettings: {
    ...admin,
    method: 'GET',
    path: '/api/admin/lab',
    answer: labSetupSchema,
    contract: 'GET /api/admin/lab, PUT /api/admin/lab/{provider}',
  },
  // `:provider` is a registered lab's id, checked by the service: 404 for another word
  saveLabSettings: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/lab/:provider',
    body: labSettingsInputSchema,
    invalid: 'print lab settings',
    answer: labSettingsViewSchema,
    contract: 'GET /api/admin/lab, PUT /api/admin/lab/{provider}',
  },
  testLabConnection: {
    ...admin,
    method: 'POST',
    path: '/api/admin/lab/:provider/test-connection',
    body: labConnectionTestSchema,
    invalid: 'connection test',
    answer: labConnectionSchema,
    contract: 'POST /api/admin/lab/{provider}/test-connection',
  },
  labCatalog: {
    ...admin,
    method: 'GET',
    path: '/api/admin/lab/:provider/catalog',
    answer: labCatalogSchema,
    contract: 'GET /api/admin/lab/{provider}/catalog[/products/{productId}/options]',
  },
  labOptions: {
    ...admin,
    method: 'GET',
    // the product id is the lab's own (text): its options come from the lab, nothing is stored
    path: '/api/admin/lab/:provider/catalog/products/:productId/options',
    answer: labOptionGroupsSchema,
    contract: 'GET /api/admin/lab/{provider}/catalog[/products/{productId}/options]',
  },
  labProducts: {
    ...admin,
    method: 'GET',
    path: '/api/admin/lab/products',
    answer: labProductListSchema,
    contract: 'GET /api/admin/lab/products',
  },
  mapLabProduct: {
    ...admin,
    method: 'PUT',
    path: '/api/admin/lab/products/:printOptionId',
    params: { printOptionId: 'print option id' },
    body: labProductInputSchema,
    invalid: 'lab product',
    answer: labProductViewSchema,
    contract: 'PUT/DELETE /api/admin/lab/products/{printOptionId}',
  },
  unmapLabProduct: {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/lab/products/:printOptionId',
    params: { printOptionId: 'print option id' },
    answer: message,
    contract: 'PUT/DELETE /api/admin/lab/products/{printOptionId}',
  },
  labReview: {
    ...admin,
    method: 'GET',
    path: '/api/admin/lab/review',
    answer: labReviewListSchema,
    contract: 'GET /api/admin/lab/review',
  },
  printSizes: {
    ...admin,
    method: 'GET',
    path: '/api/admin/photos/:id/print-sizes',
    params: { id: 'photo id' },
    answer: printSizesSchema,
    contract: 'GET /api/admin/photos/{id}/print-sizes',
  },
  orderLab: {
    ...admin,
    method: 'GET',
    path: '/api/admin/orders/:id/lab',
    params: { id: 'id' },
    answer: orderLabSchema,
    contract: 'GET /api/admin/orders/{id}/lab',
  },
  sendOrderToLab: {
    ...admin,
    method: 'POST',
    path: '/api/admin/orders/:id/lab/send',
    params: { id: 'id' },
    body: 'none',
    answer: orderLabSchema,
    contract: 'POST /api/admin/orders/{id}/lab/{send,hold}',
  },
  holdOrderLab: {
    ...admin,
    method: 'POST',
    path: '/api/admin/orders/:id/lab/hold',
    params: { id: 'id' },
    body: 'none',
    answer: orderLabSchema,
    contract: 'POST /api/admin/orders/{id}/lab/{send,hold}',
  },
  // The labs' shipping webhook: the secret in the path is the only key (the body is not signed).
  // Its address names the lab (`:provider`, as registered); the one without, registered before,
  // still works.
  labWebhook: {
    ...labWebhook,
    path: '/api/webhooks/lab/:provider/:secret',
    contract: 'POST /api/webhooks/lab/{provider}/{secret}',
  },
  labWebhookUnnamed: {
    ...labWebhook,
    path: '/api/webhooks/lab/:secret',
    contract: 'POST /api/webhooks/lab/{secret}',
  },
  // The original at full resolution for the lab: signed, expiring, no query string (the lab reads
  // the file's name from the path).
  labFile: {
    method: 'GET',
    path: '/api/lab-files/:assetId/:expires/:signature/original.jpg',
    auth: 'public',
    session: false,
    cache: 'no-store',
    params: { assetId: 'file', expires: 'expiry' },
    answer: 'image bytes',
    contract: 'GET /api/lab-files/{assetId}/{expires}/{signature}/original.jpg',
  },
  // A line's print file for the lab: the crop of the photo to the print size, at full resolution
  // (made on the first fetch, then kept). Signed and expiring like the original's; its name is
  // print.jpg (print.png for a PNG original).
  labPrintFile: {
    method: 'GET',
    path: '/api/lab-files/p/:photoId/:printOptionId/:expires/:signature/:file',
    auth: 'public',
    session: false,
    cache: 'no-store',
    params: { photoId: 'file', printOptionId: 'file', expires: 'expiry' },
    answer: 'image bytes',
    contract: 'GET /api/lab-files/p/{photoId}/{printOptionId}/{expires}/{signature}/print.jpg',
  },
  // The owner's download of a line's print file (the same bytes a lab gets), as an attachment.
  orderLinePrintFile: {
    ...admin,
    method: 'GET',
    path: '/api/admin/orders/:id/lines/:lineId/print-file',
    params: { id: 'id', lineId: 'line id' },
    answer: 'image bytes',
    contract: 'GET /api/admin/orders/{id}/lines/{lineId}/print-file',
  },
} satisfies Record<string, EndpointSpec>;

/** The lab a path names: the service checks it is one of ours. */
const provider = (req: Request) => String(req.params.provider ?? '');

export function createFulfillmentRoutes(service: FulfillmentService) {
  return bindEndpoints(fulfillmentEndpoints, {
    labSettings: async (_req, res) => {
      res.json(await service.settings());
    },
    saveLabSettings: async (req, res, { body }) => {
      res.json(await service.saveSettings(provider(req), body));
    },
    testLabConnection: async (req, res, { body }) => {
      res.json(await service.testConnection(provider(req), body));
    },
    labCatalog: async (req, res) => {
      res.json(await service.catalog(provider(req)));
    },
    labOptions: async (req, res) => {
      res.json(await service.options(provider(req), String(req.params.productId ?? '')));
    },
    labReview: async (_req, res) => {
      res.json(await service.reviewList());
    },
    labProducts: async (_req, res) => {
      res.json(await service.products());
    },
    mapLabProduct: async (_req, res, { params, body }) => {
      res.json(await service.mapProduct(params.printOptionId, body));
    },
    unmapLabProduct: async (_req, res, { params }) => {
      res.json(await service.unmapProduct(params.printOptionId));
    },
    printSizes: async (_req, res, { params }) => {
      res.json(await service.printSizes(params.id));
    },
    orderLab: async (_req, res, { params }) => {
      res.json(await service.labOrders(params.id));
    },
    sendOrderToLab: async (_req, res, { params }) => {
      res.json(await service.sendNow(params.id));
    },
    holdOrderLab: async (_req, res, { params }) => {
      res.json(await service.hold(params.id));
    },
    labWebhook: async (req, res, { body }) => {
      if (!(await service.webhook(String(req.params.secret ?? ''), body, provider(req))))
        throw notFound('Not found.');
      res.json({ received: true });
    },
    labWebhookUnnamed: async (req, res, { body }) => {
      if (!(await service.webhook(String(req.params.secret ?? ''), body))) throw notFound('Not found.');
      res.json({ received: true });
    },
    labFile: async (req, res, { params }) => {
      const file = await service.file(params.assetId, params.expires, String(req.params.signature ?? ''));
      if (!file) throw notFound('Not found.');
      res.set('Cache-Control', 'no-store');
      res.type(file.mimeType).send(file.data);
    },
    labPrintFile: async (req, res, { params }) => {
      const file = await service.printFileBytes(
        params.photoId,
        params.printOptionId,
        params.expires,
        String(req.params.signature ?? ''),
        String(req.params.file ?? ''),
      );
      if (!file) throw notFound('Not found.');
      res.type(file.mimeType).send(file.data);
    },
    orderLinePrintFile: async (_req, res, { params }) => {
      const file = await service.lineFile(params.id, params.lineId);
      res.attachment(file.fileName).type(file.mimeType).send(file.data);
    },
  });
}
