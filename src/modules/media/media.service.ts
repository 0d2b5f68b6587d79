import sharp from 'sharp';
import type { Knex } from 'knex';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import type { Queues } from '../../platform/queue';
import type { Jobs } from '../../jobs';
import type { MediaRepository } from './media.repository';
import { createOriginalService } from './media.originals';
import { createPrintFiles } from './media.print-files';
import { createVariantService } from './media.variants';
import type { StampSlot } from './media.stamp';
import { createRestamp } from './media.restamp';

/**
 * libvips for this process (config.ts: SHARP_CACHE_MB, SHARP_CONCURRENCY). Its operation cache
 * keeps recent inputs open (a 50 MB upload stays mapped, counted in the process's memory) for a
 * repeat that never comes, so it is off by default; each thread of an image holds its own buffers.
 * Process-wide and the same for any one config: both media factories apply it (a script makes only
 * the one without queues), so a second call changes nothing.
 */
export function tuneImageLibrary(config: Pick<Config, 'SHARP_CACHE_MB' | 'SHARP_CONCURRENCY'>): void {
  const cacheMb = config.SHARP_CACHE_MB;
  sharp.cache(cacheMb > 0 ? { memory: cacheMb, files: 20, items: 100 } : false);
  sharp.concurrency(config.SHARP_CONCURRENCY);
}

/** The media service by role: originals (media.originals.ts), variants (media.variants.ts), print files (media.print-files.ts). */
export function createMediaService(
  repo: MediaRepository,
  deps: {
    queues: Queues<Jobs>;
    logger: Logger;
    stamps: StampSlot;
    announceChange: () => Promise<void>;
    rowWaitMs?: number;
  },
) {
  const originals = createOriginalService(repo, deps);
  const variants = createVariantService(repo, deps);
  const restamp = createRestamp(repo, deps);
  const { printFile } = createPrintFiles(repo, originals.original);
  return {
    ...originals,
    ...variants,
    ...restamp,

    async deleteAsset(assetId: number, trx?: Knex.Transaction): Promise<void> {
      await repo.deleteAsset(assetId, trx);
    },
    printFile,

    async getAsset(assetId: number) {
      return (await repo.findMeta(assetId)) ?? null;
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
