import { z } from 'zod';
import { adminPhotoSummarySchema } from './catalog';

/**
 * Uploads from the field: camera files sent with the tus protocol (resumable), each then made a
 * draft photo under the id the phone gave it (its queue id), reviewed and published by the owner.
 *
 * - `/api/admin/uploads` is a tus 1.0.0 endpoint (creation, expiration, termination): POST creates
 *   an upload (`Upload-Length`, `Upload-Metadata` with `filename`, `filetype`, `queueId`), HEAD
 *   tells the offset the server has, PATCH appends. Signed-in owner only, same-origin. An
 *   unfinished upload expires a day after it was last written to and is swept.
 * - `POST /api/admin/photo-drafts` turns a finished upload into a draft photo. The queue id makes it
 *   idempotent: the same queue id again answers the photo it made (200), never a second one.
 */

/** How many files one batch may hold, and how many bytes all of them together. */
export const BATCH_MAX_FILES = 50;

/** A phone-made id (a UUID): what makes a retried create answer the photo the first one made. */
export const queueIdSchema = z.uuid({ error: 'queueId must be a UUID' });

/** POST /api/admin/photo-drafts: a finished upload becomes a draft (fields left out come from the file). */
export const photoDraftCreateSchema = z.object({
  queueId: queueIdSchema,
  /** The tus upload's id: the last segment of its address (`/api/admin/uploads/{uploadId}`). */
  uploadId: z
    .string({ error: 'uploadId is required' })
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'uploadId must be the upload address’s last segment'),
  /** The category's name (its id on the wire, as photos carry it). */
  category: z.string({ error: 'Please choose a category' }).trim().min(1, 'Please choose a category'),
  /** Else the file's EXIF title or caption, else its file name made readable. */
  title: z.string().trim().max(200, 'Title must be at most 200 characters').optional(),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters').optional(),
  location: z.string().trim().max(200, 'Location must be at most 200 characters').optional(),
});
export type PhotoDraftCreate = z.infer<typeof photoDraftCreateSchema>;

/** POST /api/admin/photo-drafts/publish: these drafts go live now (ids that are not drafts are ignored). */
export const photoDraftPublishSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of photo ids' })
    .min(1, 'Choose at least one draft to publish')
    .max(BATCH_MAX_FILES * 4, 'Too many ids at once'),
});
export type PhotoDraftPublish = z.infer<typeof photoDraftPublishSchema>;
export const photoDraftPublishResultSchema = z.object({
  published: z.array(z.number()),
  /** Those of `published` with no print size: live, their page says prints are not for sale yet. */
  notForSale: z.array(z.number()),
});
export type PhotoDraftPublishResult = z.infer<typeof photoDraftPublishResultSchema>;

/** A draft as the review list shows it: the owner's summary, its queue id and its print options' count. */
export const photoDraftSchema = adminPhotoSummarySchema.extend({
  queueId: z.string().nullable(),
  printOptionCount: z.number(),
});
export type PhotoDraft = z.infer<typeof photoDraftSchema>;

/** GET /api/admin/upload-limits: what the batch screen checks before it sends anything. */
export const batchUploadLimitsSchema = z.object({
  /** Bytes per file (MAX_PHOTO_MB). */
  fileBytes: z.number(),
  /** Files per batch. */
  files: z.number(),
  /** Bytes for the whole batch. */
  batchBytes: z.number(),
  /** The tus endpoint's address. */
  endpoint: z.string(),
});
export type BatchUploadLimits = z.infer<typeof batchUploadLimitsSchema>;
