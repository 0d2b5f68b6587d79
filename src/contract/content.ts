import { z } from 'zod';
import { imageFormatFilesSchema } from './catalog';
import { id } from '../platform/http/input-rules';

// Every text a visitor or the owner may read about the site's content comes from here.
export const contentMessages = {
  faqRequired: 'Question and answer are required',
  faqNotFound: 'FAQ not found.',
  faqDeleted: 'FAQ deleted',
  faqOrderMismatch: 'The new order must list every FAQ exactly once. Please reload the list and try again.',
  noticeLine1Required: 'First line of notice is required.',
  logoMissing: 'Please select a logo file to upload.',
  logoUpdated: 'Logo updated successfully.',
  logoTooLarge: 'The logo must be 5 MB or smaller.',
  noLogo: 'No logo has been uploaded.',
  noHeadshot: 'No headshot has been uploaded.',
  headshotTooLarge: 'The headshot must be 5 MB or smaller.',
  headshotInvalid: 'The headshot is not valid base64 image data.',
  roomImageMissing: 'Please select a photo of the room.',
  roomTooLarge: 'The room photo must be 5 MB or smaller.',
  roomNotFound: 'Room not found.',
  roomDeleted: 'Room deleted.',
  roomReferenceTooShort: 'Mark the two ends of the reference farther apart.',
} as const;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const RICH_TEXT_MAX = 100_000;

// undefined: leave as it is; null or '': clear it (the web then shows its built-in default).
const richText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .max(RICH_TEXT_MAX, `${label} is too long.`)
    .nullish();

export const aboutSchema = z.object({
  mainBio: richText('The main bio'),
  approachText: richText('The approach text'),
  servicesText: richText('The services text'),
  // base64, with or without a data: prefix; the content is checked by decoding, not by this type
  headshotData: z.string({ error: contentMessages.headshotInvalid }).nullish(),
  headshotType: z.string().max(100).nullish(),
});
export type AboutInput = z.output<typeof aboutSchema>;

const faqText = (max: number, label: string) =>
  z
    .string({ error: contentMessages.faqRequired })
    .trim()
    .min(1, contentMessages.faqRequired)
    .max(max, `${label} must be at most ${max} characters`);

export const faqSchema = z.object({
  question: faqText(500, 'Question'),
  answer: faqText(5000, 'Answer'),
});
export type FaqInput = z.output<typeof faqSchema>;

export const faqPatchSchema = faqSchema
  .partial()
  .refine((v) => v.question !== undefined || v.answer !== undefined, {
    message: contentMessages.faqRequired,
  });
export type FaqPatch = z.output<typeof faqPatchSchema>;

export const faqReorderSchema = z.object({
  faqIds: z
    .array(id('Each FAQ id', { invalid: 'Each FAQ id must be a number.' }), {
      error: 'faqIds must be a list of FAQ ids.',
    })
    .max(1000),
});

const noticeLine = (label: string) => z.string().trim().max(300, `${label} must be at most 300 characters.`);

export const shippingNoticeSchema = z.object({
  line1: z
    .string({ error: contentMessages.noticeLine1Required })
    .trim()
    .min(1, contentMessages.noticeLine1Required)
    .pipe(noticeLine('The first line')),
  line2: noticeLine('The second line')
    .nullish()
    .transform((v) => v || null),
  isActive: z.boolean({ error: 'isActive must be true or false.' }),
});
export type ShippingNoticeInput = z.output<typeof shippingNoticeSchema>;

// ---- responses ----

export const siteSchema = z.object({
  siteName: z.string(),
  photographerName: z.string(),
  tagline: z.string(),
  /**
   * Whether the shop takes orders: false when no payment provider is configured (production
   * without Stripe or PAYMENTS_PROVIDER=test). The storefront then says so instead of selling, and
   * checkout refuses.
   */
  takingOrders: z.boolean(),
  /** 'none': no payment provider configured; `publishableKey` is set only for 'stripe'. */
  payments: z.object({
    provider: z.enum(['stripe', 'test', 'none']),
    publishableKey: z.string().nullable(),
  }),
  /**
   * Changes whenever a photo's public place or date changes because of its protection, region,
   * species or the sensitive species list, or a scheduled photo goes public. The web app compares
   * it with localStorage `wildframe:locations-version` and, when it differs, deletes the service
   * worker's cached pages and API reads.
   */
  locationsVersion: z.string(),
  /** SHOP_TIME_ZONE: the zone every date on a server-rendered page is written in (both renders). */
  timeZone: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const logoSchema = z.object({
  logoUrl: z.string().nullable(),
  /** The logo as media files, best format first (see PhotoSummary.files); null without a logo. */
  files: z.array(imageFormatFilesSchema).nullable(),
  logoType: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type Logo = z.infer<typeof logoSchema>;
/** POST /api/admin/logo (multipart, field `logo`). */
export const logoUploadResultSchema = logoSchema.extend({ message: z.string() });

/** Null texts: the web app shows its built-in default. */
export const aboutContentSchema = z.object({
  mainBio: z.string().nullable(),
  approachText: z.string().nullable(),
  servicesText: z.string().nullable(),
  headshotUrl: z.string().nullable(),
  /** The headshot as media files, best format first (see PhotoSummary.files). */
  headshotFiles: z.array(imageFormatFilesSchema).nullable(),
  updatedAt: z.string().nullable(),
});
export type AboutContent = z.infer<typeof aboutContentSchema>;

export const faqEntrySchema = z.object({
  id: z.number(),
  question: z.string(),
  answer: z.string(),
  orderIndex: z.number(),
});
export type Faq = z.infer<typeof faqEntrySchema>;

export const shippingNoticeViewSchema = z.object({
  isActive: z.boolean(),
  line1: z.string().nullable(),
  line2: z.string().nullable(),
});
export type ShippingNotice = z.infer<typeof shippingNoticeViewSchema>;

/** A write that answers only a text, e.g. DELETE /api/admin/faqs/{id}. */
export const messageResultSchema = z.object({ message: z.string() });

// --- the owner's rooms for the wall preview (issue 38) ----------------------------------------

const fraction = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} must be between 0 and 1.`)
    .max(1, `${label} must be between 0 and 1.`);

/**
 * POST /api/admin/wall-rooms (multipart, the photo as `image`): a room photo, the two ends of a
 * reference she marked on it (fractions of its width and height) and its real length in inches,
 * and where a print's centre hangs.
 */
export const wallRoomFormSchema = z.object({
  label: z
    .string({ error: 'Name the room.' })
    .trim()
    .min(1, 'Name the room.')
    .max(80, 'The room name must be at most 80 characters.'),
  refX1: fraction('The first end (x)'),
  refY1: fraction('The first end (y)'),
  refX2: fraction('The second end (x)'),
  refY2: fraction('The second end (y)'),
  refLengthIn: z.coerce
    .number({ error: 'The reference length must be a number of inches.' })
    .positive('The reference length must be more than 0 inches.')
    .max(1000, 'The reference length must be at most 1000 inches.'),
  printX: fraction('Where the print hangs (x)'),
  printY: fraction('Where the print hangs (y)'),
});
export type WallRoomForm = z.output<typeof wallRoomFormSchema>;

/** GET /api/wall-rooms: the owner's rooms, oldest first. */
export const wallRoomSchema = z.object({
  id: z.number(),
  label: z.string(),
  /** '/api/wall-rooms/{id}/image?v={asset}' (add '&w=' for a width). */
  imageUrl: z.string(),
  width: z.number(),
  height: z.number(),
  reference: z.object({
    x1: z.number(),
    y1: z.number(),
    x2: z.number(),
    y2: z.number(),
    lengthIn: z.number(),
  }),
  printAt: z.object({ x: z.number(), y: z.number() }),
});
export type WallRoom = z.output<typeof wallRoomSchema>;
