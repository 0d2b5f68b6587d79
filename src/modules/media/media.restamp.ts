import type { Knex } from 'knex';
import type { Logger } from '../../platform/logger';
import type { JobOutcome, Queues } from '../../platform/queue';
import type { Jobs } from '../../jobs';
import type { MediaRepository } from './media.repository';
import type { StampSlot } from './media.stamp';
import { etagOf, renderVariants, slowestFirst } from './media.render';
import { planVariants } from './media.rules';
import type { StoredVariant } from './media.records';

/** Assets remade per job: each is a decode and a full set of encodes (1-2 s). */
const BATCH = 4;
/** How long a remake waits for another run on the same asset (a request's variant, the job). */
const LOCK_WAIT_MS = 60_000;

type Outcome = 'current' | 'remade' | 'busy' | 'gone';

/**
 * One job at a time runs a batch and queues the next while marks remain: the id alternates, so
 * the next can be queued while this one still runs.
 */
export const enqueueRestampJob = (queues: Queues<Jobs>, turn = 0) =>
  queues.enqueueOnce('media', 'restamp', { turn }, `restamp-${turn % 2}`);

/**
 * Her rights changed (issue 50): the variants of the assets marked are made again from their
 * originals at the next revision (new file names, so cached copies of the old ones stay right),
 * then switched to in one transaction. Old addresses keep answering (with the current files) and
 * the old rows and files go a day later (sweepOrphans).
 */
export function createRestamp(
  repo: MediaRepository,
  deps: {
    queues: Queues<Jobs>;
    logger: Logger;
    stamps: StampSlot;
    /** Pages naming the old addresses are made again (the response caches are cleared). */
    announceChange: () => Promise<void>;
  },
) {
  const enqueue = (turn = 0) => enqueueRestampJob(deps.queues, turn);

  async function restampOne(assetId: number): Promise<Outcome> {
    const result = await repo.withVariantLock(assetId, LOCK_WAIT_MS, async (trx: Knex.Transaction) => {
      const state = await repo.restampState(assetId, trx);
      if (!state) return 'gone' as const;
      const stamp = await deps.stamps.stampOf(assetId, state.kind);
      const key = stamp?.key ?? null;
      // variants not made yet are made with the stamp of their time (make-variants)
      if (key === state.stampKey || !state.variantsReady) {
        await repo.clearMark(assetId, state.wanted, trx);
        return 'current' as const;
      }
      const original = await repo.findOriginalInput(assetId, trx);
      if (!original) return 'gone' as const;
      const revision = state.variantsRevision + 1;
      const todo = slowestFirst(planVariants(original.kind, original.width, original.height));
      const stored: StoredVariant[] = await renderVariants(original.input, todo, stamp, (v, data) =>
        repo.storeVariant(assetId, { ...v, revision, data, etag: etagOf(data) }),
      );
      await repo.switchRevision(state, stored, key, trx);
      await repo.clearMark(assetId, state.wanted, trx);
      return 'remade' as const;
    });
    return result === 'busy' ? 'busy' : result;
  }

  return {
    /** 'rights.changed': marks the assets (in the delivery's transaction), then queues the job. */
    async markForRestamp(assetIds: number[] | 'all', trx: Knex.Transaction): Promise<void> {
      await repo.markRestamp(assetIds, trx);
    },
    enqueueRestamp: () => enqueue(0),

    /** The media job 'restamp': one batch of marked assets. */
    async restampBatch(turn: number): Promise<JobOutcome> {
      const ids = await repo.markedIds(BATCH);
      const counts: Record<Outcome | 'failed', number> = {
        current: 0,
        remade: 0,
        busy: 0,
        gone: 0,
        failed: 0,
      };
      for (const id of ids) {
        try {
          counts[await restampOne(id)]++;
        } catch (err) {
          // the mark stays: the sweeper queues the job again later
          counts.failed++;
          deps.logger.warn({ err, assetId: id }, 'could not make an image again with its rights');
        }
      }
      if (counts.remade) await deps.announceChange();
      const progressed = counts.current + counts.remade + counts.gone > 0;
      // a batch that moved nothing (all busy or failing) leaves the rest to the sweeper: no hot loop
      if (progressed && (await repo.markedIds(1)).length) await enqueue(turn + 1);
      const detail = Object.entries(counts)
        .filter(([, n]) => n)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
      return { outcome: ids.length ? 'done' : 'skipped', detail: detail || 'nothing marked' };
    },

    /** For the sweeper: the job again while marks remain (a worker killed mid-batch loses nothing). */
    async sweepRestamps(): Promise<number> {
      const marked = (await repo.markedIds(1)).length;
      if (marked) await enqueue(0);
      return marked;
    },

    restampProgress: () => repo.restampProgress(),
  };
}
