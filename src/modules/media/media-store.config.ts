import path from 'node:path';
import type { Config } from '../../config';
import type { MediaStore } from './media-store';
import { createFilesystemStore } from './media-store.fs';
import { createS3Store } from './media-store.s3';

/** The store MEDIA_STORE names: the filesystem under DATA_DIR/media (default), or an S3 bucket. */
export function createMediaStore(config: Config): MediaStore {
  if (config.MEDIA_STORE === 's3')
    return createS3Store({
      bucket: config.MEDIA_S3_BUCKET!,
      region: config.MEDIA_S3_REGION,
      endpoint: config.MEDIA_S3_ENDPOINT,
      forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
      // unset: the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role)
      credentials:
        config.MEDIA_S3_ACCESS_KEY_ID && config.MEDIA_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  return createFilesystemStore(path.resolve(config.DATA_DIR, 'media'));
}
