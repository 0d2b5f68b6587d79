import type { AppContext } from '../../platform/context';
import { orientedPrint, type PrintInches } from '../../shared/print-crop';
import type { LabSecrets } from './lab-secrets';

/** How long the lab may fetch an original from its signed address. */
const FILE_URL_DAYS = 14;

/** The file a lab prints a line from, and the print's sides turned to match it. */
export type PrintFile = { url: string; widthIn: number; heightIn: number };

/** The originals the lab fetches: signed, expiring addresses with no query string. */
export function createLabFiles(
  ctx: AppContext,
  deps: {
    secrets: LabSecrets;
    catalog: { imageAsset(photoId: number, kind: 'image'): Promise<number> };
    media: {
      original(assetId: number): Promise<{ data: Buffer; mimeType: string } | null>;
      getAsset(assetId: number): Promise<{ width: number; height: number } | null>;
    };
  },
) {
  const { secrets } = deps;
  const files = {
    /** The address the lab fetches an original from. */
    fileUrl(assetId: number, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + FILE_URL_DAYS * 86400;
      return `${ctx.config.publicUrl}/api/lab-files/${assetId}/${expires}/${secrets.sign(assetId, expires)}/original.jpg`;
    },

    /**
     * The file a line is printed from and the print's sides turned to it (a landscape photo sold
     * as "8x12" prints 12 wide). Today the original; the crop to the print's ratio replaces it.
     */
    async printFile(
      line: { photoId: number; printOptionId: number },
      inches: PrintInches,
    ): Promise<PrintFile> {
      const assetId = await deps.catalog.imageAsset(line.photoId, 'image');
      const asset = await deps.media.getAsset(assetId);
      const sides = asset ? orientedPrint(asset, inches) : inches;
      return { url: files.fileUrl(assetId), ...sides };
    },

    /** The original behind a signed lab file address; null when the signature or time is wrong. */
    async file(assetId: number, expires: number, signature: string) {
      if (!secrets.verify(assetId, expires, signature)) return null;
      return deps.media.original(assetId);
    },
  };
  return files;
}
