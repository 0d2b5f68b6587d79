import { z } from 'zod';
import { PROTECTION_SETTING_NAMES } from './catalog-answers';
import { copyrightNoticeSchema } from './rights';
import {
  centsMessage,
  controlCharactersMessage,
  fromDecimalString,
  hasControlCharacters,
  id,
  money,
} from '../platform/http/input-rules';

// The catalogue: photos, print options and categories. The admin writes carry the exact messages
// the admin forms show.

/** A number field left blank (or null) is left out; anything else follows the shared rule. */
const numberFrom = (required: string, invalid: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : fromDecimalString(v)),
    z.number({ error: (iss) => (iss.input === undefined ? required : invalid) }),
  );

/** A one-line name: no control or direction characters (input-rules.ts). */
const oneLine = (label: string) =>
  [(v: string) => !hasControlCharacters(v), controlCharactersMessage(label)] as const;

const requiredText = (label: string, max: number, required = `${label} is required`) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...oneLine(label));

/** Optional free text: blank and missing both become null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const booleanFrom = (label: string) =>
  z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${label} must be true or false` }),
  );

export const priceSchema = money({
  required: 'Price is required',
  invalid: 'Price must be a number',
  cents: centsMessage('Price'),
  min: [0.01, 'Price must be greater than 0'],
  max: [1_000_000, 'Price must be at most 1000000'],
});
const shippingAmount = money({
  required: 'Shipping is required',
  invalid: 'Shipping must be a number',
  cents: centsMessage('Shipping'),
  min: [0, 'Shipping cannot be negative'],
  max: [100_000, 'Shipping must be at most 100000'],
});
export const shippingSchema = shippingAmount.optional().transform((v) => v ?? 0);

const aspectRatioRequired = requiredText('Aspect ratio', 7);
const size = requiredText('Size', 100);
const format = requiredText('Format', 100);

export const printOptionCreateSchema = z.object({
  aspectRatio: aspectRatioRequired,
  size,
  format,
  price: priceSchema,
  shipping: shippingSchema,
});
export const printOptionUpdateSchema = z.object({
  size,
  format,
  price: priceSchema,
  shipping: shippingSchema,
});
export const photoPrintOptionSchema = printOptionUpdateSchema;

/** The spec's older per-photo option (its print_option): size, material, price, in stock. */
const perPhotoFields = {
  size,
  material: requiredText('Material', 100),
  price: priceSchema,
  shipping: shippingAmount.optional(),
  inStock: booleanFrom('In stock').optional().default(true),
};
// The wire's `material` is the code's `format` (docs/architecture.md, Names); the server renames it here only.
const materialAsFormat = <T extends { material: string }>({ material, ...rest }: T) => ({
  ...rest,
  format: material,
});

/**
 * POST /api/admin/print-options: the older per-photo form. An option matching a catalogue option
 * (ratio, size, format) is that option; a new one gets the shipping sent (0 when none is sent, as
 * the spec's client sends none).
 */
export const perPhotoPrintOptionSchema = z
  .object({ photoId: id('Photo', { invalid: 'Photo must be a whole number' }), ...perPhotoFields })
  .transform(materialAsFormat);

/**
 * The spec's client sends `imageType` with the image (default image/jpeg). The stored type is read
 * from the image's bytes whatever it says, but when sent it must be a short image media type
 * (blank and null count as not sent).
 */
const IMAGE_TYPE_INVALID = 'Image type must be an image media type, e.g. image/jpeg';
const imageType = z.preprocess(
  (v) => (v === '' ? undefined : v), // a browser's File.type is '' when it does not know the type
  z
    .string({ error: IMAGE_TYPE_INVALID })
    .max(100, IMAGE_TYPE_INVALID)
    .regex(/^image\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i, IMAGE_TYPE_INVALID)
    .nullish(),
);

/**
 * A new field of an older form: left out (undefined) keeps what is stored on an update (the spec's
 * client knows nothing of it); blank or null clears it.
 */
const keptText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine(...oneLine(label))
      .transform((v) => (v ? v : null))
      .optional(),
  );

const PROTECTION_INVALID = `Protection must be one of ${PROTECTION_SETTING_NAMES.join(', ')}`;
const PUBLISH_AT_INVALID = 'Publish at must be a date and time';
// ISO 8601 with its offset (or Z): a time without one would be read in the server's zone
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** A parseable date-time whose day exists (Date.parse would read February 30 as March 2). */
function realDate(v: string): boolean {
  if (Number.isNaN(Date.parse(v))) return false;
  const [y, m, d] = v.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Where and when the public may see a photo (issue 35); every field optional, kept when left out. */
const protectionFields = {
  speciesCommon: keptText('Species (common name)', 120),
  speciesScientific: keptText('Scientific name', 120),
  /** Blank or null is the default, 'auto'. */
  protection: z.preprocess(
    (v) => (v === '' || v === null ? 'auto' : v),
    z.enum(PROTECTION_SETTING_NAMES, { error: PROTECTION_INVALID }).optional(),
  ),
  publicRegion: keptText('Region shown publicly', 100),
  /** Blank or null: public now (null); else an ISO 8601 date and time with its offset. */
  publishAt: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: PUBLISH_AT_INVALID })
      .trim()
      .refine((v) => ISO_WITH_OFFSET.test(v) && realDate(v), PUBLISH_AT_INVALID)
      .transform((v) => new Date(v))
      .nullable()
      .optional(),
  ),
};

const photoFields = {
  ...protectionFields,
  title: requiredText('Title', 200),
  /** Optional: a batch draft has none, and its edits must not wait for one (blank, null or left out: ''). */
  description: z
    .string({ error: 'Description must be text' })
    .max(50_000, 'Description must be at most 50000 characters')
    .nullish()
    .transform((v) => v ?? ''),
  location: optionalText('Location', 200),
  dateTaken: optionalText('Date taken', 50),
  aspectRatio: optionalText('Aspect ratio', 7),
  category: requiredText('Category', 50),
  displayOrder: numberFrom('Display order is required', 'Display order must be a number')
    .pipe(
      z
        .number()
        .int('Display order must be a whole number')
        .min(-1_000_000, 'Display order is out of range')
        .max(1_000_000, 'Display order is out of range'),
    )
    .optional()
    .transform((v) => v ?? 0),
  featured: booleanFrom('Featured')
    .nullish()
    .transform((v) => v ?? false),
  verticalPosition: numberFrom('Vertical position is required', 'Vertical position must be a number')
    .pipe(
      z
        .number()
        .int('Vertical position must be a whole number')
        .min(0, 'Vertical position must be between 0 and 100')
        .max(100, 'Vertical position must be between 0 and 100'),
    )
    .optional()
    .transform((v) => v ?? 50),
  /**
   * The focal point's other half, beside the spec's verticalPosition (0 the left edge, 100 the
   * right): where a print's crop centres. Newer than the spec's client: left out of an update it
   * keeps what is stored (50 when new).
   */
  horizontalPosition: numberFrom('Horizontal position is required', 'Horizontal position must be a number')
    .pipe(
      z
        .number()
        .int('Horizontal position must be a whole number')
        .min(0, 'Horizontal position must be between 0 and 100')
        .max(100, 'Horizontal position must be between 0 and 100'),
    )
    .optional(),
  /** Show the camera details read from the file on the public photo page; left out: unchanged (off when new). */
  showCameraDetails: booleanFrom('Show camera details').optional(),
  thumbnailData: z.string({ error: 'Thumbnail data must be text' }).nullish(),
  imageType,
};

export const photoCreateSchema = z.object({
  ...photoFields,
  imageData: z.string({ error: 'Please upload a photo image' }).min(1, 'Please upload a photo image'),
});
export const photoUpdateSchema = z.object({
  ...photoFields,
  /** Her notice for this photo's files (issue 50): blank or null uses the site's; left out: kept. */
  copyrightNotice: z.preprocess((v) => (v === '' ? null : v), copyrightNoticeSchema.optional()),
  /** No watermark on this photo's files; left out: kept. */
  watermarkOff: booleanFrom('No watermark').optional(),
  imageData: z.string({ error: 'Image data must be text' }).nullish(),
});

export const categoryCreateSchema = z.object({
  name: requiredText('Category ID', 50),
  displayName: requiredText('Display name', 100),
  displayOrder: numberFrom('Display order is required', 'Display order must be a number')
    .pipe(z.number().int('Display order must be a whole number').min(0).max(1_000_000))
    .optional(),
});
export const categoryUpdateSchema = categoryCreateSchema;
export const categoryReorderSchema = z.object({
  categoryIds: z
    .array(id('Each category id', { invalid: 'Each category id must be a number' }), {
      error: 'categoryIds must be a list of category ids',
    })
    .min(1, 'categoryIds must list the categories in their new order')
    .refine((ids) => new Set(ids).size === ids.length, 'categoryIds must not repeat an id'),
});

export const photoListQuerySchema = z.object({
  featured: z.enum(['true', 'false'], { error: 'featured must be true or false' }).optional(),
  category: z.string().trim().max(50, 'category must be at most 50 characters').optional(),
});

// A photo saved with its print options in one request, applied in one transaction.
const optionIds = z
  .array(id('Print option', { invalid: 'Print option must be a whole number' }), {
    error: 'Must be a list of print option ids',
  })
  .max(100, 'At most 100 print options');
/** The add form's rows (the per-photo form): a catalogue option for the photo's ratio is reused or created. */
const newPhotoPrintOptions = z
  .array(z.object(perPhotoFields).transform(materialAsFormat), { error: 'printOptions must be a list' })
  .max(100, 'At most 100 print options');
/** The edit form's changes: new catalogue options, edits of assigned ones, and ids to unassign. */
const photoPrintOptionEdits = z
  .object(
    {
      create: z.array(photoPrintOptionSchema).max(100, 'At most 100 print options').default([]),
      update: z
        .array(photoPrintOptionSchema.extend({ id: id('Print option') }))
        .max(100, 'At most 100 print options')
        .default([]),
      remove: optionIds.default([]),
    },
    { error: 'printOptions must be an object with create, update and remove lists' },
  )
  .refine((e) => {
    const ids = [...e.update.map((o) => o.id), ...e.remove];
    return new Set(ids).size === ids.length;
  }, 'A print option may be updated or removed once per save');

export const photoCreateWithOptionsSchema = photoCreateSchema.extend({
  printOptions: newPhotoPrintOptions.optional(),
});
export const photoUpdateWithOptionsSchema = photoUpdateSchema.extend({
  printOptions: photoPrintOptionEdits.optional(),
});
/** A multipart form's printOptions: the same list or object, sent as JSON text. */
const jsonText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v; // the schema answers with its own message
    }
  }, schema);
/**
 * POST and PUT /api/admin/photos as multipart/form-data: the same text fields, the photo as file
 * field `image` and an optional thumbnail as `thumbnail` (no base64).
 */
export const photoCreateFormSchema = photoCreateWithOptionsSchema
  .omit({ imageData: true, thumbnailData: true })
  .extend({ printOptions: jsonText(newPhotoPrintOptions).optional() });
export const photoUpdateFormSchema = photoUpdateWithOptionsSchema
  .omit({ imageData: true, thumbnailData: true })
  .extend({ printOptions: jsonText(photoPrintOptionEdits).optional() });

/** GET /api/admin/photo-upload-limits: the largest files the photo form may send, in bytes. */
export const photoUploadLimitsSchema = z.object({
  addImage: z.number(),
  addThumbnail: z.number(),
  editImage: z.number(),
  editThumbnail: z.number(),
});
export type PhotoUploadLimits = z.infer<typeof photoUploadLimitsSchema>;
export type NewPhotoPrintOption = z.infer<typeof newPhotoPrintOptions>[number];
export type PhotoPrintOptionEdits = z.infer<typeof photoPrintOptionEdits>;
export type PhotoCreateWithOptions = z.infer<typeof photoCreateWithOptionsSchema>;
export type PhotoUpdateWithOptions = z.infer<typeof photoUpdateWithOptionsSchema>;

export type PrintOptionFields = z.output<typeof printOptionUpdateSchema>;
export type NewPrintOption = z.output<typeof printOptionCreateSchema>;
export type CategoryInput = z.output<typeof categoryCreateSchema>;

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`);
/** PUT /api/admin/photos/{id}/crops/{printOptionId}: that size's focal point, in percent. */
export const printCropInputSchema = z.object({ x: percent('x'), y: percent('y') });
export type PrintCropInput = z.infer<typeof printCropInputSchema>;

const SPECIES_NAME = 'Each species must be 1 to 120 characters';
export const sensitiveSpeciesInputSchema = z.object({
  species: z
    .array(
      z
        .string({ error: SPECIES_NAME })
        .trim()
        .min(1, SPECIES_NAME)
        .max(120, SPECIES_NAME)
        .refine(...oneLine('A species name')),
      { error: 'species must be a list of names' },
    )
    .max(500, 'At most 500 species'),
});

// The answers (responses) are in catalog-answers.ts; both are this area's contract.
export * from './catalog-answers';
