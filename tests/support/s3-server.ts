import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type S3rver from 's3rver';

type S3rverOptions = ConstructorParameters<typeof S3rver>[0];

/**
 * Runs in a process of its own: s3rver 3.7 makes ListObjectsV2's continuation token with DES,
 * which OpenSSL 3 (Node 17 and later) refuses unless its legacy provider is loaded; without it
 * every second page of a listing answers InternalError.
 */
const RUNNER = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver(JSON.parse(process.env.S3RVER_OPTIONS));
server.run().then(
  (address) => process.send({ port: address.port }),
  (err) => { console.error(err); process.exit(1); },
);
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => { if (m === 'close') server.close().finally(() => process.exit(0)); });
`;

/**
 * A local S3-compatible server of the test's own (s3rver, from the npm registry): objects in a
 * temporary directory, one bucket made before it listens, on a port the OS picks. Path-style
 * addresses (`http://127.0.0.1:port/bucket/key`), as MinIO and most self-hosted stores want them.
 */
export async function startS3Server(bucket = 'wildframe-media') {
  const directory = await mkdtemp(path.join(tmpdir(), 'wf-s3rver-'));
  const runner = path.join(directory, '.runner.cjs');
  await writeFile(runner, RUNNER);
  const options: S3rverOptions = {
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(directory, 'data'),
    configureBuckets: [{ name: bucket, configs: [] }],
  };
  const proc: ChildProcess = fork(runner, [], {
    execArgv: ['--openssl-legacy-provider'],
    env: {
      ...process.env,
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_OPTIONS: JSON.stringify(options),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    proc.once('message', (m) => resolve((m as { port: number }).port));
    proc.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    /** The app's settings for this bucket (MEDIA_STORE=s3 and MEDIA_S3_*). */
    env: {
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      MEDIA_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    /** Where s3rver keeps the objects (each key a directory holding `object` and its metadata). */
    directory: options.directory!,
    async close() {
      if (proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.send('close');
        const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
