import { toDollars } from '../../platform/money';
import { planDisplayWidths, type MediaUrls } from '../media';
import type { PhotoSummary, PrintOption } from '../../contract';
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

/**
 * The wire form of a photo. The public one carries the camera details only when the owner shows
 * them; the admin's always (the form says what the file told).
 */
export function toPhotoSummary(
  p: PhotoRow,
  filesOf: MediaUrls['filesOf'],
  audience: 'public' | 'admin' = 'public',
): PhotoSummary {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    location: p.location,
    dateTaken: p.dateTaken,
    aspectRatio: p.aspectRatio,
    category: p.category,
    displayOrder: p.displayOrder,
    featured: p.featured,
    verticalPosition: p.verticalPosition,
    createdAt: p.createdAt.toISOString(),
    width: p.original.width,
    height: p.original.height,
    placeholderColor: p.original.placeholderColor,
    ...photoUrls(p.id, p.version),
    widths: planDisplayWidths(p.original.width),
    files: filesOf(p.original, p.customThumbnailId ?? p.originalId),
    showCameraDetails: p.showCameraDetails,
    camera: audience === 'admin' || p.showCameraDetails ? (p.cameraDetails ?? null) : null,
  };
}

export function toMatch(r: PhotoPrintOptionRow): PrintOptionMatch {
  return {
    photo: { id: r.photoId, title: r.title, thumbnailUrl: photoUrls(r.photoId, r.version).thumbnailUrl },
    option: toPrintOption(r),
  };
}
