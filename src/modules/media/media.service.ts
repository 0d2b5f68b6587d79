import { createHash } from 'node:crypto';
import { open, readFile, stat } from 'node:fs/promises';
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { Knex } from 'knex';
import { AppError, badRequest } from '../../platform/http/app-error';
import type { Logger } from '../../platform/logger';
import type { JobOutcome, Queues } from '../../platform/queue';
import type { Jobs } from '../../jobs';
import { stripLocation } from './media.location-strip';
import { patchedChunks, stripJpegFile, type StreamedStrip } from './media.streamed-strip';
import { createAssetQueue } from './variant-once';
import type {
  AssetMeta,
  MediaRepository,
  PrintCrop,
  StoredAsset,
  StoredVariant,
  VariantRef,
} from './media.repository';
import {
  MAX_INPUT_PIXELS,
  dominantColor,
  formatBytes,
  mimeByFormat,
  planVariants,
  sniffFormat,
  toHexColor,
  variantFor,
  type AssetKind,
  type PlannedVariant,
  type SniffedFormat,
  type VariantFormat,
  type VariantKind,
} from './media.rules';

// libvips' operation cache keeps recent inputs open (a 50 MB upload stays mapped, counted in the
// process's memory) for a repeat that never comes: every upload and variant is a new image.
sharp.cache(false);

export const mediaMessages = {
  unsupported: 'The file is not a supported image (JPEG, PNG, WebP or AVIF).',
  damaged: 'The image could not be read: the file is damaged or incomplete.',
  empty: 'The image file is empty.',
  tooManyPixels: `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`,
  tooLarge: (maxBytes: number) => `The image is larger than ${formatBytes(maxBytes)}.`,
};

/** Encoder settings: tuned for speed first (the upload-to-variants budget), quality second. */
const AVIF = { quality: 55, chromaSubsampling: '4:2:0' } as const;
const avifEffort = (width: number) => (width >= 1600 ? 0 : 1); // the big ones dominate the time
const JPEG = { quality: 82, progressive: true, mozjpeg: false } as const;
/** A logo's fallback: lossless, keeps transparency; logos are small, so the quick effort is enough. */
const PNG = { compressionLevel: 6, effort: 1 } as const;
/** A print's file: one encode at the quality a lab prints from, no colour subsampling. */
const PRINT_JPEG = { quality: 95, chromaSubsampling: '4:4:4', mozjpeg: false } as const;

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
/** A stored original whose row is not written yet: what its variants need to start early. */
export type UnrecordedOriginal = { storageKey: string; kind: AssetKind; width: number; height: number };
/** An upload in memory, or a file on disk (a multipart part, a finished tus upload). */
export type ImageSource = Buffer | { path: string };
/** An original checked, cleaned and already in the store; no row names it yet. */
export type PreparedOriginal = StoredAsset & {
  width: number;
  height: number;
  mimeType: string;
  placeholderColor: string;
};
export type ServedVariant = {
  etag: string;
  format: VariantFormat;
  mimeType: string;
  load(): Promise<Buffer>;
};

/** How long a request waits for another process making its asset's variants (a run takes 1-2 s). */
const SERVE_WAIT_MS = 15_000;
/** How long a variants job waits for another run of the same asset before its job retries. */
const JOB_WAIT_MS = 120_000;
/**
 * How long a run started early waits for the row naming its original (the upload's check decode
 * and transaction, a second or two under load); past it nothing is stored and the upload's event
 * makes the variants, if the upload was recorded after all.
 */
const ROW_WAIT_MS = 10_000;
const ROW_POLL_MS = 20;

/** A variant's ETag: the hash of its stored bytes. */
const etagOf = (data: Buffer) => createHash('sha256').update(data).digest('base64url').slice(0, 32);

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

function encode(pipeline: Sharp, format: VariantFormat, width: number): Promise<Buffer> {
  if (format === 'avif') return pipeline.avif({ ...AVIF, effort: avifEffort(width) }).toBuffer();
  if (format === 'png') return pipeline.png(PNG).toBuffer();
  return pipeline.flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
}

/** Resizes to the planned size, keeps only the ICC profile (no EXIF, GPS or XMP), encodes. */
type Source = { data: Buffer; raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
export function render(
  input: Source,
  v: PlannedVariant,
  keepIcc: boolean,
  fromOriginal: boolean,
): Promise<Buffer> {
  let p = sharp(input.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none', raw: input.raw });
  if (fromOriginal) p = p.rotate();
  p = p.resize({ width: v.width, height: v.height, fit: 'fill' });
  if (keepIcc) p = p.keepIccProfile();
  return encode(p, v.format, v.width);
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

/**
 * A crop of an original at full resolution for a print: turned by its EXIF orientation first (the
 * box is in the turned pixels), cut out, never scaled, encoded once: PNG stays lossless PNG,
 * anything else a JPEG at quality 95 without chroma subsampling. The colour profile goes along
 * (a CMYK file's is dropped: sharp's output is sRGB then).
 */
export async function renderPrintCrop(
  data: Buffer,
  mimeType: string,
  box: PrintCrop,
): Promise<{ data: Buffer; mimeType: string }> {
  const meta = await sharp(data).metadata();
  let p = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' }).rotate().extract(box);
  if (meta.icc && meta.space !== 'cmyk') p = p.keepIccProfile();
  if (mimeType === 'image/png')
    return { data: await p.png({ compressionLevel: 6 }).toBuffer(), mimeType: 'image/png' };
  return {
    data: await p.flatten({ background: '#ffffff' }).jpeg(PRINT_JPEG).toBuffer(),
    mimeType: 'image/jpeg',
  };
}

export function createMediaService(
  repo: MediaRepository,
  deps: { queues: Queues<Jobs>; logger: Logger; rowWaitMs?: number },
) {
  const rowWaitMs = deps.rowWaitMs ?? ROW_WAIT_MS;
  const inflight = new Map<string, Promise<ServedVariant>>();
  const oneAtATime = createAssetQueue();
  // A camera file's check decode takes ~50 MB however far it shrinks: one at a time per process
  // keeps three 50 MB uploads under the API's memory budget (they wait ~100 ms each).
  const oneDecode = pLimit(1);
  const printsInFlight = new Map<string, Promise<{ data: Buffer; mimeType: string }>>();

  const fail = (message: string, field?: string) =>
    badRequest(message, field ? { [field]: message } : undefined);

  /** CMYK files are converted to sRGB; every other embedded profile travels with the variants. */
  async function keepsIcc(data: Buffer): Promise<boolean> {
    const m = await sharp(data).metadata();
    return !!m.icc && m.space !== 'cmyk';
  }

  /** A stored variant's answer: its row's ETag (the stored bytes' hash) and its stored bytes. */
  const servedFrom = (stored: VariantRef, mimeType: string, data?: Buffer): ServedVariant => ({
    etag: stored.etag,
    format: stored.format,
    mimeType,
    load: async () => {
      if (data) return data;
      const found = await repo.variantData(stored.id);
      if (!found) throw new AppError('not_found', 'The image no longer exists.');
      return found;
    },
  });

  /**
   * Makes one missing variant holding the asset's lock, unless another process made it meanwhile
   * (then its stored row answers): so every process answers one address with the same bytes.
   */
  async function makeOne(assetId: number, wanted: PlannedVariant): Promise<ServedVariant> {
    const mimeType = mimeByFormat[wanted.format];
    const made = await repo.withVariantLock(assetId, SERVE_WAIT_MS, async (trx) => {
      const before = await repo.findVariantRef(assetId, wanted, trx);
      if (before) return servedFrom(before, mimeType);
      const original = await repo.findOriginal(assetId, trx);
      if (!original) throw new AppError('not_found', 'The image no longer exists.');
      const data = await render({ data: original.data }, wanted, await keepsIcc(original.data), true);
      await repo.insertVariants(assetId, [{ ...wanted, data, etag: etagOf(data) }], trx);
      const stored = await repo.findVariantRef(assetId, wanted, trx);
      if (!stored) throw new AppError('not_found', 'The image no longer exists.');
      return servedFrom(stored, mimeType, data);
    });
    if (made === 'busy') throw new AppError('unavailable', 'The image is being made: try again in a moment.');
    return made;
  }

  /** A stored variant, or else the one wanted made now (once, across every process). */
  function serve(
    found: { asset: AssetMeta; variants: VariantRef[] },
    wanted: PlannedVariant,
  ): Promise<ServedVariant> | ServedVariant {
    const { asset } = found;
    const stored = found.variants.find((v) => v.width === wanted.width && v.format === wanted.format);
    if (stored) return servedFrom(stored, mimeByFormat[wanted.format]);
    const key = `${asset.id}:${wanted.kind}:${wanted.width}:${wanted.format}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = oneAtATime(asset.id, () => makeOne(asset.id, wanted)).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    if (!asset.variantsReadyAt)
      service
        .enqueueVariants(asset.id)
        .catch((err) => deps.logger.warn({ err, assetId: asset.id }, 'could not queue image variants'));
    return pending;
  }

  /**
   * Decodes an original once, scales it to the largest of `todo` and encodes each variant from
   * those pixels; `each` gets every variant as soon as it is encoded (its flush overlaps the
   * encodes still running).
   */
  async function renderVariants<T>(
    original: Buffer,
    todo: PlannedVariant[],
    each: (v: PlannedVariant, data: Buffer) => Promise<T>,
  ): Promise<T[]> {
    if (!todo.length) return [];
    const keepIcc = await keepsIcc(original);
    const maxWidth = Math.max(...todo.map((v) => v.width));
    const base = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'none' })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true });
    // Raw pixels are the cheapest; an uncompressed TIFF (nearly as cheap) when an ICC profile
    // must travel along.
    let source: Source;
    if (keepIcc) {
      source = { data: await base.keepIccProfile().tiff({ compression: 'none' }).toBuffer() };
    } else {
      const { data, info } = await base.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      source = { data, raw: { width: info.width, height: info.height, channels: info.channels } };
    }
    return Promise.all(todo.map(async (v) => each(v, await render(source, v, keepIcc, false))));
  }

  /** The slowest first keeps both cores busy to the end. */
  const slowestFirst = (todo: PlannedVariant[]) => todo.sort((a, b) => b.width - a.width);

  /** makeVariants' run, under the asset's lock: what is stored is read again inside it. */
  async function makeMissingVariants(
    assetId: number,
    trx: Knex.Transaction,
    unrecorded?: UnrecordedOriginal,
  ): Promise<JobOutcome & { made: number }> {
    const asset = await repo.findOriginal(assetId, trx);
    if (!asset && unrecorded) return makeBeforeRecorded(assetId, unrecorded, trx);
    if (!asset) return { outcome: 'skipped', detail: `asset ${assetId} no longer exists`, made: 0 };
    if (asset.variantsReadyAt) return { outcome: 'skipped', detail: 'variants already exist', made: 0 };
    const existing = new Set(
      (await repo.listVariantKeys(assetId, trx)).map((k) => `${k.kind}:${k.width}:${k.format}`),
    );
    const todo = slowestFirst(
      planVariants(asset.kind, asset.width, asset.height).filter(
        (v) => !existing.has(`${v.kind}:${v.width}:${v.format}`),
      ),
    );
    const made = await renderVariants(asset.data, todo, (v, data) =>
      repo.storeVariant(assetId, { ...v, data, etag: etagOf(data) }),
    );
    await repo.completeVariants(assetId, made, trx);
    return { outcome: 'done', detail: `${made.length} variants made`, made: made.length };
  }

  /** Polls (in `trx`) until the row naming the original exists: false past `rowWaitMs` or once stopped. */
  async function rowWritten(
    assetId: number,
    storageKey: string,
    trx: Knex.Transaction,
    stop: AbortSignal,
  ): Promise<boolean> {
    const until = Date.now() + rowWaitMs;
    for (;;) {
      if (stop.aborted) return false;
      if (await repo.isRecorded(assetId, storageKey, trx)) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, ROW_POLL_MS));
    }
  }

  /**
   * The run started as soon as an upload was stored, beside its check decode and transaction
   * (prepareOriginal): every variant is encoded at once, but none is stored until the row naming
   * the original exists. A refused or abandoned upload stores nothing here.
   */
  async function makeBeforeRecorded(
    assetId: number,
    unrecorded: UnrecordedOriginal,
    trx: Knex.Transaction,
  ): Promise<JobOutcome & { made: number }> {
    const stop = new AbortController();
    const recorded = rowWritten(assetId, unrecorded.storageKey, trx, stop.signal);
    try {
      const original = await repo.readStored(unrecorded.storageKey);
      if (!original) throw new Error(`original ${unrecorded.storageKey} is not stored (refused)`);
      const todo = slowestFirst(planVariants(unrecorded.kind, unrecorded.width, unrecorded.height));
      const made = await renderVariants(original, todo, async (v, data) =>
        (await recorded) ? repo.storeVariant(assetId, { ...v, data, etag: etagOf(data) }) : null,
      );
      // one answer for every variant: all were stored, or none
      if (!(await recorded))
        return { outcome: 'skipped', detail: 'no row named the upload in time: nothing stored', made: 0 };
      await repo.completeVariants(assetId, made as StoredVariant[], trx);
      return { outcome: 'done', detail: `${made.length} variants made`, made: made.length };
    } catch (err) {
      // an original its upload's check refused (deleted, or undecodable): no row will name it
      stop.abort();
      if (await recorded) throw err;
      return { outcome: 'skipped', detail: 'the upload was refused: nothing stored', made: 0 };
    }
  }

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

  const service = {
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
      const [decoded, storing] = await Promise.allSettled([
        oneDecode(() =>
          sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
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
      return service.recordOriginal(await service.prepareOriginal(buffer, opts), trx);
    },

    /** Asks the media job for the variants; a job already queued for this asset is not doubled. */
    async enqueueVariants(assetId: number): Promise<void> {
      await deps.queues.enqueue('media', 'make-variants', { assetId }, { jobId: `variants-${assetId}` });
    },

    /**
     * The media job: decodes the original once, scales it to the largest display width, and derives
     * every other variant from that buffer. Running it again changes nothing.
     */
    async makeVariants(
      assetId: number,
      unrecorded?: UnrecordedOriginal,
    ): Promise<JobOutcome & { made: number }> {
      const result = await oneAtATime(assetId, () =>
        // the whole run holds the asset's lock: a request's variant waits for it, another run skips
        repo.withVariantLock(assetId, JOB_WAIT_MS, (trx) => makeMissingVariants(assetId, trx, unrecorded)),
      );
      if (result === 'busy') throw new Error(`asset ${assetId}'s variants are still being made elsewhere`);
      return result;
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

    /** For the sweeper: re-queues every asset whose variants were never completed. */
    async sweepMissingVariants(limit = 500): Promise<number> {
      const ids = await repo.idsWithoutVariants(limit);
      for (const id of ids)
        await deps.queues.enqueueOrRetry('media', 'make-variants', { assetId: id }, `variants-${id}`);
      return ids.length;
    },

    /**
     * The variant answering a request. Once the job has run this is a lookup; before that the one
     * variant asked for is made from the original, stored, and the job is queued for the rest.
     */
    async findVariant(
      assetId: number,
      kind: VariantKind,
      width: number | undefined,
      accepted: 'avif' | 'jpeg',
    ): Promise<ServedVariant | null> {
      const found = await repo.lookup(assetId, kind);
      return found ? serve(found, variantFor(found.asset, kind, width, accepted)) : null;
    },

    /**
     * The one file an address names (`/media/{asset}/{name}`): null unless the asset's plan has
     * exactly that variant, so every address is one file.
     */
    async findFile(
      assetId: number,
      file: { kind: VariantKind; width: number | null; format: VariantFormat },
    ): Promise<ServedVariant | null> {
      const found = await repo.lookup(assetId, file.kind);
      if (!found) return null;
      const { asset } = found;
      const planned = planVariants(asset.kind, asset.width, asset.height).find(
        (v) =>
          v.kind === file.kind &&
          v.format === file.format &&
          (file.kind === 'thumb' || v.width === file.width),
      );
      return planned ? serve(found, planned) : null;
    },

    async deleteAsset(assetId: number, trx?: Knex.Transaction): Promise<void> {
      await repo.deleteAsset(assetId, trx);
    },

    /** The stored original's bytes and type (a print lab fetches it at full resolution). */
    async original(
      assetId: number,
    ): Promise<{ data: Buffer; mimeType: string; width: number; height: number } | null> {
      const row = await repo.findOriginal(assetId);
      return row ? { data: row.data, mimeType: row.mimeType, width: row.width, height: row.height } : null;
    },

    /**
     * The file a print is made from: the original as it is when the crop is the whole image (or
     * there is none), else the crop at full resolution (renderPrintCrop), made on the first request
     * (once, however many ask at a time) and kept, so every later fetch gets the same bytes. Null
     * when the asset is gone.
     */
    async printFile(
      assetId: number,
      box: PrintCrop | null,
    ): Promise<{ data: Buffer; mimeType: string } | null> {
      const meta = await repo.findMeta(assetId);
      if (!meta) return null;
      const whole =
        !box || (box.left === 0 && box.top === 0 && box.width === meta.width && box.height === meta.height);
      if (whole) return service.original(assetId);
      if (
        box.left < 0 ||
        box.top < 0 ||
        box.left + box.width > meta.width ||
        box.top + box.height > meta.height
      )
        throw new Error(`print crop outside asset ${assetId}`);
      const kept = await repo.printFile(assetId, box);
      if (kept) return kept;
      const key = `${assetId}:${box.left}:${box.top}:${box.width}:${box.height}`;
      let pending = printsInFlight.get(key);
      if (!pending) {
        pending = (async () => {
          const original = await repo.findOriginal(assetId);
          if (!original) throw new AppError('not_found', 'The image no longer exists.');
          const made = await renderPrintCrop(original.data, original.mimeType, box);
          await repo.insertPrintFile(assetId, box, made.data, made.mimeType);
          return made;
        })().finally(() => printsInFlight.delete(key));
        printsInFlight.set(key, pending);
      }
      return pending;
    },

    async getAsset(assetId: number) {
      return (await repo.findMeta(assetId)) ?? null;
    },
  };
  return service;
}
export type MediaService = ReturnType<typeof createMediaService>;
