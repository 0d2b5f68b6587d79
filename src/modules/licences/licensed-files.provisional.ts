import sharp from 'sharp';
import type { LicensedFiles } from './licences.types';

/**
 * PROVISIONAL (issue 46, replaced at the merge by the real licensed-files.ts): serves one small
 * fixed JPEG for any download, with Content-Disposition and Range, so the download links can be
 * built and tested before the file making exists. It makes nothing and writes no rights.
 */
export function createProvisionalLicensedFiles(): LicensedFiles {
  let jpeg: Promise<Buffer> | undefined;
  const file = () =>
    (jpeg ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e4b3c' } })
      .jpeg({ quality: 80 })
      .toBuffer());
  return {
    queueMake: async () => undefined,
    ensure: async () => undefined,
    async serve(req, res, download) {
      const bytes = await file();
      res.set('Content-Type', 'image/jpeg');
      res.set('Content-Disposition', `attachment; filename="${download.fileName}"`);
      res.set('Accept-Ranges', 'bytes');
      res.set('Cache-Control', 'private, no-store');
      const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (m) {
        const start = Number(m[1]);
        const end = Math.min(m[2] ? Number(m[2]) : bytes.length - 1, bytes.length - 1);
        if (start > end) {
          res.status(416).set('Content-Range', `bytes */${bytes.length}`).end();
          return;
        }
        res.status(206).set('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
        res.end(bytes.subarray(start, end + 1));
        return;
      }
      res.status(200).end(bytes);
    },
  };
}
