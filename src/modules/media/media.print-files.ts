import sharp from 'sharp';
import { AppError } from '../../platform/http/app-error';
import type { MediaRepository, PrintCrop } from './media.repository';
import { MAX_INPUT_PIXELS } from './media.rules';

/** A print's file: one encode at the quality a lab prints from, no colour subsampling. */
const PRINT_JPEG = { quality: 95, chromaSubsampling: '4:4:4', mozjpeg: false } as const;

/**
 * A crop of an original at full resolution for a print: turned by its EXIF orientation first (the
 * box is in the turned pixels), cut out, never scaled, encoded once: PNG stays lossless PNG,
 * anything else a JPEG at quality 95 without chroma subsampling. The colour profile goes along
 * (a CMYK file's is dropped: sharp's output is sRGB then).
 */
export async function renderPrintCrop(
  data: Buffer,
  mimeType: string,
  box: PrintCrop,
): Promise<{ data: Buffer; mimeType: string }> {
  const meta = await sharp(data).metadata();
  let p = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' }).rotate().extract(box);
  if (meta.icc && meta.space !== 'cmyk') p = p.keepIccProfile();
  if (mimeType === 'image/png')
    return { data: await p.png({ compressionLevel: 6 }).toBuffer(), mimeType: 'image/png' };
  return {
    data: await p.flatten({ background: '#ffffff' }).jpeg(PRINT_JPEG).toBuffer(),
    mimeType: 'image/jpeg',
  };
}

/** A print's file, from `readOriginal` (the stored original's bytes and type) when the crop is the whole image. */
export function createPrintFiles(
  repo: MediaRepository,
  readOriginal: (assetId: number) => Promise<{ data: Buffer; mimeType: string } | null>,
) {
  const printsInFlight = new Map<string, Promise<{ data: Buffer; mimeType: string }>>();
  return {
    /**
     * The file a print is made from: the original as it is when the crop is the whole image (or
     * there is none), else the crop at full resolution (renderPrintCrop), made on the first request
     * (once, however many ask at a time) and kept, so every later fetch gets the same bytes. Null
     * when the asset is gone.
     */
    async printFile(
      assetId: number,
      box: PrintCrop | null,
    ): Promise<{ data: Buffer; mimeType: string } | null> {
      const meta = await repo.findMeta(assetId);
      if (!meta) return null;
      const whole =
        !box || (box.left === 0 && box.top === 0 && box.width === meta.width && box.height === meta.height);
      if (whole) return readOriginal(assetId);
      if (
        box.left < 0 ||
        box.top < 0 ||
        box.left + box.width > meta.width ||
        box.top + box.height > meta.height
      )
        throw new Error(`print crop outside asset ${assetId}`);
      const kept = await repo.printFile(assetId, box);
      if (kept) return kept;
      const key = `${assetId}:${box.left}:${box.top}:${box.width}:${box.height}`;
      let pending = printsInFlight.get(key);
      if (!pending) {
        pending = (async () => {
          const original = await repo.findOriginal(assetId);
          if (!original) throw new AppError('not_found', 'The image no longer exists.');
          const made = await renderPrintCrop(original.data, original.mimeType, box);
          await repo.insertPrintFile(assetId, box, made.data, made.mimeType);
          return made;
        })().finally(() => printsInFlight.delete(key));
        printsInFlight.set(key, pending);
      }
      return pending;
    },
  };
}
