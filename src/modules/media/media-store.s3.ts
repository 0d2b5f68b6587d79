import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, exactly, type MediaStore } from './media-store';

export type S3StoreOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (R2, B2, MinIO); AWS S3 itself when absent. */
  endpoint?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most self-hosted). */
  forcePathStyle?: boolean;
  /** From the environment; the SDK's own chain (env, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** S3 answers at most 1000 keys to one DeleteObjects. */
const DELETE_BATCH = 1000;

/** The object is not there (S3's NoSuchKey; a bare 404 from some S3-compatible stores). */
function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || (e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket');
}

/**
 * Files as objects of one bucket, keyed as the filesystem store's paths. A put resolves once S3
 * answered 200: S3 (and the S3-compatible stores) acknowledge a write only once it is durable.
 */
export function createS3Store(opts: S3StoreOptions): MediaStore {
  const { bucket } = opts;
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // The SDK otherwise adds CRC32 checksums to every request, in an aws-chunked body for streams;
    // stores that do not speak it (s3rver, several S3-compatible services) keep the framing as
    // part of the object. Checksums only where S3 requires them (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function* listUnder(Prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix, ContinuationToken }));
      for (const o of page.Contents ?? [])
        if (o.Key && o.LastModified) yield { key: o.Key, modifiedAt: o.LastModified };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (const k of keys) assertKey(k);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const res = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // DeleteObjects answers 200 and names the keys it could not delete (a missing key is not
      // one of them: deleting nothing succeeds)
      const failed = res.Errors ?? [];
      if (failed.length > 0)
        throw new Error(
          `S3 could not delete ${failed.length} of ${batch.length} keys: ` +
            failed
              .slice(0, 5)
              .map((e) => `${e.Key} (${e.Code}: ${e.Message})`)
              .join(', '),
        );
    }
  }

  return {
    name: 's3',

    async put(key, data, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      );
    },

    async putStream(key, chunks, contentType, byteSize) {
      assertKey(key);
      // One PutObject with the length known up front: S3 stores all of it or nothing. The SDK does
      // not listen for its body's errors: a failing source aborts the request here.
      // Copied (the request may still hold a chunk after the next one is read), and each held
      // until the next has come: the last byte, which completes the upload, goes out only once
      // the count is known to be right.
      const copies = async function* () {
        let held: Buffer | null = null;
        for await (const chunk of exactly(chunks, byteSize, key)) {
          if (held) yield held;
          held = Buffer.from(chunk);
        }
        if (held) yield held;
      };
      const body = Readable.from(copies(), { objectMode: false });
      const abort = new AbortController();
      let failed: unknown;
      body.once('error', (err) => {
        failed = err;
        abort.abort();
      });
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: byteSize,
          }),
          { abortSignal: abort.signal },
        );
      } catch (err) {
        // S3 stores nothing of a cut request; some S3-compatible stores keep what came (the key
        // is a fresh one: nothing else is lost)
        await deleteKeys([key]).catch(() => undefined);
        throw failed ?? err;
      }
    },

    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!res.Body) return Buffer.alloc(0);
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async readStream(key, range) {
      assertKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // in Node the SDK's body is the response's own stream: read as it arrives
        return (res.Body as Readable | undefined) ?? Readable.from([]);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    delete: deleteKeys,

    list(prefix) {
      assertKey(prefix);
      // the keys under the "directory" prefix, as the filesystem store walks it: `a/1` is not
      // under `a/10`
      return listUnder(`${prefix}/`);
    },
  };
}
