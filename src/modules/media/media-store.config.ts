import path from 'node:path';
import type { Config } from '../../config';
import { assertKey, type MediaStore } from './media-store';
import { createFilesystemStore } from './media-store.fs';
import type { S3StoreOptions } from './media-store.s3';

/**
 * The S3 client settings of MEDIA_STORE=s3 (the media store's, and the field uploads' store in the
 * same bucket). Credentials unset: the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a
 * profile, a role).
 */
export function s3OptionsOf(config: Config): S3StoreOptions {
  return {
    bucket: config.MEDIA_S3_BUCKET!,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    credentials:
      config.MEDIA_S3_ACCESS_KEY_ID && config.MEDIA_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * A store made on its first use: the S3 driver's AWS SDK (about 30 MB of a process's memory) is
 * loaded only by a shop that stores in S3.
 */
function madeOnFirstUse(name: MediaStore['name'], load: () => Promise<MediaStore>): MediaStore {
  let made: Promise<MediaStore> | undefined;
  const store = () => (made ??= load());
  return {
    name,
    put: async (...args) => (await store()).put(...args),
    putStream: async (...args) => (await store()).putStream(...args),
    get: async (key) => (await store()).get(key),
    readStream: async (key, range) => (await store()).readStream(key, range),
    delete: async (keys) => (await store()).delete(keys),
    list(prefix) {
      assertKey(prefix); // at once, as the stores themselves refuse a bad prefix
      return (async function* () {
        yield* (await store()).list(prefix);
      })();
    },
  };
}

/** The store MEDIA_STORE names: the filesystem under DATA_DIR/media (default), or an S3 bucket. */
export function createMediaStore(config: Config): MediaStore {
  if (config.MEDIA_STORE === 's3')
    return madeOnFirstUse('s3', async () =>
      (await import('./media-store.s3')).createS3Store(s3OptionsOf(config)),
    );
  return createFilesystemStore(path.resolve(config.DATA_DIR, 'media'));
}
