import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server of the test's own (s3rver, from the npm registry): objects in a
 * temporary directory, one bucket made before it listens, on a port the OS picks. Path-style
 * addresses (`http://127.0.0.1:port/bucket/key`), as MinIO and most self-hosted stores want them.
 */
export async function startS3Server(bucket = 'wildframe-media') {
  const directory = await mkdtemp(path.join(tmpdir(), 'wf-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    /** Where s3rver keeps the objects (each key a directory holding `object` and its metadata). */
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
