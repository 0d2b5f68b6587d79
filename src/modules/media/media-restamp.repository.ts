import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { AssetKind } from './media.rules';
import type { StoredVariant } from './media.records';

/** What the restamp job reads of a marked asset, under its lock. */
export type RestampState = {
  id: number;
  kind: AssetKind;
  variantsRevision: number;
  stampKey: string | null;
  variantsReady: boolean;
  /** The mark as text (microseconds kept): cleared only if it is still this one. */
  wanted: string | null;
};

/** The remake of variants after a stamp change: the marks, the switch to a new revision, the sweep. */
export function createRestampRepository(db: Db) {
  return {
    /** Marks assets (every image for 'all') as waiting for their variants to be made again. */
    async markRestamp(assetIds: number[] | 'all', trx: Db | Knex.Transaction = db): Promise<number> {
      if (assetIds !== 'all' && !assetIds.length) return 0;
      const q = trx('media_assets');
      if (assetIds !== 'all') void q.whereIn('id', assetIds);
      return q.update({ restamp_wanted_at: trx.raw('clock_timestamp()') });
    },

    /** The oldest marks first. */
    async markedIds(limit: number): Promise<number[]> {
      return db('media_assets')
        .whereNotNull('restamp_wanted_at')
        .orderBy([{ column: 'restamp_wanted_at' }, { column: 'id' }])
        .limit(limit)
        .pluck('id');
    },

    async restampProgress(): Promise<{ pending: number; total: number }> {
      const row = await db('media_assets')
        .select(
          db.raw('count(*) filter (where restamp_wanted_at is not null)::int as pending'),
          db.raw('count(*)::int as total'),
        )
        .first();
      return { pending: Number(row?.pending ?? 0), total: Number(row?.total ?? 0) };
    },

    async restampState(assetId: number, trx: Knex.Transaction): Promise<RestampState | undefined> {
      const row = await trx('media_assets')
        .where({ id: assetId })
        .first(
          'id',
          'kind',
          'variants_revision',
          'stamp_key',
          trx.raw('variants_ready_at is not null as variants_ready'),
          trx.raw('restamp_wanted_at::text as wanted'),
        );
      return (
        row && {
          id: row.id,
          kind: row.kind,
          variantsRevision: row.variants_revision,
          stampKey: row.stamp_key,
          variantsReady: row.variants_ready,
          wanted: row.wanted,
        }
      );
    },

    /** Clears the mark unless it was set again meanwhile (a change after this run read it). */
    async clearMark(assetId: number, wanted: string | null, trx: Knex.Transaction): Promise<void> {
      if (wanted === null) return;
      await trx('media_assets')
        .where({ id: assetId })
        .whereRaw('restamp_wanted_at::text = ?', [wanted])
        .update({ restamp_wanted_at: null });
    },

    /**
     * The switch, in the caller's transaction: the new revision's rows (their files written), the
     * asset on it with the stamp they carry, the older revisions' rows retired.
     */
    async switchRevision(
      state: RestampState,
      stored: StoredVariant[],
      stampKey: string | null,
      trx: Knex.Transaction,
    ): Promise<void> {
      const revision = state.variantsRevision + 1;
      if (stored.length)
        await trx('media_variants').insert(
          stored.map((v) => ({
            asset_id: v.assetId,
            kind: v.kind,
            width: v.width,
            height: v.height,
            format: v.format,
            revision: v.revision,
            storage_key: v.storageKey,
            byte_size: v.byteSize,
            etag: v.etag,
          })),
        );
      await trx('media_assets')
        .where({ id: state.id, variants_revision: state.variantsRevision })
        .update({ variants_revision: revision, stamp_key: stampKey });
      await trx('media_variants')
        .where({ asset_id: state.id })
        .where('revision', '<', revision)
        .whereNull('retired_at')
        .update({ retired_at: trx.fn.now() });
    },
  };
}
