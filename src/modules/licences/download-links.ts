import type { Request, Response } from 'express';
import { licenceMessages as messages } from '../../contract';
import type { AppContext } from '../../platform/context';
import { richTextToPlain } from '../../platform/rich-text';
import { TOKEN_PATTERN, tokenHash } from './download-tokens';
import type { GrantRow, LicenceGrantsRepository, LinkRow } from './licence-grants.repository';
import { verifyPath } from './licence-grants.service';
import { sendMessagePage } from '../../platform/http/message-page';
import type { LicensedDownload, LicensedFiles } from './licences.types';

/** Where a Range starts ('bytes=5000-': 5000); none or unreadable: 0, a download from the start. */
function rangeStart(range: string | undefined): number {
  const m = range ? /^bytes=\s*(\d+)?\s*-/.exec(range) : null;
  return m?.[1] ? Number(m[1]) : 0;
}

/** "great-blue-heron": a readable file name part (ASCII letters and digits). */
const namePart = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'photo';

/**
 * `GET /downloads/{token}`: who may download, counted. The token's shape is checked before
 * anything is read; a link is found only by its keyed hash. A GET from byte 0 counts one of the
 * link's downloads (in one statement, so parallel requests never pass the limit); a `Range` from a
 * later byte resumes a download already counted, and is refused like any other once the link is
 * used up, expired, replaced or revoked. The file itself is `files.serve`'s.
 */
export function createDownloadLinks(ctx: AppContext, repo: LicenceGrantsRepository, files: LicensedFiles) {
  const siteName = ctx.config.SITE_NAME;
  const notFoundPage = (res: Response, message: string = messages.linkNotFound) =>
    sendMessagePage(res, 404, { siteName, title: 'Link not found', message, role: 'alert' });
  const gone = (res: Response, message: string) =>
    sendMessagePage(res, 410, { siteName, title: 'This link no longer works', message, role: 'alert' });

  /** Why a link gives nothing now, or null when it may still be used. */
  function refusal(grant: GrantRow, link: LinkRow): string | null {
    if (grant.revoked_at) return messages.revoked;
    if (link.replaced_at) return messages.linkReplaced;
    if (link.expires_at.getTime() <= Date.now()) return messages.linkExpired;
    if (link.downloads >= link.max_downloads) return messages.linkUsedUp;
    return null;
  }

  const downloadOf = async (grant: GrantRow): Promise<LicensedDownload> => {
    const verifyUrl = `${ctx.config.publicUrl}${verifyPath(grant.id)}`;
    return {
      photoId: grant.photo_id,
      sizeId: grant.download_size_id,
      longEdgePx: await repo.sizeEdge(grant.download_size_id),
      fileName: `${namePart(grant.photo_title)}-${namePart(grant.licence_name)}-${grant.id}.jpg`,
      grantId: grant.id,
      usageTerms: `${grant.licence_name} licence ${grant.id}, licensed to ${grant.licensee_name}. ${richTextToPlain(grant.terms_html)} Check this licence: ${verifyUrl}`,
      verifyUrl,
    };
  };

  return {
    notFoundPage,

    async download(req: Request, res: Response): Promise<void> {
      try {
        const token = String(req.params.token ?? '');
        if (!TOKEN_PATTERN.test(token)) return notFoundPage(res);
        const link = await repo.findLink(tokenHash(ctx.config.sessionSecret, token));
        const grant = link ? await repo.findGrant(link.grant_id) : undefined;
        if (!link || !grant) return notFoundPage(res);
        const refused = refusal(grant, link);
        if (refused) return gone(res, refused);
        // a download starts at byte 0 (a HEAD only asks): it is counted; a resume is not
        if (req.method === 'GET' && rangeStart(req.headers.range) === 0) {
          const counted = await repo.countDownload(link.id);
          if (counted === null) {
            // used up, expired or replaced between the read and the count
            const now = await repo.findLink(link.token_hash);
            return gone(res, (now && refusal(grant, now)) ?? messages.linkUsedUp);
          }
        }
        res.set('X-Robots-Tag', 'noindex').set('Referrer-Policy', 'no-referrer');
        await files.serve(req, res, await downloadOf(grant));
      } catch (err) {
        req.log?.error({ err }, 'a licensed download failed');
        if (res.headersSent) res.destroy();
        else
          sendMessagePage(res, 503, {
            siteName,
            role: 'alert',
            title: 'Download not ready',
            message: 'The file could not be sent just now. Please try again in a minute.',
          });
      }
    },
  };
}
export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
