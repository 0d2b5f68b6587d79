import { z } from 'zod';
import { id } from '../../platform/http/validate';

// Every text a visitor or the owner may read comes from here (one place per module).
export const messages = {
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
  headshotData: z.string({ error: messages.headshotInvalid }).nullish(),
  headshotType: z.string().max(100).nullish(),
});
export type AboutInput = z.infer<typeof aboutSchema>;

const faqText = (max: number, label: string) =>
  z
    .string({ error: messages.faqRequired })
    .trim()
    .min(1, messages.faqRequired)
    .max(max, `${label} must be at most ${max} characters`);

export const faqSchema = z.object({
  question: faqText(500, 'Question'),
  answer: faqText(5000, 'Answer'),
});
export type FaqInput = z.infer<typeof faqSchema>;

export const faqPatchSchema = faqSchema
  .partial()
  .refine((v) => v.question !== undefined || v.answer !== undefined, { message: messages.faqRequired });
export type FaqPatch = z.infer<typeof faqPatchSchema>;

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
    .string({ error: messages.noticeLine1Required })
    .trim()
    .min(1, messages.noticeLine1Required)
    .pipe(noticeLine('The first line')),
  line2: noticeLine('The second line')
    .nullish()
    .transform((v) => v || null),
  isActive: z.boolean({ error: 'isActive must be true or false.' }),
});
export type ShippingNoticeInput = z.infer<typeof shippingNoticeSchema>;
