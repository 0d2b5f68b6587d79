import type { AppContext } from '../../platform/context';
import type { LabSecrets } from './lab-secrets';

/** How long the lab may fetch an original from its signed address. */
const FILE_URL_DAYS = 14;

/** The originals the lab fetches: signed, expiring addresses with no query string. */
export function createLabFiles(
  ctx: AppContext,
  deps: {
    secrets: LabSecrets;
    media: { original(assetId: number): Promise<{ data: Buffer; mimeType: string } | null> };
  },
) {
  const { secrets } = deps;
  return {
    /** The address the lab fetches an original from. */
    fileUrl(assetId: number, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + FILE_URL_DAYS * 86400;
      return `${ctx.config.publicUrl}/api/lab-files/${assetId}/${expires}/${secrets.sign(assetId, expires)}/original.jpg`;
    },

    /** The original behind a signed lab file address; null when the signature or time is wrong. */
    async file(assetId: number, expires: number, signature: string) {
      if (!secrets.verify(assetId, expires, signature)) return null;
      return deps.media.original(assetId);
    },
  };
}
