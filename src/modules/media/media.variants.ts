import type { Knex } from 'knex';
import { AppError } from '../../platform/http/app-error';
import type { Logger } from '../../platform/logger';
import type { JobOutcome, Queues } from '../../platform/queue';
import type { Jobs } from '../../jobs';
import { createAssetQueue } from './variant-once';
import type { StampSlot } from './media.stamp';
import {
  etagOf,
  keepsIcc,
  render,
  renderFrom,
  renderVariants,
  scaledSource,
  slowestFirst,
  type ScaledSource,
} from './media.render';
import { enqueueRestampJob } from './media.restamp';
import type { AssetMeta, MediaRepository, VariantRef } from './media.repository';
import {
  mimeByFormat,
  planVariants,
  variantFor,
  type AssetKind,
  type PlannedVariant,
  type VariantFormat,
  type VariantKind,
} from './media.rules';

/** A stored original whose row is not written yet: what its variants need to start early. */
export type UnrecordedOriginal = { storageKey: string; kind: AssetKind; width: number; height: number };
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

/** An image's variants: made by the media job, or one at a time for a request that comes first. */
export function createVariantService(
  repo: MediaRepository,
  deps: { queues: Queues<Jobs>; logger: Logger; stamps: StampSlot; rowWaitMs?: number },
) {
  const rowWaitMs = deps.rowWaitMs ?? ROW_WAIT_MS;
  const inflight = new Map<string, Promise<ServedVariant>>();
  const oneAtATime = createAssetQueue();

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
      // the revision read under the lock: a remake's switch holds it too
      const original = await repo.findOriginalInput(assetId, trx);
      if (!original) throw new AppError('not_found', 'The image no longer exists.');
      const at = { ...wanted, revision: original.variantsRevision };
      const before = await repo.findVariantRef(assetId, at, trx);
      if (before) return servedFrom(before, mimeType);
      const stamp = await deps.stamps.stampOf(assetId, original.kind);
      const { input } = original;
      const data = await render({ data: input }, wanted, await keepsIcc(input), true, stamp);
      await repo.insertVariants(assetId, [{ ...at, data, etag: etagOf(data) }], trx);
      const stored = await repo.findVariantRef(assetId, at, trx);
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
    const key = `${asset.id}:${wanted.kind}:${wanted.width}:${wanted.format}:${asset.variantsRevision}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = oneAtATime(asset.id, () => makeOne(asset.id, wanted)).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    if (!asset.variantsReadyAt)
      variants
        .enqueueVariants(asset.id)
        .catch((err) => deps.logger.warn({ err, assetId: asset.id }, 'could not queue image variants'));
    return pending;
  }

  /** makeVariants' run, under the asset's lock: what is stored is read again inside it. */
  async function makeMissingVariants(
    assetId: number,
    trx: Knex.Transaction,
    unrecorded?: UnrecordedOriginal,
  ): Promise<JobOutcome & { made: number; restamp?: boolean }> {
    const asset = await repo.findOriginalInput(assetId, trx);
    if (!asset && unrecorded) return makeBeforeRecorded(assetId, unrecorded, trx);
    if (!asset) return { outcome: 'skipped', detail: `asset ${assetId} no longer exists`, made: 0 };
    if (asset.variantsReadyAt) return { outcome: 'skipped', detail: 'variants already exist', made: 0 };
    const existing = new Set(
      (await repo.listVariantKeys(assetId, asset.variantsRevision, trx)).map(
        (k) => `${k.kind}:${k.width}:${k.format}`,
      ),
    );
    const todo = slowestFirst(
      planVariants(asset.kind, asset.width, asset.height).filter(
        (v) => !existing.has(`${v.kind}:${v.width}:${v.format}`),
      ),
    );
    const stamp = await deps.stamps.stampOf(assetId, asset.kind);
    const revision = asset.variantsRevision;
    const made = await renderVariants(asset.input, todo, stamp, (v, data) =>
      repo.storeVariant(assetId, { ...v, revision, data, etag: etagOf(data) }),
    );
    await repo.completeVariants(assetId, made, stamp?.key ?? null, trx);
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

  /** A stored original (its path, or its bytes, let go once) decoded and scaled for `todo`. */
  async function decodeStored(storageKey: string, todo: PlannedVariant[]): Promise<ScaledSource> {
    const original = await repo.storedInput(storageKey);
    if (!original) throw new Error(`original ${storageKey} is not stored (refused)`);
    return scaledSource(original, todo);
  }

  /**
   * The run started as soon as an upload was stored (prepareOriginal): its decode runs beside the
   * upload's check decode and transaction; the encodes wait for the row naming the original, as
   * what they carry (a photo's title and rights: the stamp) is read from the rows that transaction
   * writes. So a set is made once, with its stamp, and a refused or abandoned upload stores nothing.
   */
  async function makeBeforeRecorded(
    assetId: number,
    unrecorded: UnrecordedOriginal,
    trx: Knex.Transaction,
  ): Promise<JobOutcome & { made: number; restamp?: boolean }> {
    const stop = new AbortController();
    const recorded = rowWritten(assetId, unrecorded.storageKey, trx, stop.signal);
    try {
      const todo = slowestFirst(planVariants(unrecorded.kind, unrecorded.width, unrecorded.height));
      const { source, keepIcc } = await decodeStored(unrecorded.storageKey, todo);
      if (!(await recorded))
        return { outcome: 'skipped', detail: 'no row named the upload in time: nothing stored', made: 0 };
      const stamp = await deps.stamps.stampOf(assetId, unrecorded.kind);
      const made = await renderFrom(source, todo, keepIcc, stamp, (v, data) =>
        repo.storeVariant(assetId, { ...v, revision: 0, data, etag: etagOf(data) }),
      );
      await repo.completeVariants(assetId, made, stamp?.key ?? null, trx);
      // changed while they were encoded (a quick edit of the title): made again
      const after = await deps.stamps.stampOf(assetId, unrecorded.kind);
      const restamp = (after?.key ?? null) !== (stamp?.key ?? null);
      if (restamp) await repo.markRestamp([assetId], trx);
      return { outcome: 'done', detail: `${made.length} variants made`, made: made.length, restamp };
    } catch (err) {
      // an original its upload's check refused (deleted, or undecodable): no row will name it
      stop.abort();
      if (await recorded) throw err;
      return { outcome: 'skipped', detail: 'the upload was refused: nothing stored', made: 0 };
    }
  }

  const variants = {
    /** Asks the media job for the variants; a job already queued for this asset is not doubled. */
    async enqueueVariants(assetId: number): Promise<void> {
      await deps.queues.enqueue('media', 'make-variants', { assetId }, { jobId: `variants-${assetId}` });
    },

    /**
     * An upload's event: its variants as a media job of its own id (the run started early holds
     * `variants-{id}`, and may have given up waiting for the row; once it is done this one finds
     * them made). Only media jobs decode, so MEDIA_JOB_CONCURRENCY alone bounds the images a
     * worker holds at once, and no event's turn is spent waiting for one.
     */
    async enqueueUploadedVariants(assetId: number): Promise<void> {
      await deps.queues.enqueue(
        'media',
        'make-variants',
        { assetId },
        { jobId: `variants-${assetId}-uploaded` },
      );
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
      // marked in the run's transaction: queued once that is committed
      if (result.restamp) await enqueueRestampJob(deps.queues);
      return result;
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
      file: { kind: VariantKind; width: number | null; format: VariantFormat; revision: number },
      mayServe: (kind: AssetKind) => Promise<boolean> = async () => true,
    ): Promise<ServedVariant | null> {
      const found = await repo.lookup(assetId, file.kind);
      // asked before a missing variant is made: a file the asker may not see costs no encode
      if (!found || !(await mayServe(found.asset.kind))) return null;
      const { asset } = found;
      // an older revision's address answers with the current file (the same picture, its rights
      // as they are now); a revision not made yet is no file
      if (file.revision > asset.variantsRevision) return null;
      const planned = planVariants(asset.kind, asset.width, asset.height).find(
        (v) =>
          v.kind === file.kind &&
          v.format === file.format &&
          (file.kind === 'thumb' || v.width === file.width),
      );
      return planned ? serve(found, planned) : null;
    },
  };
  return variants;
}
