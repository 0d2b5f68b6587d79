import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { assertKey, exactly, type MediaStore } from './media-store';

/** Flushes a directory's entry list, so a rename into it survives a power cut. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A file written whole or not at all: to a temporary name beside it, flushed, renamed into place,
 * the directory flushed. A failed write leaves no file (the temporary one is removed).
 */
async function writeWhole(file: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
  const handle = await open(tmp, 'w');
  try {
    await write(handle);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(tmp, file);
  await syncDir(dir);
}

/** A read stream's chunk: node's default; a download holds little more than that while it waits. */
const READ_CHUNK = 64 * 1024;

/**
 * Files under `root` (DATA_DIR/media): written to a temporary name, flushed, renamed into place and
 * the directory flushed, so a file either is whole or is not there.
 */
export function createFilesystemStore(root: string): MediaStore {
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };

  async function* walk(dir: string, prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const key = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
      else if (e.isFile() && !e.name.startsWith('.tmp-'))
        yield { key, modifiedAt: (await stat(path.join(dir, e.name))).mtime };
    }
  }

  return {
    name: 'filesystem',

    async put(key, data) {
      await writeWhole(full(key), async (handle) => {
        await handle.writeFile(data);
      });
    },

    async putStream(key, chunks, _contentType, byteSize) {
      await writeWhole(full(key), async (handle) => {
        for await (const chunk of exactly(chunks, byteSize, key)) await handle.write(chunk);
      });
    },

    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async readStream(key, range) {
      // opened before it is handed out: a missing file is null here, not an error mid-response
      let handle: FileHandle;
      try {
        handle = await open(full(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      return createReadStream('', {
        fd: handle,
        start: range?.start,
        end: range?.end,
        highWaterMark: READ_CHUNK,
      });
    },

    localPath: full,

    async delete(keys) {
      const files = keys.map(full); // every key checked before any file goes
      await Promise.all(files.map((f) => rm(f, { force: true })));
    },

    list(prefix) {
      assertKey(prefix);
      return walk(path.join(root, prefix), prefix);
    },
  };
}
