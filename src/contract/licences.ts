import { z } from 'zod';
import { id } from '../platform/http/input-rules';

// Licences and downloads (issue 46): what a buyer sees and sends. Money in dollars on the wire.
// The owner's shapes (licences, sizes, prices, a photo's licensing, licences sold) are in
// licences-admin.ts.

export const licenceMessages = {
  notOffered: 'That licence is not offered for this photo in that size.',
  askMe: 'This licence is sold on request: write to me through the contact page.',
  notForLicensing: 'This photo is not for licensing.',
  licenceNotFound: 'Licence not found.',
  grantNotFound: 'No licence has this id. Check that you typed it as printed.',
  linkNotFound:
    'This download link is not valid. Open the link from your e-mail, or ask for a fresh one on your order page.',
  linkExpired: 'This download link has expired. Ask for a fresh one on your order page.',
  linkUsedUp: 'This download link has been used 10 times. Ask for a fresh one on your order page.',
  linkReplaced: 'A fresh link replaced this one. Use the newest link we sent you.',
  revoked: 'This licence was revoked (its order was refunded), so its file can no longer be downloaded.',
  licensee: 'Enter who the licence is for: your name or your organisation',
  licenseeKind: 'Choose whether the licence is for a person or an organisation',
  freshLinkSent: 'A fresh download link is on its way to the e-mail address of the order.',
  freshLinkNotPaid: 'Downloads are ready once the order is paid.',
} as const;

/** How long a download link works, and how many downloads it gives. */
export const DOWNLOAD_LINK_DAYS = 7;
export const DOWNLOAD_LINK_MAX = 10;

export const licenseeKinds = ['person', 'organisation'] as const;
export type LicenseeKind = (typeof licenseeKinds)[number];

// ---- the storefront: a photo's downloads and licences ----

/** One licence as a buyer compares them (a photo's offer, the licence page). */
export const publicLicenceSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  /** Sold on request: no price in the cart; the buyer writes to her. */
  askMe: z.boolean(),
});
export type PublicLicence = z.infer<typeof publicLicenceSchema>;

export const downloadSizeSchema = z.object({
  id: z.number(),
  label: z.string(),
  /** The long edge in pixels; null: the original's full resolution. */
  longEdgePx: z.number().nullable(),
});
export type DownloadSize = z.infer<typeof downloadSizeSchema>;

/**
 * A photo's downloads and licences (on its public JSON as `licensing`, null when it is not for
 * licensing or nothing is offered): the sizes, the licences, and a price for each pair offered.
 * `pixels` is the file's long edge for this photo (a size never upscales the original).
 */
export const photoLicensingSchema = z.object({
  sizes: z.array(downloadSizeSchema.extend({ pixels: z.string() })),
  licences: z.array(publicLicenceSchema),
  offers: z.array(z.object({ licenceId: z.number(), sizeId: z.number(), price: z.number() })),
});
export type PhotoLicensing = z.infer<typeof photoLicensingSchema>;

/** The licence page (`/licences/{slug}`, `GET /api/licences/{slug}`). */
export const licencePageSchema = publicLicenceSchema.extend({
  termsHtml: z.string(),
  /** Its default prices per size, for the "from $15" a buyer reads before choosing a photo. */
  prices: z.array(z.object({ sizeId: z.number(), label: z.string(), price: z.number() })),
});
export type LicencePage = z.infer<typeof licencePageSchema>;

/** `POST /api/cart/licences`: a licence of a photo in a download size (one per cart). */
export const addLicenceToCartSchema = z.object({
  photoId: id('Photo'),
  licenceId: id('Licence'),
  sizeId: id('Download size'),
});
export type AddLicenceToCartInput = z.output<typeof addLicenceToCartSchema>;

/** A licence line of the cart (`cart.licences`), priced by the server. */
export const cartLicenceLineSchema = z.object({
  id: z.number(),
  photoId: z.number(),
  addedAt: z.string(),
  photo: z.object({ id: z.number(), title: z.string(), thumbnailUrl: z.string() }),
  licence: publicLicenceSchema.pick({ id: true, slug: true, name: true }),
  size: downloadSizeSchema.pick({ id: true, label: true }),
  price: z.number(),
});
export type CartLicenceLine = z.infer<typeof cartLicenceLineSchema>;

/** The licensee named on the licence, its certificate and in the file. */
export const licenseeSchema = z.object({
  kind: z.enum(licenseeKinds, { error: licenceMessages.licenseeKind }),
  name: z
    .string({ error: licenceMessages.licensee })
    .trim()
    .min(1, licenceMessages.licensee)
    .max(200, 'The licensee can be at most 200 characters'),
});
export type Licensee = z.infer<typeof licenseeSchema>;
/** Who an order's licences are for, as the admin's order shows it. */
export const licenseeViewSchema = z.object({ kind: z.enum(licenseeKinds), name: z.string() });

/** An order line is a print or a licence of a file (no shipping, quantity 1): `kind` on the order's lines. */
export const orderLineKinds = ['print', 'licence', 'gift_card'] as const;

// ---- after payment ----

/**
 * A licence line's delivery (line details `licence` on the buyer's order page and the admin's
 * order): the record's id, its check page, its certificate, and whether it still stands. The
 * download link itself is never in an answer: it is only in the e-mails (its token is kept hashed).
 */
export const lineLicenceSchema = z.object({
  /** The order line (the order page's "Send me a fresh link" names it). */
  lineId: z.number(),
  grantId: z.string(),
  licenceName: z.string(),
  sizeLabel: z.string(),
  licensee: z.string(),
  verifyUrl: z.string(),
  /** The licence certificate PDF (null until the order is paid). */
  certificateUrl: z.string().nullable(),
  revoked: z.boolean(),
  /** The newest link's state, for the order page's "Send me a fresh link". */
  link: z.object({ expiresAt: z.string(), downloadsLeft: z.number(), usable: z.boolean() }).nullable(),
});
export type LineLicence = z.infer<typeof lineLicenceSchema>;

/** The check page (`/licences/verify/{id}`): what the licence allows; no buyer data beyond the licensee. */
export const licenceCheckSchema = z.object({
  grantId: z.string(),
  valid: z.boolean(),
  revokedAt: z.string().nullable(),
  issuedAt: z.string(),
  licensee: z.string(),
  photo: z.object({ title: z.string(), thumbnailUrl: z.string().nullable() }),
  licence: z.object({ name: z.string(), slug: z.string(), termsHtml: z.string() }),
  sizeLabel: z.string(),
  photographer: z.string(),
});
export type LicenceCheck = z.infer<typeof licenceCheckSchema>;

/** A grant's public id: "WL-" and three groups of 4 from an alphabet without look-alikes. */
export const GRANT_ID_PATTERN = /^WL-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

// ---- the owner: licences sold of a photo (GET /api/admin/photos/{id}/licences) ----

/** One licence sold: who (the licensee), which licence and size, when, its order; revoked or not. */
export const licenceSoldSchema = z.object({
  grantId: z.string(),
  orderId: z.number(),
  licensee: z.string(),
  licenseeKind: z.string(),
  licenceName: z.string(),
  sizeLabel: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type LicenceSold = z.infer<typeof licenceSoldSchema>;
