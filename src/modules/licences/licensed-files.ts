// The licensed file (issue 46, point 4): made once per (photo, size) from the stored original, and
// each buyer's copy streamed with its rights written into the head (no second encode).
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { AppContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/http/app-error';
import type { AppJobRegistry } from '../../jobs';
import { jpegRightsSegments, type MediaModule, type StampSource } from '../media';
import type { CatalogModule } from '../catalog';
import type { FileRights } from '../../shared/file-rights';
import {
  bodyOffsetOf,
  contentDisposition,
  copyPlan,
  parseRange,
  renderLicensed,
  sendFileRange,
} from './licensed-file-bytes';
import { createLicensedFilesRepository, type LicensedFileRow } from './licensed-files.repository';
import type { LicensedDownload, LicensedFiles } from './licences.types';

/** How long a request waits for another process making the same file (a 50 MB original: ~5 s). */
const LOCK_WAIT_MS = 60_000;
/**
 * How long a photo's rights (her notice, credit) are reused between downloads: a download of 10
 * resumed parts asks once, not 10 times (two queries each); a change shows within seconds.
 */
const RIGHTS_KEPT_MS = 5_000;
/** Stored files whose first bytes (SOI, JFIF: ~20 bytes each) this process keeps. */
const PREFIXES_KEPT = 1000;
/** Usage terms longer than this are cut (one JPEG segment holds 64 KB of XMP with the rest). */
const USAGE_TERMS_MAX = 8_000;

export type LicensedFilesDeps = {
  media: Pick<MediaModule, 'withOriginalFile' | 'keptFiles'>;
  catalog: { service: Pick<CatalogModule['service'], 'imageAsset'> };
  /** What every file of the photo carries of her rights (the rights module's stamp source). */
  rights: { stampSource: StampSource };
  jobs: AppJobRegistry;
};

/** The ETag of a buyer's copy: its grant, the stored file and the head written into it. */
const etagOf = (grantId: string, storageKey: string, head: Buffer) =>
  `"${createHash('sha256')
    .update(`${grantId}\0${storageKey}\0`)
    .update(head)
    .digest('base64url')
    .slice(0, 32)}"`;

const aborted = (err: unknown) =>
  (err as NodeJS.ErrnoException)?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
  (err as NodeJS.ErrnoException)?.code === 'ECONNRESET';

/**
 * The licensed files (`licensed_files`, files under the media store's `licensed/`): `ensure` makes
 * a (photo, size)'s once across processes (an advisory lock; a second asker in this process shares
 * the first's run) and again when the photo's original changed; `serve` streams a buyer's copy.
 * Registers the `licences/make-file` job.
 */
export function createLicensedFiles(ctx: AppContext, deps: LicensedFilesDeps) {
  const repo = createLicensedFilesRepository(ctx.db);
  const files = deps.media.keptFiles('licensed');
  const inFlight = new Map<string, Promise<LicensedFileRow>>();
  const prefixes = new Map<string, Buffer>();
  const scratch = path.join(ctx.config.DATA_DIR, 'tmp');
  const rightsKept = new Map<number, { at: number; rights: Promise<FileRights | null> }>();

  /** What every file of the photo carries of her rights, without the watermark (never on a download). */
  function rightsOf(assetId: number): Promise<FileRights | null> {
    const now = Date.now();
    const kept = rightsKept.get(assetId);
    if (kept && now - kept.at < RIGHTS_KEPT_MS) return kept.rights;
    for (const [id, k] of rightsKept) if (now - k.at >= RIGHTS_KEPT_MS) rightsKept.delete(id);
    const rights = deps.rights.stampSource.stampOf(assetId, 'photo').then((s) => s?.rights ?? null);
    rightsKept.set(assetId, { at: now, rights });
    rights.catch(() => rightsKept.delete(assetId));
    return rights;
  }

  /** Whether the store still has the file (checked before anything is sent: a missing one is made again). */
  async function inStore(key: string): Promise<boolean> {
    if (files.localPath)
      return access(files.localPath(key)).then(
        () => true,
        () => false,
      );
    const probe = await files.readStream(key, { start: 0, end: 0 }).catch(() => null);
    probe?.destroy();
    return probe !== null;
  }

  /** The stored file's bytes before the rights head: read once, then from memory. */
  async function prefixOf(file: LicensedFileRow): Promise<Buffer> {
    const kept = prefixes.get(file.storageKey);
    if (kept) return kept;
    const stream = await files.readStream(file.storageKey, { start: 0, end: file.bodyOffset - 1 });
    if (!stream) throw new Error(`licensed file ${file.storageKey} is missing from the store`);
    const chunks: Buffer[] = [];
    for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
    const prefix = Buffer.concat(chunks);
    if (prefix.length !== file.bodyOffset) throw new Error(`licensed file ${file.storageKey} is cut short`);
    if (prefixes.size >= PREFIXES_KEPT) prefixes.delete(prefixes.keys().next().value!);
    prefixes.set(file.storageKey, prefix);
    return prefix;
  }

  /** `gone`: the key of a kept file missing from the store (a store moved without it): made again. */
  async function make(
    photoId: number,
    sizeId: number,
    sourceAssetId: number,
    gone?: string,
  ): Promise<LicensedFileRow> {
    const longEdgePx = await repo.longEdgeOf(sizeId);
    if (longEdgePx === undefined) throw notFound('Download size not found.');
    let replaced: string | null = null;
    const made = await repo.withLock(photoId, sizeId, LOCK_WAIT_MS, async (trx) => {
      const kept = await repo.find(photoId, sizeId, trx);
      // another process made it (or made it again)
      if (kept && kept.sourceAssetId === sourceAssetId && kept.storageKey !== gone) return kept;
      // beside the media store's files (DATA_DIR): the filesystem store moves it into place
      await mkdir(scratch, { recursive: true });
      const dir = await mkdtemp(path.join(scratch, 'licensed-'));
      try {
        const out = path.join(dir, 'file.jpg');
        const rendered = await deps.media.withOriginalFile(sourceAssetId, (input) =>
          renderLicensed(input, longEdgePx, out),
        );
        if (!rendered) throw notFound('The image no longer exists.');
        const bodyOffset = await bodyOffsetOf(out);
        // a fresh name: an old copy being downloaded is not overwritten, and the key is not guessable
        const storageKey = `licensed/${photoId}/${sizeId}-${sourceAssetId}-${randomBytes(8).toString('hex')}.jpg`;
        await files.putFile(storageKey, out, 'image/jpeg');
        const row: LicensedFileRow = { photoId, sizeId, sourceAssetId, storageKey, bodyOffset, ...rendered };
        await repo.save(row, trx);
        replaced = kept?.storageKey ?? null;
        return row;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
    if (made === 'busy')
      throw new AppError('unavailable', 'The file is still being prepared. Try again in a minute.');
    // the older original's file, once the new row is committed (a download of it may be cut: its
    // resume then gets the new file whole, the ETag having changed)
    if (replaced)
      await files.delete([replaced]).catch((err: Error) => {
        ctx.logger.warn({ err: err.message, key: replaced }, 'replaced licensed file not deleted');
      });
    ctx.logger.info({ photoId, sizeId, bytes: made.bytes }, 'licensed file made');
    return made;
  }

  /** The (photo, size)'s file as it is now, made first when missing or made from an older original. */
  async function fileOf(photoId: number, sizeId: number): Promise<LicensedFileRow> {
    const [sourceAssetId, kept] = await Promise.all([
      deps.catalog.service.imageAsset(photoId, 'image'),
      repo.find(photoId, sizeId),
    ]);
    if (kept && kept.sourceAssetId === sourceAssetId) return kept;
    const key = `${photoId}:${sizeId}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = make(photoId, sizeId, sourceAssetId).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  deps.jobs.handle('licences', 'make-file', async ({ photoId, sizeId }) => {
    const f = await fileOf(photoId, sizeId);
    return { outcome: 'done', detail: `${f.width}x${f.height}, ${f.bytes} bytes` };
  });

  const licensedFiles = {
    async queueMake(photoId: number, sizeId: number): Promise<void> {
      const sourceAssetId = await deps.catalog.service.imageAsset(photoId, 'image');
      const kept = await repo.find(photoId, sizeId);
      if (kept && kept.sourceAssetId === sourceAssetId) return;
      await ctx.queues.enqueueOnce(
        'licences',
        'make-file',
        { photoId, sizeId },
        `licensed-file-${photoId}-${sizeId}`,
      );
    },

    async ensure(photoId: number, sizeId: number): Promise<void> {
      await fileOf(photoId, sizeId);
    },

    async serve(req: Request, res: Response, download: LicensedDownload): Promise<void> {
      let file = await fileOf(download.photoId, download.sizeId);
      if (!(await inStore(file.storageKey))) {
        // its file is missing from the store (moved to S3 without it, lost): made again from the original
        ctx.logger.warn({ key: file.storageKey }, 'licensed file missing from the store: making it again');
        file = await make(download.photoId, download.sizeId, file.sourceAssetId, file.storageKey);
      }
      const prefix = await prefixOf(file);
      const rights = await rightsOf(file.sourceAssetId);
      if (!rights) throw notFound('The image no longer exists.');
      const head = jpegRightsSegments(rights, {
        usageTerms: download.usageTerms.slice(0, USAGE_TERMS_MAX),
        licenseId: download.grantId,
        webStatement: download.verifyUrl,
      });
      const total = file.bytes + head.length;
      const etag = etagOf(download.grantId, file.storageKey, head);
      // If-Range names another version (or a date: this copy has none): the whole copy, fresh
      const ifRange = req.get('if-range');
      const range = ifRange !== undefined && ifRange !== etag ? 'whole' : parseRange(req.get('range'), total);
      res.set({ 'Accept-Ranges': 'bytes', ETag: etag, 'Cache-Control': 'private, no-store' });
      if (range === 'unsatisfiable') {
        res.status(416).set('Content-Range', `bytes */${total}`).end();
        return;
      }
      const r = range === 'whole' ? { start: 0, end: total - 1 } : range;
      res.status(range === 'whole' ? 200 : 206).set({
        'Content-Type': 'image/jpeg',
        'Content-Disposition': contentDisposition(download.fileName),
        'Content-Length': String(r.end - r.start + 1),
      });
      if (range !== 'whole') res.set('Content-Range', `bytes ${r.start}-${r.end}/${total}`);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const { lead, rest } = copyPlan(r, prefix, head);
      if (!rest) {
        res.end(lead);
        return;
      }
      try {
        if (files.localPath) {
          // the filesystem store: through two reused buffers, paced by the socket
          res.write(lead);
          await sendFileRange(files.localPath(file.storageKey), res, rest.start, rest.end);
          res.end();
          return;
        }
        const stored = await files.readStream(file.storageKey, rest);
        if (!stored) throw new Error(`licensed file ${file.storageKey} is missing from the store`);
        res.write(lead);
        // S3: the object's bytes straight to the socket, with its backpressure; an abort ends the read
        await pipeline(stored, res);
      } catch (err) {
        if (aborted(err) || res.destroyed) return;
        throw err;
      }
    },
  };
  return licensedFiles satisfies LicensedFiles;
}
export type LicensedFilesService = ReturnType<typeof createLicensedFiles>;
