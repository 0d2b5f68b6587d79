import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { notFound } from '../../platform/http/app-error';
import { createSizedLru } from '../../platform/sized-lru';
import { cropFor } from '../../shared/print-crop';
import { METRES_PER_INCH, printInches, wallPrintOf } from '../../shared/print-scale';
import type { MediaModule } from '../media';
import { catalogMessages, printModelMessages } from './catalog.messages';
import type { CatalogService } from './catalog.service';
import { buildPrintPanel } from './print-model';

/** The display variant the face is cut from: sharp enough at arm's length, small to send to a phone. */
const FACE_WIDTH = 1600;
/** Bumped when the model's shape or texture changes, so every ETag (and cached copy) changes with it. */
const MODEL_VERSION = 1;

export type PrintModel = { etag: string; load(): Promise<Uint8Array> };

/**
 * A print as a 3D model at its real size (the wall preview's "View in your room"): a thin panel
 * the size of the print, turned to the photo's orientation, its face the print's crop of a display
 * variant (never the original). Built on the first request and kept in memory by its ETag, a hash
 * of everything it is made from (the variant's bytes, the size, the crop), so a new image or a
 * moved crop is a new model and an old one is never served for it.
 */
export function createPrintModelService(deps: {
  catalog: Pick<CatalogService, 'getPhoto' | 'imageAsset'>;
  media: Pick<MediaModule, 'displayJpeg'>;
}) {
  const kept = createSizedLru<Uint8Array>(48 * 1024 * 1024, (data) => data.byteLength);
  const building = new Map<string, Promise<Uint8Array>>();

  return {
    /** 404 for a photo not public, a size not offered on it, or a size without measurements. */
    async model(photoId: number, optionId: number): Promise<PrintModel> {
      const photo = await deps.catalog.getPhoto(photoId);
      const option = photo.printOptions.find((o) => o.id === optionId);
      if (!option) throw notFound(catalogMessages.optionNotOnPhoto(optionId));
      const inches = printInches(option.size);
      const print = wallPrintOf(photo, option);
      if (!inches || !print) throw notFound(printModelMessages.noMeasurements(option.size));
      const variant = await deps.media.displayJpeg(
        await deps.catalog.imageAsset(photoId, 'image'),
        FACE_WIDTH,
      );
      if (!variant) throw notFound(printModelMessages.noImage);
      const { crop } = option;
      const etag = createHash('sha256')
        .update(`${MODEL_VERSION}:${variant.etag}:${print.widthIn}x${print.heightIn}:${crop.x},${crop.y}`)
        .digest('base64url')
        .slice(0, 32);
      const load = async () => {
        const hit = kept.get(etag);
        if (hit) return hit;
        let pending = building.get(etag);
        if (!pending) {
          pending = (async () => {
            const image = await variant.load();
            const meta = await sharp(image).metadata();
            const box = cropFor({ width: meta.width, height: meta.height }, inches, crop);
            const jpeg = await sharp(image).extract(box).jpeg({ quality: 85 }).toBuffer();
            const data = await buildPrintPanel({
              widthM: print.widthIn * METRES_PER_INCH,
              heightM: print.heightIn * METRES_PER_INCH,
              jpeg,
            });
            kept.set(etag, data);
            return data;
          })().finally(() => building.delete(etag));
          building.set(etag, pending);
        }
        return pending;
      };
      return { etag, load };
    },
  };
}
export type PrintModelService = ReturnType<typeof createPrintModelService>;
