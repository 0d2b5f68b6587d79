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
 *
 * s3rver stores multipart uploads (initiate, parts, complete) but answers three of the calls a
 * resumable upload needs (@tus/s3-store) with 405/501: ListParts, AbortMultipartUpload and
 * ListMultipartUploads. They are answered here, before s3rver's router, from the same directory
 * s3rver writes (uploads/<uploadId>/{key,metadata,<n>,<n>.md5}): a part is listed once its MD5 is
 * written (complete); an upload's Initiated is its key file's time; one page each (no truncation).
 */
const RUNNER = `
const fs = require('node:fs/promises');
const path = require('node:path');
const S3rver = require(process.env.S3RVER_MODULE);
const S3Error = require(path.join(path.dirname(process.env.S3RVER_MODULE), 'models/error'));
const server = new S3rver(JSON.parse(process.env.S3RVER_OPTIONS));

const uploadsOf = (bucket) => server.store.getResourcePath(bucket, undefined, 'uploads');
async function multipartCalls(ctx, next) {
  const [, bucket, key] = /^\\/([^/]+)\\/?(.*)$/.exec(ctx.path) ?? [];
  const q = ctx.query;
  if (bucket && key && typeof q.uploadId === 'string' && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
    const dir = path.join(uploadsOf(bucket), path.basename(q.uploadId));
    if (!(await fs.stat(dir).catch(() => null))) throw new S3Error('NoSuchUpload');
    if (ctx.method === 'DELETE') {
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const after = Number(q['part-number-marker'] ?? 0);
    const numbers = (await fs.readdir(dir)).filter((n) => /^\\d+$/.test(n)).map(Number);
    const Part = [];
    for (const n of numbers.filter((n) => n > after).sort((a, b) => a - b)) {
      const md5 = await fs.readFile(path.join(dir, n + '.md5'), 'utf8').catch(() => null);
      if (!md5) continue;
      const { size, mtime } = await fs.stat(path.join(dir, String(n)));
      Part.push({ PartNumber: n, LastModified: mtime.toISOString(), ETag: JSON.stringify(md5), Size: size });
    }
    ctx.body = { ListPartsResult: { Bucket: bucket, Key: key, UploadId: q.uploadId, IsTruncated: false, Part } };
    return;
  }
  if (bucket && !key && 'uploads' in q && ctx.method === 'GET') {
    const root = uploadsOf(bucket);
    const Upload = [];
    for (const id of await fs.readdir(root).catch(() => [])) {
      const keyFile = path.join(root, id, 'key');
      const made = await fs.stat(keyFile).catch(() => null);
      if (made)
        Upload.push({ Key: await fs.readFile(keyFile, 'utf8'), UploadId: id, Initiated: made.mtime.toISOString() });
    }
    ctx.body = { ListMultipartUploadsResult: { Bucket: bucket, IsTruncated: false, Upload } };
    return;
  }
  return next();
}
// after s3rver's XML encoder and path handling, before its router (the last middleware)
server.middleware.splice(server.middleware.length - 1, 0, multipartCalls);

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
