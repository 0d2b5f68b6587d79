import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { ByteRange, MediaStore } from './media-store';

/** The store's own prefixes: another module's files never go under them (nor does the sweep look elsewhere). */
const MEDIA_PREFIXES = new Set(['originals', 'variants', 'prints', 'uploads']);

/** What another module keeps in the media store under its own prefix. */
export type KeptFiles = {
  /**
   * Stores a file written on disk (moved into place on the same filesystem, else streamed: never
   * whole in memory); durable when it resolves. The file is the store's afterwards.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Its bytes, or `start`..`end` of them, as a stream; null when it is not there. */
  readStream(key: string, range?: ByteRange): Promise<Readable | null>;
  delete(keys: string[]): Promise<void>;
  /** Its path when the store is the local filesystem (a download then reads it into reused buffers). */
  localPath?(key: string): string;
};

/**
 * Files of the media store another module owns (licensed downloads under `licensed/`): kept under
 * their prefix, named by that module's rows, never on `/media` (which answers variants by their
 * rows) nor under the bucket's public `variants/`. The orphan sweep leaves them alone: their owner
 * deletes what it replaces.
 */
export function createKeptFiles(store: MediaStore, prefix: string): KeptFiles {
  if (MEDIA_PREFIXES.has(prefix) || !/^[a-z][a-z0-9-]*$/.test(prefix))
    throw new Error(`kept files cannot use the prefix "${prefix}"`);
  const own = (key: string) => {
    if (!key.startsWith(`${prefix}/`)) throw new Error(`media key ${key} is not under ${prefix}/`);
    return key;
  };
  return {
    async putFile(key, file, contentType) {
      if (store.localPath) {
        // the filesystem store: the file itself moved into place (flushed first), no second copy
        const dest = store.localPath(own(key));
        const handle = await open(file, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await mkdir(path.dirname(dest), { recursive: true });
        try {
          await rename(file, dest);
          const dir = await open(path.dirname(dest), 'r');
          await dir.sync().finally(() => dir.close());
          return;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err; // another disk: copied
        }
      }
      const { size } = await stat(file);
      await store.putStream(
        own(key),
        createReadStream(file, { highWaterMark: 1024 * 1024 }),
        contentType,
        size,
      );
    },
    readStream: (key, range) => store.readStream(own(key), range),
    delete: (keys) => store.delete(keys.map(own)),
    localPath: store.localPath && ((key) => store.localPath!(own(key))),
  };
}

/**
 * Runs `work` with an original as sharp reads it best: its path in a filesystem store (libvips
 * reads the file as it decodes: a 50 MB original is never a 50 MB buffer), a temporary copy
 * streamed from S3 (deleted after), or the bytes of a row from before the store. Null when the
 * asset is gone.
 */
export function createOriginalReader(
  whereIs: (assetId: number) => Promise<{ storageKey: string | null; data: Buffer | null } | undefined>,
  store: MediaStore,
) {
  return async function withOriginalFile<T>(
    assetId: number,
    work: (input: string | Buffer) => Promise<T>,
  ): Promise<T | null> {
    const row = await whereIs(assetId);
    if (!row) return null;
    if (row.data) return work(row.data);
    const key = row.storageKey!;
    if (store.localPath) return work(store.localPath(key));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wildframe-original-'));
    try {
      const source = await store.readStream(key);
      if (!source) throw new Error(`media file ${key} is missing from the ${store.name} store`);
      const file = path.join(dir, 'original');
      await pipeline(source, createWriteStream(file));
      return await work(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
