import { toDollars } from '../../platform/money';
import { planDisplayWidths, type MediaUrls } from '../media';
import type { AdminPhotoSummary, PhotoSummary, PrintOption } from '../../contract';
import {
  effectiveProtection,
  isSensitiveSpecies,
  publicPlaceAndDate,
  shownPubliclyAs,
  type PlaceAndDate,
  type Protection,
} from '../../shared/location-protection';
import type { PrintOptionMatch } from './catalog.types';
import type { PhotoRow } from './photos.repository';
import type { PrintOptionRow, PhotoPrintOptionRow } from './print-options.repository';

// From stored rows to the wire types: dollars instead of cents, image URLs and widths.

export const photoUrls = (id: number, version: number) => ({
  imageUrl: `/api/photos/${id}/image?v=${version}`,
  thumbnailUrl: `/api/photos/${id}/thumbnail?v=${version}`,
});

export function toPrintOption(o: PrintOptionRow): PrintOption {
  return {
    id: o.id,
    aspectRatio: o.aspectRatio,
    size: o.size,
    format: o.format,
    price: toDollars(o.priceCents),
    shipping: toDollars(o.shippingCents),
  };
}

type PlaceColumns = Pick<
  PhotoRow,
  'location' | 'dateTaken' | 'locationProtection' | 'publicRegion' | 'speciesCommon' | 'speciesScientific'
>;

/**
 * The protection in force for a photo (its setting, 'auto' decided by the owner's sensitive
 * species list) and the place and date the public may see: the one rule every public surface
 * goes through (the JSON, the server-rendered pages with their JSON-LD and share tags, the
 * e-mails and order pages, which show no place).
 */
export function publicPlaceOf(
  p: PlaceColumns,
  sensitive: readonly string[],
): { inForce: Protection; shown: PlaceAndDate } {
  const inForce = effectiveProtection(
    p.locationProtection,
    isSensitiveSpecies({ common: p.speciesCommon, scientific: p.speciesScientific }, sensitive),
  );
  const shown = publicPlaceAndDate({
    location: p.location,
    dateTaken: p.dateTaken,
    protection: inForce,
    region: p.publicRegion,
  });
  return { inForce, shown };
}

/** Whether a photo's publish time (if any) has come. */
export const isPublished = (p: Pick<PhotoRow, 'publishAt'>, now = Date.now()) =>
  !p.publishAt || p.publishAt.getTime() <= now;

/**
 * The wire form of a photo. The public one carries the place and date the public may see
 * (`publicPlaceOf`, given the owner's sensitive species list) and the camera details only when the
 * owner shows them; the admin's the exact place and date and the camera details always (the form
 * says what the file told): see `toAdminPhotoSummary`.
 */
export function toPhotoSummary(
  p: PhotoRow,
  filesOf: MediaUrls['filesOf'],
  sensitive: readonly string[],
  audience: 'public' | 'admin' = 'public',
): PhotoSummary {
  const { inForce, shown } = publicPlaceOf(p, sensitive);
  const place = audience === 'admin' ? { location: p.location, dateTaken: p.dateTaken } : shown;
  const species =
    p.speciesCommon || p.speciesScientific
      ? { common: p.speciesCommon ?? null, scientific: p.speciesScientific ?? null }
      : null;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    location: place.location,
    dateTaken: place.dateTaken,
    aspectRatio: p.aspectRatio,
    category: p.category,
    displayOrder: p.displayOrder,
    featured: p.featured,
    verticalPosition: p.verticalPosition,
    horizontalPosition: p.horizontalPosition,
    createdAt: p.createdAt.toISOString(),
    width: p.original.width,
    height: p.original.height,
    placeholderColor: p.original.placeholderColor,
    ...photoUrls(p.id, p.version),
    widths: planDisplayWidths(p.original.width),
    // a photo not public yet: its files from the shop itself, where her session reaches (not a CDN)
    files: filesOf(
      p.original,
      p.customThumbnail ?? p.original,
      audience === 'admin' && (p.draft || !isPublished(p)) ? 'shop' : 'public',
    ),
    showCameraDetails: p.showCameraDetails,
    camera: audience === 'admin' || p.showCameraDetails ? (p.cameraDetails ?? null) : null,
    species,
    locationProtected: inForce !== 'exact',
  };
}

/** The owner's photo: exact place and date, her protection settings, and what the public sees. */
export function toAdminPhotoSummary(
  p: PhotoRow,
  filesOf: MediaUrls['filesOf'],
  sensitive: readonly string[],
): AdminPhotoSummary {
  const { inForce, shown } = publicPlaceOf(p, sensitive);
  return {
    ...toPhotoSummary(p, filesOf, sensitive, 'admin'),
    speciesCommon: p.speciesCommon ?? null,
    speciesScientific: p.speciesScientific ?? null,
    protection: p.locationProtection ?? 'auto',
    protectionInForce: inForce,
    publicRegion: p.publicRegion ?? null,
    publishAt: p.publishAt ? p.publishAt.toISOString() : null,
    published: !p.draft && isPublished(p),
    draft: p.draft ?? false,
    shownPublicly: { ...shown, text: shownPubliclyAs(shown) },
    copyrightNotice: p.copyrightNotice ?? null,
    watermarkOff: p.watermarkOff ?? false,
  };
}

export function toMatch(r: PhotoPrintOptionRow): PrintOptionMatch {
  return {
    photo: { id: r.photoId, title: r.title, thumbnailUrl: photoUrls(r.photoId, r.version).thumbnailUrl },
    option: toPrintOption(r),
  };
}
