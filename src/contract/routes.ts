import type { z } from 'zod';
import { adminUserSchema, loginSchema } from './admin-auth';
import { addToCartSchema, cartSchema, updateCartLineSchema } from './cart';
import {
  categoryCreateSchema,
  categoryReorderSchema,
  categorySchema,
  categoryUpdateSchema,
  deleteResultSchema,
  itemOptionCreateSchema,
  itemOptionUpdateSchema,
  newPrintOptionSchema,
  photoCreateWithOptionsSchema,
  photoDetailSchema,
  photoItemOptionSchema,
  photoListQuerySchema,
  photoSummarySchema,
  photoUpdateWithOptionsSchema,
  photoUploadLimitsSchema,
  printOptionSchema,
} from './catalog';
import { contactResultSchema, contactSchema } from './contact';
import {
  inboxMessageSchema,
  inboxPageSchema,
  mailStatusSchema,
  messageListQuerySchema,
  messageReadSchema,
  unreadCountSchema,
} from './contact-admin';
import {
  aboutContentSchema,
  aboutSchema,
  faqEntrySchema,
  faqPatchSchema,
  faqReorderSchema,
  faqSchema,
  logoSchema,
  logoUploadResultSchema,
  messageResultSchema,
  shippingNoticeSchema,
  shippingNoticeViewSchema,
  siteSchema,
} from './content';
import {
  buyerOrderSchema,
  checkoutResultSchema,
  checkoutSchema,
  fulfillmentSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderSummarySchema,
} from './orders';
import {
  createPaymentIntentSchema,
  orderPaymentStatusSchema,
  paymentIntentSchema,
  refundSchema,
  refundViewSchema,
  statusQuerySchema,
  testConfirmSchema,
  testConfirmResultSchema,
} from './payments';
import { versionSchema } from './version';

/** A route's schemas; a row that covers several methods lists one schema per method. */
type RouteContract = {
  query?: z.ZodType;
  body?: z.ZodType | z.ZodType[];
  answer: z.ZodType | z.ZodType[] | 'image bytes' | 'csv';
};

const list = <S extends z.ZodType>(schema: S) => schema.array();

/**
 * Every route of docs/api-contract.md (keyed by its "call" cell, word for word) with the schemas
 * of its request and answer: routes.test.ts checks that the document and this list agree.
 */
export const routes: Record<string, RouteContract> = {
  'GET /api/site': { answer: siteSchema },
  'GET /api/photos[?featured=true][&category=name]': {
    query: photoListQuerySchema,
    answer: list(photoSummarySchema),
  },
  'GET /api/photos/{id}': { answer: photoDetailSchema },
  'GET /api/photos/{id}/item-options': { answer: list(printOptionSchema) },
  'GET /api/photos/{id}/image, /thumbnail': { answer: 'image bytes' },
  'GET /api/categories': { answer: list(categorySchema) },
  'GET /api/item-options': { answer: list(printOptionSchema) },
  'GET /api/logo': { answer: logoSchema },
  'GET /api/about': { answer: aboutContentSchema },
  'GET /api/faqs': { answer: list(faqEntrySchema) },
  'GET /api/shipping-notice': { answer: shippingNoticeViewSchema },
  'POST /api/contact': { body: contactSchema, answer: contactResultSchema },
  'GET /api/version': { answer: versionSchema },

  'GET /api/cart': { answer: cartSchema },
  'POST /api/cart': { body: addToCartSchema, answer: cartSchema },
  'PUT /api/cart/{id}': { body: updateCartLineSchema, answer: cartSchema },
  'DELETE /api/cart/{id}': { answer: cartSchema },
  'DELETE /api/cart': { answer: cartSchema },
  'POST /api/checkout': { body: checkoutSchema, answer: checkoutResultSchema },
  'POST /api/create-payment-intent': { body: createPaymentIntentSchema, answer: paymentIntentSchema },
  'POST /api/test-payments/confirm': { body: testConfirmSchema, answer: testConfirmResultSchema },
  'GET /api/orders/by-token/{token}': { answer: buyerOrderSchema },
  'GET /api/orders/{id}/status?secret=clientSecret': {
    query: statusQuerySchema,
    answer: orderPaymentStatusSchema,
  },

  'POST /api/admin/login': { body: loginSchema, answer: adminUserSchema },
  'POST /api/admin/logout': { answer: messageResultSchema },
  'GET /api/admin/user': { answer: adminUserSchema },
  'GET /api/admin/photos': { answer: list(photoSummarySchema) },
  'GET /api/admin/photos/{id}': { answer: photoDetailSchema },
  'POST /api/admin/photos': { body: photoCreateWithOptionsSchema, answer: photoDetailSchema },
  'PUT /api/admin/photos/{id}': { body: photoUpdateWithOptionsSchema, answer: photoDetailSchema },
  'GET /api/admin/photo-upload-limits': { answer: photoUploadLimitsSchema },
  'DELETE /api/admin/photos/{id}': { answer: deleteResultSchema },
  'POST /api/admin/print-options': { body: newPrintOptionSchema, answer: printOptionSchema },
  'POST/PUT/DELETE /api/admin/item-options[/{id}]': {
    body: [itemOptionCreateSchema, itemOptionUpdateSchema],
    answer: [printOptionSchema, printOptionSchema, deleteResultSchema],
  },
  'POST /api/admin/photos/{id}/item-options': { body: photoItemOptionSchema, answer: printOptionSchema },
  'POST /api/admin/photos/{photoId}/item-options/{itemOptionId}': { answer: list(printOptionSchema) },
  'DELETE /api/admin/photos/{id}/item-options/{optionId}': { answer: list(printOptionSchema) },
  'POST /api/admin/about': { body: aboutSchema, answer: aboutContentSchema },
  'POST/PUT/DELETE /api/admin/categories[/{id}]': {
    body: [categoryCreateSchema, categoryUpdateSchema],
    answer: [
      categorySchema,
      categorySchema,
      categorySchema.extend({ message: messageResultSchema.shape.message }),
    ],
  },
  'PUT /api/admin/categories/reorder (POST also accepted)': {
    body: categoryReorderSchema,
    answer: list(categorySchema),
  },
  'POST /api/admin/logo': { answer: logoUploadResultSchema },
  'GET /api/admin/orders[?fulfillmentStatus=&q=]': {
    query: orderListQuerySchema,
    answer: list(orderSummarySchema),
  },
  'GET /api/admin/orders.csv': { query: orderListQuerySchema, answer: 'csv' },
  'GET /api/admin/orders/{id}': { answer: orderDetailSchema },
  'PATCH /api/admin/orders/{id}/fulfillment-status': { body: fulfillmentSchema, answer: orderSummarySchema },
  'POST /api/admin/orders/{id}/refunds': { body: refundSchema, answer: refundViewSchema },
  'POST/PATCH/DELETE /api/admin/faqs[/{id}], POST /api/admin/faqs/reorder': {
    body: [faqSchema, faqPatchSchema, faqReorderSchema],
    answer: [faqEntrySchema, faqEntrySchema, messageResultSchema, list(faqEntrySchema)],
  },
  'POST /api/admin/shipping-notice': { body: shippingNoticeSchema, answer: shippingNoticeViewSchema },
  'GET /api/admin/messages[?limit=&before=]': { query: messageListQuerySchema, answer: inboxPageSchema },
  'GET /api/admin/messages/unread-count': { answer: unreadCountSchema },
  'PATCH /api/admin/messages/{id}': { body: messageReadSchema, answer: inboxMessageSchema },
  'GET /api/admin/mail-status': { answer: mailStatusSchema },
};
