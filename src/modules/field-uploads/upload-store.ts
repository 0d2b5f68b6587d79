import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { Config } from '../../config';

/** An unfinished upload is swept a day after it began (tus counts from its creation). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Where unfinished uploads live: beside the media store, shared by every process using it. */
export type UploadStore = { store: DataStore; directory: string | null };

/**
 * The tus data store of MEDIA_STORE's kind: files under DATA_DIR/uploads (one machine or volume), or
 * the media bucket's `uploads/` prefix through S3 multipart uploads. The API's tus endpoint and the
 * worker's sweep (`deleteExpired`) make their own from the same settings.
 */
export function createUploadStore(config: Config): UploadStore {
  if (config.MEDIA_STORE === 's3') {
    const store = new S3Store({
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      s3ClientConfig: {
        bucket: config.MEDIA_S3_BUCKET!,
        region: config.MEDIA_S3_REGION,
        endpoint: config.MEDIA_S3_ENDPOINT,
        forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
        credentials:
          config.MEDIA_S3_ACCESS_KEY_ID && config.MEDIA_S3_SECRET_ACCESS_KEY
            ? {
                accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
                secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
              }
            : undefined,
      },
    });
    return { store, directory: null };
  }
  const directory = path.resolve(config.DATA_DIR, 'uploads');
  return { store: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }), directory };
}
