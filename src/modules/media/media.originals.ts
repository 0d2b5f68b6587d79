import { createHash } from 'node:crypto';
import { open, readFile, stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import type { Knex } from 'knex';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { Logger } from '../../platform/logger';
import type { JobOutcome, Queues } from '../../platform/queue';
import type { Jobs } from '../../jobs';
import { stripLocation } from './media.location-strip';
import { patchedChunks, stripJpegFile, type StreamedStrip } from './media.streamed-strip';
import type { MediaRepository, StoredAsset } from './media.repository';
import type { UnrecordedOriginal } from './media.variants';
import {
  MAX_INPUT_PIXELS,
  dominantColor,
  formatBytes,
  mimeByFormat,
  sniffFormat,
  toHexColor,
  type AssetKind,
  type SniffedFormat,
} from './media.rules';

export const mediaMessages = {
  unsupported: 'The file is not a supported image (JPEG, PNG, WebP or AVIF).',
  damaged: 'The image could not be read: the file is damaged or incomplete.',
  empty: 'The image file is empty.',
  tooManyPixels: `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`,
  tooLarge: (maxBytes: number) => `The image is larger than ${formatBytes(maxBytes)}.`,
};

export type IngestOptions = {
  kind: AssetKind;
  maxBytes: number;
  /** names the field in `errors` */ field?: string;
};
export type IngestedAsset = {
  id: number;
  width: number;
  height: number;
  mimeType: string;
  placeholderColor: string;
};
/** An upload in memory, or a file on disk (a multipart part, a finished tus upload). */
export type ImageSource = Buffer | { path: string };
/** An original checked, cleaned and already in the store; no row names it yet. */
export type PreparedOriginal = StoredAsset & {
  width: number;
  height: number;
  mimeType: string;
  placeholderColor: string;
};

/** The first bytes of a file: enough for its magic number. */
async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const HASH_STEP = 4 * 1024 * 1024;
/** An upload's SHA-256 in 4 MB steps, letting other requests run between them (a 50 MB original takes ~100 ms). */
async function sha256Hex(data: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < data.length; at += HASH_STEP) {
    hash.update(data.subarray(at, at + HASH_STEP));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

const formatOfMime = (mimeType: string): SniffedFormat => {
  const found = (Object.keys(mimeByFormat) as SniffedFormat[]).find((f) => mimeByFormat[f] === mimeType);
  if (!found) throw new Error(`no location cleaning for ${mimeType}`);
  return found;
};

/** An upload's metadata could not be followed (so it cannot be cleaned): the file is refused. */
class UnreadableMetadata extends Error {
  constructor(cause: unknown) {
    super('the image metadata could not be cleaned', { cause });
  }
}

/** Throws when stripping changed the orientation `before` (the file's, before it was cleaned). */
async function assertOrientationKept(before: number | undefined, cleaned: Buffer): Promise<void> {
  if (((await sharp(cleaned).metadata()).orientation ?? 1) !== (before ?? 1))
    throw new Error('the location could not be removed without losing the orientation');
}

/** A stored original's bytes without location tags (the format from its stored type; `data` may be edited in place). */
export async function cleanFile(data: Buffer, mimeType: string): Promise<{ data: Buffer; changed: boolean }> {
  // An EXIF block too broken to edit is dropped whole; a picture must not lose its turn with it
  // (its stored size and variants assume the orientation). Read first: JPEGs are edited in place.
  const before = (await sharp(data).metadata()).orientation;
  const result = stripLocation(data, formatOfMime(mimeType));
  if (result.changed) await assertOrientationKept(before, result.data);
  return result;
}

/** Originals: checked, cleaned of their location and stored before a row names them. */
export function createOriginalService(repo: MediaRepository, deps: { queues: Queues<Jobs>; logger: Logger }) {
  // A camera file's check decode takes ~50 MB however far it shrinks: one at a time per process
  // keeps three 50 MB uploads under the API's memory budget (they wait ~100 ms each).
  const oneDecode = pLimit(1);

  const fail = (message: string, field?: string) =>
    badRequest(message, field ? { [field]: message } : undefined);

  /**
   * Where it was taken never reaches the store: GPS and place tags go, the pixels stay as they are
   * (media.location-strip.ts); metadata that cannot be followed throws UnreadableMetadata. A JPEG
   * on disk is cleaned by its heads alone and streamed to the store, hashed as the bytes pass (the
   * recorded sha256 is of exactly what was written); anything else is cleaned in one buffer.
   */
  async function cleanAndStore(
    source: ImageSource,
    mimeType: string,
    orientation: number | undefined,
    size: number,
  ): Promise<{ sha256: string; byteSize: number; storageKey: string }> {
    let streamed: StreamedStrip | null = null;
    let clean: Buffer | null = null;
    try {
      if (!Buffer.isBuffer(source) && mimeType === 'image/jpeg')
        streamed = await stripJpegFile(source.path, size);
      if (streamed?.changed) await assertOrientationKept(orientation, streamed.mainHead);
      if (!streamed)
        clean = (await cleanFile(Buffer.isBuffer(source) ? source : await readFile(source.path), mimeType))
          .data;
    } catch (err) {
      throw new UnreadableMetadata(err);
    }
    if (streamed && !Buffer.isBuffer(source)) {
      const hash = createHash('sha256');
      const hashed = async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      };
      const chunks = hashed(patchedChunks(source.path, streamed.patches));
      const storageKey = await repo.storeOriginalStream(chunks, mimeType, size);
      return { sha256: hash.digest('hex'), byteSize: size, storageKey };
    }
    const data = clean!;
    return {
      sha256: await sha256Hex(data),
      byteSize: data.length,
      storageKey: await repo.storeOriginal(data, mimeType),
    };
  }

  /**
   * Reserves the row's id of an original just stored and queues its variants under it (the run
   * waits for the row: makeBeforeRecorded). The queueing never holds the upload up: if it fails,
   * the row keeps the id and the upload's event makes the variants.
   */
  async function startVariants(unrecorded: UnrecordedOriginal): Promise<number> {
    const assetId = await repo.reserveAssetId();
    deps.queues
      .enqueue('media', 'make-variants', { assetId, unrecorded }, { jobId: `variants-${assetId}` })
      .catch((err: unknown) =>
        deps.logger.warn({ err, assetId }, 'could not start image variants early; the upload event will'),
      );
    return assetId;
  }
  const originals = {
    /**
     * Checks an upload by its content (magic bytes, format, pixel count, a real decode), strips its
     * location and writes it to the store: all before any transaction. A JPEG path is never read
     * into memory (its metadata heads are cleaned, the rest streamed to the store); another path is
     * read once into one Buffer (cleaned in place), never held twice. Width and
     * height are after EXIF auto-rotation. `recordOriginal` then names the stored file in a row.
     */
    async prepareOriginal(source: ImageSource, opts: IngestOptions): Promise<PreparedOriginal> {
      const size = Buffer.isBuffer(source) ? source.length : (await stat(source.path)).size;
      if (!size) throw fail(mediaMessages.empty, opts.field);
      if (size > opts.maxBytes) {
        const message = mediaMessages.tooLarge(opts.maxBytes);
        throw new AppError('too_large', message, opts.field ? { [opts.field]: message } : undefined);
      }
      const sniffed = sniffFormat(Buffer.isBuffer(source) ? source : await headOf(source.path));
      if (!sniffed) throw fail(mediaMessages.unsupported, opts.field);
      const input = Buffer.isBuffer(source) ? source : source.path;
      let meta: Metadata;
      try {
        // the header only (nothing decoded): any size is read, so a bomb gets the pixel message below
        meta = await sharp(input, { limitInputPixels: false }).metadata();
      } catch {
        throw fail(mediaMessages.unsupported, opts.field);
      }
      const formatOk =
        sniffed === 'avif' ? meta.format === 'heif' && meta.compression === 'av1' : meta.format === sniffed;
      if (!formatOk || !meta.width || !meta.height) throw fail(mediaMessages.unsupported, opts.field);
      if (meta.width * meta.height > MAX_INPUT_PIXELS) throw fail(mediaMessages.tooManyPixels, opts.field);

      // A real decode of the whole file (shrink-on-load keeps it fast): truncated or corrupt data
      // fails. It runs beside the cleaning and storing, whose flush it overlaps; a file that fails
      // it is deleted from the store again (no row names it yet). Once the file is stored, its
      // variants start (a worker encodes them beside this check and the caller's transaction,
      // and stores them only once the row exists): the upload's slowest part begins ~100 ms sooner.
      const mimeType = mimeByFormat[sniffed];
      const rotated = (meta.orientation ?? 1) >= 5;
      const [width, height] = rotated ? [meta.height, meta.width] : [meta.width, meta.height];
      const storingFile = cleanAndStore(source, mimeType, meta.orientation, size);
      const early = storingFile
        .then(({ storageKey }) => startVariants({ storageKey, kind: opts.kind, width, height }))
        .catch(() => undefined); // a failed store is reported below; without an id the row gets its own
      // A Buffer is cleaned in place (cleanFile) while this decode reads it on libvips' thread: the
      // decode gets its own copy, or it now and then reads a half-edited head and calls the file
      // damaged (a file on disk is never edited: its heads are patched as it streams).
      const decodeInput = Buffer.isBuffer(input) ? Buffer.from(input) : input;
      const [decoded, storing] = await Promise.allSettled([
        oneDecode(() =>
          sharp(decodeInput, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
            .rotate()
            .resize(64, 64, { fit: 'inside' })
            .flatten({ background: '#ffffff' })
            .toColourspace('srgb')
            .raw()
            .toBuffer({ resolveWithObject: true }),
        ),
        storingFile,
      ]);
      if (decoded.status === 'rejected') {
        await early; // its variants' run then finds no row and stores nothing
        if (storing.status === 'fulfilled')
          await repo.discardOriginal(storing.value.storageKey).catch((err: unknown) =>
            // the orphan sweep removes it later
            deps.logger.warn({ err, key: storing.value.storageKey }, 'could not delete a refused upload'),
          );
        throw fail(mediaMessages.damaged, opts.field);
      }
      if (storing.status === 'rejected') {
        if (storing.reason instanceof UnreadableMetadata) throw fail(mediaMessages.damaged, opts.field);
        throw storing.reason;
      }
      const small = decoded.value;
      return {
        id: await early,
        kind: opts.kind,
        mimeType,
        width,
        height,
        placeholderColor: toHexColor(dominantColor(small.data, small.info.channels)),
        ...storing.value,
      };
    },

    /** The row naming an original `prepareOriginal` stored: the only part inside the caller's transaction. */
    async recordOriginal(prepared: PreparedOriginal, trx?: Knex.Transaction): Promise<IngestedAsset> {
      const id = await repo.insertAsset(prepared, trx);
      const { width, height, mimeType, placeholderColor } = prepared;
      return { id, width, height, mimeType, placeholderColor };
    },

    /** prepareOriginal then recordOriginal: for small files saved in one go (a logo, a room). */
    async ingest(buffer: Buffer, opts: IngestOptions, trx?: Knex.Transaction): Promise<IngestedAsset> {
      return originals.recordOriginal(await originals.prepareOriginal(buffer, opts), trx);
    },

    /**
     * The `media/clean-original` job: an original stored before issue 35 stored again without its
     * GPS and place tags (the repository swaps the file safely; running it again changes nothing).
     * Variants need nothing: they never carried metadata and the pixels are the same.
     */
    async cleanOriginal(assetId: number): Promise<JobOutcome> {
      const result = await repo.cleanOriginal(assetId, cleanFile);
      return {
        outcome: result === 'cleaned' || result === 'no location' ? 'done' : 'skipped',
        detail: result,
      };
    },

    /** For the sweeper: queues the cleaning of originals stored before it (a batch per sweep). */
    async sweepUncleanedOriginals(limit = 200): Promise<number> {
      const ids = await repo.idsToClean(limit);
      for (const id of ids)
        await deps.queues.enqueueOrRetry('media', 'clean-original', { assetId: id }, `clean-original-${id}`);
      return ids.length;
    },

    /** The stored original's bytes and type (a print lab fetches it at full resolution). */
    async original(
      assetId: number,
    ): Promise<{ data: Buffer; mimeType: string; width: number; height: number } | null> {
      const row = await repo.findOriginal(assetId);
      return row ? { data: row.data, mimeType: row.mimeType, width: row.width, height: row.height } : null;
    },
  };
  return originals;
}
