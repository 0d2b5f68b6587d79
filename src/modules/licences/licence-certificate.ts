import type { AppContext } from '../../platform/context';
import { richTextToPlain } from '../../platform/rich-text';
import { createSizedLru } from '../../platform/sized-lru';
import type { GrantRow } from './licence-grants.repository';
import { verifyPath } from './licence-grants.service';

/** The terms' rich text as paragraphs of plain text (blocks and list items each one). */
export function termsParagraphs(html: string): string[] {
  return html
    .split(/<\/(?:p|h[1-6]|li)>|<br\s*\/?>/i)
    .map((part) => richTextToPlain(part))
    .filter(Boolean);
}

/**
 * A grant's licence certificate, made on demand from the grant's own snapshot and kept in memory
 * (a few hundred kB each, 32 MB in all): its key has the revocation, so a revoked licence's
 * certificate is made again, marked "REVOKED" with the date (still served: whoever holds it can see
 * it no longer stands, as the check page says).
 */
export function createLicenceCertificates(
  ctx: AppContext,
  deps: {
    findGrant(id: string): Promise<GrantRow | undefined>;
    photoJpeg(photoId: number): Promise<Uint8Array | null>;
  },
) {
  const cache = createSizedLru<Uint8Array>(32 * 1024 * 1024, (b) => b.byteLength);
  return {
    async pdf(id: string): Promise<Uint8Array | null> {
      const grant = await deps.findGrant(id);
      if (!grant) return null;
      const key = `${grant.id}:${grant.revoked_at?.getTime() ?? ''}`;
      const hit = cache.get(key);
      if (hit) return hit;
      // pdf-lib, fontkit and the QR encoder load with the first certificate, not at start
      const { makeLicenceCertificatePdf } = await import('./licence-certificate-pdf');
      const pdf = await makeLicenceCertificatePdf({
        grantId: grant.id,
        verifyUrl: `${ctx.config.publicUrl}${verifyPath(grant.id)}`,
        licensee: grant.licensee_name,
        photoTitle: grant.photo_title,
        imageJpeg: (await deps.photoJpeg(grant.photo_id).catch(() => null)) ?? new Uint8Array(),
        sizeLabel: grant.size_label,
        licenceName: grant.licence_name,
        terms: termsParagraphs(grant.terms_html),
        issuedAt: grant.issued_at,
        photographer: ctx.config.PHOTOGRAPHER_NAME ?? ctx.config.SITE_NAME,
        revokedAt: grant.revoked_at,
      });
      cache.set(key, pdf);
      return pdf;
    },
  };
}
export type LicenceCertificates = ReturnType<typeof createLicenceCertificates>;
