import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import { MediaAssetModel, MediaVariantModel } from './media.models';
import { mimeByFormat } from './media.rules';
import type { MediaStore } from './media-store';
import {
  bytesReader,
  variantKey,
  type Executor,
  type NewVariant,
  type StoredVariant,
  type VariantKey,
  type VariantRef,
} from './media.records';

/** The advisory lock space of an asset's variants (two-int keys; editions use 36). */
const VARIANT_LOCK_SPACE = 37;
/** How often a waiter tries the lock again: each try is instant, so no query timeout cuts a wait. */
const LOCK_RETRY_MS = 50;

/** The media_variants rows, and their files in the store (written before a row names them). */
export function createVariantRepository(db: Db, store: MediaStore) {
  const bytesOf = bytesReader(store);

  async function insertVariantRows(rows: StoredVariant[], trx: Executor) {
    if (!rows.length) return;
    await MediaVariantModel.query(trx)
      .insert(rows)
      .onConflict(['asset_id', 'kind', 'width', 'format', 'revision'])
      .ignore();
  }

  const repo = {
    async variantData(variantId: number): Promise<Buffer | undefined> {
      return bytesOf(await MediaVariantModel.query(db).findById(variantId).select('data', 'storage_key'));
    },

    /** The variants stored at one revision of the asset. */
    async listVariantKeys(assetId: number, revision: number, trx: Executor = db): Promise<VariantKey[]> {
      return MediaVariantModel.query(trx)
        .select('kind', 'width', 'format')
        .where({ asset_id: assetId, revision });
    },

    /** The stored row of one variant (no bytes), or undefined when it was not made yet. */
    async findVariantRef(
      assetId: number,
      key: VariantKey & { revision: number },
      trx: Executor = db,
    ): Promise<VariantRef | undefined> {
      return MediaVariantModel.query(trx)
        .select('id', 'kind', 'width', 'format', 'etag', 'byte_size', 'revision')
        .findOne({
          asset_id: assetId,
          kind: key.kind,
          width: key.width,
          format: key.format,
          revision: key.revision,
        });
    },

    /**
     * Runs `work` holding the asset's variant lock, across every process sharing the database: a
     * transaction-level advisory lock (it works behind PgBouncer's transaction pooling), taken by
     * polling an instant try so the per-query timeout bounds no wait; `waitMs` bounds it instead.
     * `work` must read and write through the transaction it is given: a waiter holds a pooled
     * connection, and the holder taking a second one could wait on them.
     */
    async withVariantLock<T>(
      assetId: number,
      waitMs: number,
      work: (trx: Knex.Transaction) => Promise<T>,
    ): Promise<T | 'busy'> {
      return db.transaction(async (trx) => {
        const until = Date.now() + waitMs;
        for (;;) {
          const { rows } = await trx.raw<{ rows: { locked: boolean }[] }>(
            'select pg_try_advisory_xact_lock(?, ?) as locked',
            [VARIANT_LOCK_SPACE, assetId],
          );
          if (rows[0].locked) return work(trx);
          if (Date.now() >= until) return 'busy' as const;
          await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
        }
      });
    },

    /**
     * Writes one variant's file, durably, before any row names it (its name is fixed: a job run
     * twice writes the same file again, harmlessly). What its row will say is returned.
     */
    async storeVariant(assetId: number, { data, ...v }: NewVariant): Promise<StoredVariant> {
      const storageKey = variantKey(assetId, v);
      await store.put(storageKey, data, mimeByFormat[v.format]);
      return { ...v, assetId, storageKey, byteSize: data.length };
    },

    /** Inserts variants; one that already exists (same asset, kind, width, format, revision) is kept. */
    async insertVariants(assetId: number, variants: NewVariant[], trx: Executor = db): Promise<void> {
      if (!variants.length) return;
      await insertVariantRows(await Promise.all(variants.map((v) => repo.storeVariant(assetId, v))), trx);
    },

    /**
     * Names the variants `storeVariant` wrote and marks the asset done with the stamp they carry,
     * in one transaction (the caller's, if given).
     */
    async completeVariants(
      assetId: number,
      stored: StoredVariant[],
      stampKey: string | null,
      trx?: Knex.Transaction,
    ): Promise<void> {
      const complete = async (t: Knex.Transaction) => {
        await insertVariantRows(stored, t);
        await MediaAssetModel.query(t).findById(assetId).patch({ variantsReadyAt: t.fn.now(), stampKey });
      };
      await (trx ? complete(trx) : db.transaction(complete));
    },

    async idsWithoutVariants(limit: number): Promise<number[]> {
      const rows = await MediaAssetModel.query(db)
        .select('id')
        .whereNull('variants_ready_at')
        .orderBy('id')
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
  return repo;
}
