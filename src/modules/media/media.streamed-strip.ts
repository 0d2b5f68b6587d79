// A JPEG on disk cleaned of its location without reading it into memory: `stripJpeg` edits only
// the bytes before each image's first scan (the main image's, and those of the images appended
// after it: MPF previews and second frames), never changing a length. So those heads are read,
// edited, and kept as patches laid over the file while it is streamed to the store.
import { open, type FileHandle } from 'node:fs/promises';
import { jpegHeadLength, stripJpeg } from './media.location-strip-jpeg';

/** The most metadata read for one image: a head larger than this is cleaned in memory instead. */
const MAX_HEAD = 1024 * 1024;
const CHUNK = 1024 * 1024;
/** As stripJpeg: more appended images than any camera writes are not looked for. */
const MAX_APPENDED = 16;
const SOI = Buffer.from([0xff, 0xd8, 0xff]);

/** Bytes of the file replaced by the same number of edited ones. */
export type Patch = { at: number; data: Buffer };
export type StreamedStrip = { patches: Patch[]; changed: boolean; mainHead: Buffer };

async function readAt(file: FileHandle, at: number, length: number): Promise<Buffer> {
  const { buffer, bytesRead } = await file.read(Buffer.alloc(length), 0, length, at);
  return buffer.subarray(0, bytesRead);
}

/** The patches' bytes laid over `chunk`, which starts at `at` in the file (later patches win). */
function overlay(chunk: Buffer, at: number, patches: Patch[]): void {
  for (const p of patches) {
    const from = Math.max(p.at, at);
    const to = Math.min(p.at + p.data.length, at + chunk.length);
    if (from < to) p.data.copy(chunk, from - at, from - p.at, to - p.at);
  }
}

/** Where each image appended after `from` starts (FF D8 FF: never inside entropy-coded data). */
async function appendedStarts(file: FileHandle, from: number, size: number): Promise<number[]> {
  const starts: number[] = [];
  const buffer = Buffer.allocUnsafe(CHUNK); // read into again and again: no garbage per megabyte
  for (let at = from; at < size && starts.length < MAX_APPENDED; at += CHUNK - 2) {
    const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, size - at), at);
    const chunk = buffer.subarray(0, bytesRead);
    for (let i = chunk.indexOf(SOI); i >= 0 && starts.length < MAX_APPENDED; i = chunk.indexOf(SOI, i + 3))
      if (!starts.includes(at + i)) starts.push(at + i);
    if (chunk.length < 3) break;
  }
  return starts;
}

/**
 * The edits `stripLocation(wholeFile, 'jpeg')` would make, as patches, reading at most MAX_HEAD
 * bytes per image. Null when an image's head is larger than that (the caller cleans the file in
 * memory). Throws, as stripJpeg does, on a main image it cannot follow.
 */
export async function stripJpegFile(path: string, size: number): Promise<StreamedStrip | null> {
  const file = await open(path, 'r');
  try {
    const patches: Patch[] = [];
    /** The file as edited so far: appended images may lie inside another's head (an EXIF thumbnail). */
    const readEdited = async (at: number, length: number) => {
      const data = await readAt(file, at, length);
      overlay(data, at, patches);
      return data;
    };
    const first = await readEdited(0, Math.min(MAX_HEAD, size));
    const headLength = jpegHeadLength(first);
    if (headLength === null) {
      if (first.length === size) throw new Error('JPEG without a scan');
      return null;
    }
    const mainHead = first.subarray(0, headLength);
    let changed = stripJpeg(mainHead, false).changed;
    patches.push({ at: 0, data: mainHead });
    for (const start of await appendedStarts(file, headLength, size)) {
      const window = await readEdited(start, Math.min(MAX_HEAD, size - start));
      let length: number | null;
      try {
        length = jpegHeadLength(window);
      } catch {
        continue; // not an image after all: stripJpeg skips it too
      }
      if (length === null && start + window.length < size) return null;
      const head = window.subarray(0, length ?? window.length);
      // kept even when it throws: stripJpeg edits in place, so what it did before stays, as in memory
      patches.push({ at: start, data: head });
      try {
        if (stripJpeg(head, false).changed) changed = true;
      } catch {
        // a broken image: stripJpeg keeps looking past it, so do we
      }
    }
    return { patches, changed, mainHead };
  } finally {
    await file.close();
  }
}

/**
 * The file's bytes with the patches laid over them, a chunk at a time. One buffer is read into
 * again and again (three 50 MB uploads would otherwise leave 150 MB of chunks for the garbage
 * collector): a chunk is valid until the next one is asked for.
 */
export async function* patchedChunks(path: string, patches: Patch[]): AsyncIterable<Buffer> {
  const file = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    for (let at = 0; ;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK, at);
      if (!bytesRead) return;
      const chunk = buffer.subarray(0, bytesRead);
      overlay(chunk, at, patches);
      yield chunk;
      at += bytesRead;
    }
  } finally {
    await file.close();
  }
}
