import { z } from 'zod';
import { wholeNumber } from '../platform/http/input-rules';

// Limited editions (issue 36): the owner's editions and settings, what buyers see of an edition,
// the number on an order's line and the prints the owner has to sign.

export const editionMessages = {
  size: 'Edition size must be a whole number from 1 to 10000',
  artistProofs: "Artist's proofs must be a whole number from 0 to 100",
  notRaisable: "An edition's size cannot be raised after its first sale.",
  belowTaken: (taken: number) => `This edition already has ${taken} numbers taken; its size cannot be lower.`,
  sharedAndPerSize: 'A photo has one edition shared by all its sizes or editions per size, not both.',
  notFound: 'Edition not found.',
  hasSales: 'This edition has sales, so it can not be removed. Close it instead.',
  optionNotOnPhoto: 'This print size is not offered on this photo.',
  photoNotFound: 'Photo not found.',
  soldOut: 'This edition is sold out.',
  onlyLeft: (left: number) =>
    `Only ${left} ${left === 1 ? 'print' : 'prints'} of this edition ${left === 1 ? 'is' : 'are'} left.`,
  numberNotFound: 'Edition print not found.',
  certificateLinkLabel: 'Certificate of authenticity',
  name: 'The name on certificates must be 1 to 200 characters.',
  signatureType: 'The signature must be a PNG or JPEG image.',
  signatureSize: 'The signature image must be at most 2 MB.',
  signatureMissing: 'Choose a signature image to upload.',
  // e-mails when a payment arrives after its number was released and none is left
  oversoldSubject: 'Your edition print sold out: your payment is refunded',
} as const;

export const editionInputSchema = z.object({
  size: wholeNumber(editionMessages.size, 1, 10000),
  artistProofs: wholeNumber(editionMessages.artistProofs, 0, 100).optional(),
});
export type EditionInput = z.infer<typeof editionInputSchema>;

export const editionQuerySchema = z.object({
  photoId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** The owner's view of an edition (admin photo JSON: `edition` and each print option's `edition`). */
export const adminEditionSchema = z.object({
  id: z.number(),
  size: z.number(),
  artistProofs: z.number(),
  taken: z.number(),
  left: z.number(),
  closed: z.boolean(),
  soldOut: z.boolean(),
});
export type AdminEdition = z.infer<typeof adminEditionSchema>;

/** What buyers see of an edition (public photo JSON). */
export const publicEditionSchema = z.object({ size: z.number(), left: z.number(), soldOut: z.boolean() });
export type PublicEdition = z.infer<typeof publicEditionSchema>;

/** One numbered print of an order line: "7/25" and its certificate (null while it is being made). */
export const editionPrintSchema = z.object({
  number: z.number(),
  label: z.string(),
  certificateUrl: z.string().nullable(),
  revoked: z.boolean().optional(),
});
export type EditionPrint = z.infer<typeof editionPrintSchema>;

/**
 * An order line's edition prints (buyer's page, confirmation, admin order): `prints` has every
 * print of the line in number order (a line of 2 prints: two numbers, two certificates); `number`,
 * `label`, `certificateUrl` and `revoked` are its first print's.
 */
export const lineEditionSchema = editionPrintSchema.extend({
  size: z.number(),
  prints: z.array(editionPrintSchema),
});
export type LineEdition = z.infer<typeof lineEditionSchema>;

export const editionToSignSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  lineId: z.number(),
  photoTitle: z.string(),
  number: z.string(),
  size: z.string(),
  format: z.string(),
  certificateUrl: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** Who makes the print: a lab (signed when it arrives) or the owner (signed before she ships it). */
  madeBy: z.enum(['lab', 'you']),
});
export type EditionToSign = z.infer<typeof editionToSignSchema>;

export const editionSettingsSchema = z.object({
  photographerName: z.string(),
  hasSignature: z.boolean(),
  signatureType: z.string().nullable(),
});
export type EditionSettings = z.infer<typeof editionSettingsSchema>;

export const editionSettingsInputSchema = z.object({
  photographerName: z
    .string({ error: editionMessages.name })
    .trim()
    .min(1, editionMessages.name)
    .max(200, editionMessages.name),
});

/** GET /api/certificates/{id}: a certificate as anyone may check it (the verify page's facts; no buyer data). */
export const certificateCheckSchema = z.object({
  certificateId: z.string(),
  photoId: z.number(),
  photoTitle: z.string(),
  imageUrl: z.string(),
  number: z.number(),
  editionSize: z.number(),
  size: z.string(),
  format: z.string(),
  soldAt: z.string(),
  summary: z.string(),
  valid: z.boolean(),
  revokedAt: z.string().nullable(),
});
