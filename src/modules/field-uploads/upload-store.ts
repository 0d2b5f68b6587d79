import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { Config } from '../../config';

/** An unfinished upload is swept a day after it began (tus counts from its creation). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Where unfinished uploads live: beside the media store, shared by every process using it. */
export type UploadStore = { store: DataStore; directory: string | null };

/**
 * The tus data store of MEDIA_STORE's kind: files under DATA_DIR/uploads (one machine or volume), or
 * the media bucket's `uploads/` prefix through S3 multipart uploads. The API's tus endpoint and the
 * worker's sweep (`deleteExpired`) make their own from the same settings. The S3 one (and its AWS
 * SDK) is loaded only by a shop that stores in S3.
 */
export async function createUploadStore(config: Config): Promise<UploadStore> {
  if (config.MEDIA_STORE === 's3')
    return {
      store: (await import('./upload-store.s3')).createS3UploadStore(config, UPLOAD_EXPIRY_MS),
      directory: null,
    };
  const directory = path.resolve(config.DATA_DIR, 'uploads');
  return { store: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }), directory };
}
