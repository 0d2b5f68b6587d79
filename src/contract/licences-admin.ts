import { z } from 'zod';
import {
  centsMessage,
  controlCharactersMessage,
  hasControlCharacters,
  id,
  money,
  wholeNumber,
} from '../platform/http/input-rules';

// Licences and downloads (issue 46), the owner's side: her licences, the download sizes, the
// catalogue's price grid (licence x size) and a photo's own licensing. Money in dollars on the wire.

export const licenceAdminMessages = {
  sizeNotFound: 'Download size not found.',
  unknownPair: 'A price names a licence or a download size that does not exist.',
  doubledPair: 'A licence and size are priced twice.',
} as const;

const oneLineText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), controlCharactersMessage(label));

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
const position = wholeNumber('Position must be a whole number from 0 to 10000', 0, 10_000);

/**
 * A licence's price in one size, in dollars; blank or null: not offered in that size. Prices as
 * prints': more than 0, at most 100000 (the column's CHECK), whole cents; text is refused.
 */
export const licencePriceSchema = z.preprocess(
  (v) => (typeof v === 'string' && !v.trim() ? null : v),
  money({
    invalid: 'Price must be a number',
    cents: centsMessage('Price'),
    min: [0.01, 'Price must be greater than 0'],
    max: [100_000, 'Price must be at most 100000'],
  }).nullable(),
);

/** POST /api/admin/licences and PUT /api/admin/licences/{id}: the slug is made from the name when created. */
export const licenceInputSchema = z.object({
  name: oneLineText('Name', 1, 80),
  summary: z
    .string({ error: 'Summary must be text' })
    .trim()
    .max(300, 'Summary must be at most 300 characters')
    .refine((v) => !hasControlCharacters(v), controlCharactersMessage('Summary'))
    .optional()
    .default(''),
  /** Rich text (the admin editor's); sanitized on write. */
  termsHtml: z
    .string({ error: 'Terms must be text' })
    .max(50_000, 'Terms must be at most 50000 characters')
    .optional()
    .default(''),
  askMe: flag('Ask me').optional().default(false),
  taxable: flag('Taxable').optional().default(true),
  position: position.optional(),
});
export type LicenceInput = z.output<typeof licenceInputSchema>;

/** POST /api/admin/download-sizes and PUT /api/admin/download-sizes/{id}. */
export const downloadSizeInputSchema = z.object({
  label: oneLineText('Label', 1, 60),
  /** null: the original's full resolution. */
  longEdgePx: z.preprocess(
    (v) => (v === '' ? null : v),
    wholeNumber('The long edge must be a whole number of pixels from 320 to 20000', 320, 20_000).nullable(),
  ),
  position: position.optional(),
});
export type DownloadSizeInput = z.output<typeof downloadSizeInputSchema>;

const pricedPair = z.object({
  licenceId: id('Licence'),
  sizeId: id('Download size'),
  price: licencePriceSchema,
});

/** PUT /api/admin/licence-prices: the whole grid (a pair left out or null is not offered). */
export const licencePricesInputSchema = z.object({ prices: z.array(pricedPair).max(2000) });
export type LicencePricesInput = z.output<typeof licencePricesInputSchema>;

/**
 * PUT /api/admin/photos/{id}/licensing: a photo's own licensing. `prices` are this photo's own,
 * replacing its earlier ones: a price overrides the default, null takes the pair off this photo;
 * a pair left out follows the defaults.
 */
export const photoLicensingInputSchema = z.object({
  notForLicensing: flag('Not for licensing'),
  prices: z.array(pricedPair).max(2000).optional().default([]),
});
export type PhotoLicensingInput = z.output<typeof photoLicensingInputSchema>;

export const adminLicenceSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  termsHtml: z.string(),
  askMe: z.boolean(),
  taxable: z.boolean(),
  position: z.number(),
  /** Archived: no longer sold or shown; kept for the orders that name it. */
  archived: z.boolean(),
});
export type AdminLicence = z.infer<typeof adminLicenceSchema>;

export const adminDownloadSizeSchema = z.object({
  id: z.number(),
  label: z.string(),
  longEdgePx: z.number().nullable(),
  position: z.number(),
  archived: z.boolean(),
});
export type AdminDownloadSize = z.infer<typeof adminDownloadSizeSchema>;

export const licencePriceCellSchema = z.object({
  licenceId: z.number(),
  sizeId: z.number(),
  /** Dollars; null (a photo's own): not offered for this photo. */
  price: z.number().nullable(),
});
export type LicencePriceCell = z.infer<typeof licencePriceCellSchema>;

/** GET /api/admin/licences (and the answer of the grid's PUT): everything she sells, archived too. */
export const licenceCatalogueSchema = z.object({
  licences: z.array(adminLicenceSchema),
  sizes: z.array(adminDownloadSizeSchema),
  /** The default prices (a pair not listed is not offered). */
  prices: z.array(licencePriceCellSchema),
});
export type LicenceCatalogue = z.infer<typeof licenceCatalogueSchema>;

/** GET/PUT /api/admin/photos/{id}/licensing. */
export const adminPhotoLicensingSchema = z.object({
  photoId: z.number(),
  notForLicensing: z.boolean(),
  /** This photo's own prices (null: the pair is off this photo); the other pairs follow the defaults. */
  prices: z.array(licencePriceCellSchema),
});
export type AdminPhotoLicensing = z.infer<typeof adminPhotoLicensingSchema>;
