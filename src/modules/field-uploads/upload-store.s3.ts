import { S3Store, type MetadataValue } from '@tus/s3-store';
import { ERRORS, type KvStore } from '@tus/utils';
import type { Config } from '../../config';
import { s3OptionsOf } from '../media';

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

/** The uploads' store in the media bucket (its `uploads/` prefix), with the media store's client settings. */
export function createS3UploadStore(config: Config, expiryMs: number): S3Store {
  return new UploadS3Store({
    expirationPeriodInMilliseconds: expiryMs,
    cache: noCache,
    s3ClientConfig: {
      ...s3OptionsOf(config),
      // as the media store's client: no streamed checksums, which S3-compatible stores refuse
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}
