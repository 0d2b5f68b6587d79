import type { ImageFormatFiles } from '../../contract';
import {
  formatsFor,
  planDisplayWidths,
  variantFileName,
  type AssetKind,
  type VariantFormat,
} from './media.rules';

/** Where the app itself serves media files (src/modules/media/media.routes.ts). */
export const LOCAL_MEDIA_BASE = '/media';

const typeOf: Record<VariantFormat, ImageFormatFiles['type']> = {
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** An image asset as far as its addresses go (a photo's when `kind` is not given). */
export type ImageForFiles = {
  id: number;
  kind?: AssetKind;
  width: number;
  variantsReadyAt: Date | null;
  /** The revision its addresses name (media_assets.variants_revision). */
  variantsRevision: number;
};

/**
 * The addresses of an image's files, best format first. `publicBase` (PUBLIC_MEDIA_URL: a CDN in
 * front of the shop's /media, or a bucket's public address for its `variants/`) is used once the
 * variants exist; until then the shop's own /media answers (it makes a missing file on demand,
 * which a bucket cannot).
 */
export function createMediaUrls(publicBase: string | undefined) {
  const base = publicBase?.replace(/\/+$/, '');
  return {
    /**
     * `thumbnail`: a custom thumbnail's asset (its own revision). `from` 'shop': the shop's own
     * /media always (the owner's previews: they need her session).
     */
    filesOf(
      image: ImageForFiles,
      thumbnail: { id: number; variantsRevision: number } = image,
      from: 'public' | 'shop' = 'public',
    ): ImageFormatFiles[] {
      const root = base && image.variantsReadyAt && from === 'public' ? base : LOCAL_MEDIA_BASE;
      const url = (assetId: number, name: string) => `${root}/${assetId}/${name}`;
      return formatsFor(image.kind ?? 'photo').map((format) => ({
        type: typeOf[format],
        thumbnail: url(
          thumbnail.id,
          variantFileName({ kind: 'thumb', width: 0, format, revision: thumbnail.variantsRevision }),
        ),
        display: planDisplayWidths(image.width, format).map((width) => ({
          width,
          url: url(
            image.id,
            variantFileName({ kind: 'display', width, format, revision: image.variantsRevision }),
          ),
        })),
      }));
    },
  };
}
export type MediaUrls = ReturnType<typeof createMediaUrls>;
