import { z } from 'zod';
import { adminEditionSchema, publicEditionSchema } from './editions';
import { photoLicensingSchema } from './licences';

// The catalogue's answers (money in dollars): photos, print options, categories. The requests are
// in catalog.ts.

/**
 * The owner's protection settings: PROTECTION_SETTINGS of src/shared/location-protection.ts (the
 * contract imports only zod; tests/unit/protection-settings.test.ts checks the two agree).
 */
export const PROTECTION_SETTING_NAMES = ['auto', 'exact', 'region', 'hidden'] as const;

export const printOptionSchema = z.object({
  id: z.number(),
  aspectRatio: z.string(),
  size: z.string(),
  format: z.string(),
  price: z.number(),
  shipping: z.number(),
});
export type PrintOption = z.infer<typeof printOptionSchema>;

/** Camera details read from the photo's EXIF (never its GPS position). */
export const cameraDetailsSchema = z.object({
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  /** '35 mm' */
  focalLength: z.string().nullable(),
  /** 'f/8' */
  aperture: z.string().nullable(),
  /** '1/250 s' */
  shutter: z.string().nullable(),
  iso: z.number().nullable(),
});
export type CameraDetails = z.infer<typeof cameraDetailsSchema>;

/** One format's files of an image: its thumbnail and each display width. */
export const imageFormatFilesSchema = z.object({
  type: z.enum(['image/avif', 'image/jpeg', 'image/png']),
  /** Fits 400 x 300 (the custom thumbnail's when the photo has one). */
  thumbnail: z.string(),
  /** Smallest first. */
  display: z.array(z.object({ width: z.number(), url: z.string() })),
});
export type ImageFormatFiles = z.infer<typeof imageFormatFilesSchema>;

export const photoSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  location: z.string().nullable(),
  dateTaken: z.string().nullable(),
  aspectRatio: z.string().nullable(),
  category: z.string(),
  displayOrder: z.number(),
  featured: z.boolean(),
  /** 0 shows the top, 100 the bottom; default 50. */
  verticalPosition: z.number(),
  /** 0 the left edge, 100 the right; default 50. With verticalPosition, the focal point a print's crop centres on. */
  horizontalPosition: z.number(),
  createdAt: z.string(),
  /** Pixel size of the original (after auto-rotation). */
  width: z.number(),
  height: z.number(),
  /** '#rrggbb' dominant colour, shown while loading. */
  placeholderColor: z.string(),
  /** '/api/photos/{id}/image?v={version}' */
  imageUrl: z.string(),
  /** '/api/photos/{id}/thumbnail?v={version}' */
  thumbnailUrl: z.string(),
  /** Display widths available, e.g. [640, 1080, 1600, 2400]. */
  widths: z.array(z.number()),
  /**
   * The image as files, one address per format and width ('/media/{asset}/{width}.avif', or on
   * PUBLIC_MEDIA_URL): each address is one file, cached for a year. Best format first (AVIF); the
   * last is JPEG, which every browser reads. Pages show them as <picture> with a source per format.
   */
  files: z.array(imageFormatFilesSchema),
  /** Whether the photo page shows the camera details. */
  showCameraDetails: z.boolean(),
  /** From the file's EXIF; on public answers only when showCameraDetails is on. */
  camera: cameraDetailsSchema.nullable(),
  /** The photo's species; null when neither name is set. */
  species: z.object({ common: z.string().nullable(), scientific: z.string().nullable() }).nullable(),
  /**
   * The protection in force is not 'exact': `location` is only the region (or null) and
   * `dateTaken` the season and year (or the year), as publicPlaceAndDate says.
   */
  locationProtected: z.boolean(),
});
export type PhotoSummary = z.infer<typeof photoSummarySchema>;

/**
 * Where a print size's crop of a photo centres, in percent of the image (x 0 the left edge, y 0
 * the top): the owner's own for this size (`custom`), else the photo's focal point
 * (horizontalPosition, verticalPosition). The crop itself is `cropFor` (src/shared/print-crop.ts)
 * of the photo's width and height and the size's inches.
 */
export const printCropSchema = z.object({ x: z.number(), y: z.number(), custom: z.boolean() });
export type PrintCrop = z.infer<typeof printCropSchema>;

/**
 * A print option as a photo offers it: `edition` is the limited edition its prints are numbered in
 * (its size's own, else the photo's shared one) or null; a sold-out size is shown, not purchasable.
 */
export const offeredPrintOptionSchema = printOptionSchema.extend({ edition: publicEditionSchema.nullable() });
export type OfferedPrintOption = z.infer<typeof offeredPrintOptionSchema>;

export const photoDetailSchema = photoSummarySchema.extend({
  /** Each with where its print's crop centres (the frame the photo page draws for the chosen size). */
  printOptions: z.array(offeredPrintOptionSchema.extend({ crop: printCropSchema })),
  /** The edition shared by all the photo's sizes, or null (per-size editions are on the options). */
  edition: publicEditionSchema.nullable(),
  /** Its downloads and licences (issue 46), null when it is not for licensing or none is offered. */
  licensing: photoLicensingSchema.nullable(),
});
export type PhotoDetail = z.infer<typeof photoDetailSchema>;

/**
 * The owner's photo (every admin photo answer): the exact `location` and `dateTaken`, with the
 * protection she chose, the one in force and what the public sees instead.
 */
const adminPhotoFields = {
  speciesCommon: z.string().nullable(),
  speciesScientific: z.string().nullable(),
  /** Her setting. */
  protection: z.enum(PROTECTION_SETTING_NAMES),
  /** The setting with 'auto' resolved by the sensitive species list. */
  protectionInForce: z.enum(['exact', 'region', 'hidden']),
  publicRegion: z.string().nullable(),
  /** ISO date-time; null: public now. */
  publishAt: z.string().nullable(),
  /** publishAt is null or past: the photo is on the public surfaces. */
  published: z.boolean(),
  /** A draft from a batch upload: on no public surface until the owner publishes it. */
  draft: z.boolean(),
  /** What every public surface shows; `text` is the admin's "Shown publicly as" line. */
  shownPublicly: z.object({
    location: z.string().nullable(),
    dateTaken: z.string().nullable(),
    text: z.string(),
  }),
  /** Her notice for this photo's files (issue 50); null: the site's. */
  copyrightNotice: z.string().nullable(),
  /** No watermark on this photo's files. */
  watermarkOff: z.boolean(),
};
export const adminPhotoSummarySchema = photoSummarySchema.extend(adminPhotoFields);
export type AdminPhotoSummary = z.infer<typeof adminPhotoSummarySchema>;
/** The owner's photo with its print options: the shared edition, and each option's own edition. */
// Its `licensing` is what buyers are offered; she edits it at /api/admin/photos/{id}/licensing.
export const adminPhotoDetailSchema = photoDetailSchema.extend({
  ...adminPhotoFields,
  printOptions: z.array(
    printOptionSchema.extend({ edition: adminEditionSchema.nullable(), crop: printCropSchema }),
  ),
  edition: adminEditionSchema.nullable(),
});
export type AdminPhotoDetail = z.infer<typeof adminPhotoDetailSchema>;

/** GET and PUT /api/admin/sensitive-species: the owner's list, sorted by name. */
export const sensitiveSpeciesSchema = z.object({ species: z.array(z.string()) });
export type SensitiveSpecies = z.infer<typeof sensitiveSpeciesSchema>;

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  displayOrder: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

/** DELETE of a photo or print option: archived instead of deleted when orders reference it. */
export const deleteResultSchema = z.object({ message: z.string(), archived: z.boolean() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;
