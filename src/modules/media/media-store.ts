import type { Readable } from 'node:stream';
/**
 * Where image bytes live: originals and variants are files in a store, Postgres keeps what they
 * are (sizes, formats, checksums) and each one's key. Two drivers: the filesystem (the default,
 * under DATA_DIR/media, so `npm start` needs nothing new) and S3-compatible storage (AWS S3,
 * Cloudflare R2, Backblaze B2, MinIO).
 *
 * The rule that keeps the two in step: a file is written, durably, before a row names it. A crash
 * between leaves a file no row names (an orphan, swept later), never a row naming nothing.
 */
/** Bytes `start` to `end` of a file, both inclusive. */
export type ByteRange = { start: number; end: number };

export type MediaStore = {
  readonly name: 'filesystem' | 's3';
  /** Writes the whole file; resolves once it is durable (replaces a file of that key). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a file of `byteSize` bytes as its chunks arrive (a large original is never whole in
   * memory); durable when it resolves, as `put`. A chunk is the store's only until it asks for
   * the next (its producer may reuse the buffer). Fails, leaving no file, if the chunks fail or do
   * not add up to `byteSize`.
   */
  putStream(key: string, chunks: AsyncIterable<Buffer>, contentType: string, byteSize: number): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The file's bytes as a stream, or only `start`..`end` of them (both inclusive, as HTTP's Range):
   * a download read as it is sent, never whole in memory. Null when there is no file.
   */
  readStream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's path when the store is a local filesystem (sharp reads it directly); else undefined. */
  localPath?(key: string): string;
  delete(keys: string[]): Promise<void>;
  /** Every file under a prefix, with when it was last written (for the orphan sweep). */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
};

/** The chunks passed on as they come, failing unless they add up to `byteSize` (never passing more). */
export async function* exactly(
  chunks: AsyncIterable<Buffer>,
  byteSize: number,
  key: string,
): AsyncIterable<Buffer> {
  let seen = 0;
  for await (const chunk of chunks) {
    seen += chunk.length;
    if (seen > byteSize) break;
    yield chunk;
  }
  if (seen !== byteSize) throw new Error(`media file ${key}: ${seen} bytes came, ${byteSize} expected`);
}

/** A key is a relative path of safe segments: no '..', no leading '/', no backslashes. */
export function assertKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) ||
    key.split('/').some((s) => s === '.' || s === '..')
  )
    throw new Error(`bad media key: ${key}`);
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
};
export const extensionOf = (mimeType: string) => EXT[mimeType] ?? 'bin';
