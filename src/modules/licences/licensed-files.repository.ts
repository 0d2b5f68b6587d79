import type { Knex } from 'knex';
import type { Db } from '../../platform/db';

/** A (photo, size)'s licensed file as `licensed_files` names it. */
export type LicensedFileRow = {
  photoId: number;
  sizeId: number;
  /** The original it was made from: another original makes it again. */
  sourceAssetId: number;
  storageKey: string;
  bytes: number;
  /** Where a buyer's rights head goes: after SOI (and a leading JFIF APP0). */
  bodyOffset: number;
  width: number;
  height: number;
};

/** Advisory lock keys of made-once files: `hashtextextended` of this and the pair. */
const LOCK_SPACE = 'licensed-file';
/** How often a waiter tries the lock again. */
const LOCK_RETRY_MS = 50;

type Executor = Db | Knex.Transaction;

type Raw = {
  photo_id: number;
  download_size_id: number;
  source_asset_id: number;
  storage_key: string;
  bytes: string | number;
  body_offset: number;
  width: number;
  height: number;
};
const fromRaw = (r: Raw): LicensedFileRow => ({
  photoId: r.photo_id,
  sizeId: r.download_size_id,
  sourceAssetId: r.source_asset_id,
  storageKey: r.storage_key,
  bytes: Number(r.bytes),
  bodyOffset: r.body_offset,
  width: r.width,
  height: r.height,
});

/** `licensed_files` (the licences module's) and the download size a file is made at. */
export function createLicensedFilesRepository(db: Db) {
  return {
    async find(photoId: number, sizeId: number, trx: Executor = db): Promise<LicensedFileRow | undefined> {
      const row = (await trx('licensed_files')
        .where({ photo_id: photoId, download_size_id: sizeId })
        .first()) as Raw | undefined;
      return row && fromRaw(row);
    },

    /** The size's long edge (null: full resolution); undefined when there is no such size. */
    async longEdgeOf(sizeId: number): Promise<number | null | undefined> {
      const row = (await db('download_sizes').where({ id: sizeId }).first('long_edge_px')) as
        { long_edge_px: number | null } | undefined;
      return row ? row.long_edge_px : undefined;
    },

    /** Names the file of a (photo, size), replacing the row of an older original's. */
    async save(f: LicensedFileRow, trx: Executor = db): Promise<void> {
      await trx('licensed_files')
        .insert({
          photo_id: f.photoId,
          download_size_id: f.sizeId,
          source_asset_id: f.sourceAssetId,
          storage_key: f.storageKey,
          bytes: f.bytes,
          body_offset: f.bodyOffset,
          width: f.width,
          height: f.height,
          made_at: trx.fn.now(),
        })
        .onConflict(['photo_id', 'download_size_id'])
        .merge();
    },

    /**
     * Runs `work` holding the (photo, size)'s lock across every process sharing the database: a
     * transaction-level advisory lock (fine behind PgBouncer's transaction pooling), taken by
     * polling an instant try so the per-query timeout bounds no wait; `waitMs` bounds it instead.
     * `work` reads and writes through the transaction it is given.
     */
    async withLock<T>(
      photoId: number,
      sizeId: number,
      waitMs: number,
      work: (trx: Knex.Transaction) => Promise<T>,
    ): Promise<T | 'busy'> {
      return db.transaction(async (trx) => {
        const until = Date.now() + waitMs;
        for (;;) {
          const { rows } = await trx.raw<{ rows: { locked: boolean }[] }>(
            'select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked',
            [`${LOCK_SPACE}:${photoId}:${sizeId}`],
          );
          if (rows[0].locked) return work(trx);
          if (Date.now() >= until) return 'busy' as const;
          await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
        }
      });
    },
  };
}
export type LicensedFilesRepository = ReturnType<typeof createLicensedFilesRepository>;
