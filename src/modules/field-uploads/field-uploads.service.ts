import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Upload } from '@tus/utils';
import { AppError, notFound } from '../../platform/http/app-error';
import type { CatalogService } from '../catalog';
import type { PhotoDraftCreate, PhotoDraft } from '../../contract';
import type { UploadStore } from './upload-store';

export const fieldUploadMessages = {
  unknown: 'The upload was not found: it may have expired. Please send the file again.',
  unfinished: 'The upload is not finished yet.',
};

type DraftCatalog = Pick<CatalogService, 'draftFor' | 'createDraft'>;

/**
 * Finished tus uploads become draft photos: the file is read where it lies (the upload store's
 * file), or copied once to a temporary file from S3, handed to catalog, then the upload deleted.
 */
export function createFieldUploadsService(deps: {
  /** Made on first use (the S3 one loads the AWS SDK). */
  uploads: Promise<UploadStore>;
  keyPrefix: string;
  catalog: DraftCatalog;
}) {
  const { uploads } = deps;
  const store = async () => (await uploads).store;

  async function findUpload(id: string): Promise<Upload | null> {
    try {
      return await (await store()).getUpload(id);
    } catch {
      return null;
    }
  }

  /** The upload's bytes as a local file, and how to let go of it after. */
  async function localFile(id: string): Promise<{ path: string; release(): Promise<void> }> {
    const { store: finished, directory } = await uploads;
    if (directory) return { path: path.join(directory, id), release: async () => undefined };
    const dir = path.join(tmpdir(), 'wildframe-field-uploads');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${process.pid}-${randomBytes(12).toString('hex')}`);
    // both stores can read a finished upload back (the base DataStore type does not say so)
    const readable = await (finished as unknown as { read(id: string): Readable | Promise<Readable> }).read(
      id,
    );
    await pipeline(readable, createWriteStream(file));
    return { path: file, release: () => rm(file, { force: true }) };
  }

  return {
    async createDraft(input: PhotoDraftCreate): Promise<{ draft: PhotoDraft; created: boolean }> {
      const made = await deps.catalog.draftFor(input.queueId);
      if (made) return { draft: made, created: false };
      const id = `${deps.keyPrefix}${input.uploadId}`;
      const upload = await findUpload(id);
      if (!upload) throw notFound(fieldUploadMessages.unknown);
      if (upload.size === undefined || upload.offset < upload.size)
        throw new AppError('conflict', fieldUploadMessages.unfinished);
      const file = await localFile(id);
      try {
        const result = await deps.catalog.createDraft(input, {
          path: file.path,
          name: upload.metadata?.filename ?? '',
        });
        await (await store()).remove(id).catch(() => undefined);
        return result;
      } catch (err) {
        // a concurrent create of the same queued file won (and took the upload): its photo
        const winner = await deps.catalog.draftFor(input.queueId);
        if (winner) return { draft: winner, created: false };
        // a file media refused (not an image, damaged) is of no further use: it goes
        if (err instanceof AppError && err.errors?.file)
          await (await store()).remove(id).catch(() => undefined);
        throw err;
      } finally {
        await file.release();
      }
    },

    /** The worker's sweep: unfinished uploads past their expiry. */
    sweepExpired: async (): Promise<number> => (await store()).deleteExpired(),
  };
}

export type FieldUploadsService = ReturnType<typeof createFieldUploadsService>;
