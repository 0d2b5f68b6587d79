import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, type DataStore, type KvStore } from '@tus/utils';
import type { Config } from '../../config';

/** An unfinished upload is swept a day after it began (tus counts from its creation). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Every process reads an upload's `.info` from the bucket: a cached copy outlives a removal by
 * another process (the worker's sweep, the other API), and a removed upload would then pass for a
 * finished one (S3 no longer knows its multipart upload).
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * s3-store's remove() stops at a finished upload (its multipart upload is complete, so aborting it
 * answers NoSuchUpload) and leaves the file and its `.info`: they are deleted here.
 */
class UploadS3Store extends S3Store {
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (err) {
      if (err !== ERRORS.FILE_NOT_FOUND || !(await this.getMetadata(id).catch(() => null))) throw err;
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }] },
      });
    }
  }
}

/** Where unfinished uploads live: beside the media store, shared by every process using it. */
export type UploadStore = { store: DataStore; directory: string | null };

/**
 * The tus data store of MEDIA_STORE's kind: files under DATA_DIR/uploads (one machine or volume), or
 * the media bucket's `uploads/` prefix through S3 multipart uploads. The API's tus endpoint and the
 * worker's sweep (`deleteExpired`) make their own from the same settings.
 */
export function createUploadStore(config: Config): UploadStore {
  if (config.MEDIA_STORE === 's3') {
    const store = new UploadS3Store({
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      cache: noCache,
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
        // as the media store's client: no streamed checksums, which S3-compatible stores refuse
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    return { store, directory: null };
  }
  const directory = path.resolve(config.DATA_DIR, 'uploads');
  return { store: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }), directory };
}
