import type { Db } from '../../platform/db';
import { MediaAssetModel } from './media.models';
import type { VariantKind } from './media.rules';
import type { MediaStore } from './media-store';
import type { ImageInput } from './media.render';
import {
  bytesReader,
  inputReader,
  metaColumns,
  originalKey,
  printFileKey,
  type AssetMeta,
  type Executor,
  type PrintCrop,
  type StoredAsset,
  type VariantRef,
} from './media.records';
import { createVariantRepository } from './media-variants.repository';
import { createMediaUpkeep } from './media-upkeep.repository';
import { createRestampRepository } from './media-restamp.repository';

export type {
  AssetMeta,
  NewVariant,
  PrintCrop,
  StoredAsset,
  StoredVariant,
  VariantKey,
  VariantRef,
} from './media.records';

/**
 * The media tables, and the store their files live in: a file is written (durably) before the row
 * that names it, so a row never names nothing. Rows from before the store keep their bytes in
 * `data` until `npm run media:migrate` moves them; reads take either. The variants' rows are in
 * media-variants.repository.ts, the store's upkeep in media-upkeep.repository.ts.
 */
export function createMediaRepository(db: Db, store: MediaStore) {
  const bytesOf = bytesReader(store);
  const inputOf = inputReader(store);

  const repo = {
    /**
     * Writes an original's (already cleaned) bytes under a fresh key, durably, before any row names
     * it: a transaction that then rolls back leaves an orphan the sweep removes.
     */
    async storeOriginal(data: Buffer, mimeType: string): Promise<string> {
      const storageKey = originalKey(mimeType);
      await store.put(storageKey, data, mimeType);
      return storageKey;
    },

    /** storeOriginal for a file streamed in chunks (adding up to `byteSize`), never whole in memory. */
    async storeOriginalStream(
      chunks: AsyncIterable<Buffer>,
      mimeType: string,
      byteSize: number,
    ): Promise<string> {
      const storageKey = originalKey(mimeType);
      await store.putStream(storageKey, chunks, mimeType, byteSize);
      return storageKey;
    },

    /** Deletes an original stored moments ago that no row will name (it failed a later check). */
    async discardOriginal(storageKey: string): Promise<void> {
      await store.delete([storageKey]);
    },

    /** An id for a row not written yet (its variants can be started before it). */
    async reserveAssetId(): Promise<number> {
      const { rows } = await db.raw<{ rows: { id: string }[] }>(
        "select nextval(pg_get_serial_sequence('media_assets', 'id')) as id",
      );
      return Number(rows[0].id);
    },

    /** A stored original by its key (its path or bytes: inputReader), before any row names it; null when it is gone. */
    async storedInput(storageKey: string): Promise<ImageInput | null> {
      return inputOf({ data: null, storageKey });
    },

    /** Whether the row naming `storageKey` as asset `id` exists (seen by `trx`'s next statement). */
    async isRecorded(id: number, storageKey: string, trx: Executor): Promise<boolean> {
      return !!(await MediaAssetModel.query(trx)
        .findById(id)
        .where({ storage_key: storageKey })
        .select('id'));
    },

    /** The row of an original stored by `storeOriginal` (the caller cleaned its location). */
    async insertAsset(a: StoredAsset, trx: Executor = db): Promise<number> {
      const row = await MediaAssetModel.query(trx)
        .insert({ ...a, locationCleanedAt: new Date() })
        .returning('id');
      return row.id;
    },

    async findMeta(id: number): Promise<AssetMeta | undefined> {
      return MediaAssetModel.query(db).findById(id).select(metaColumns);
    },

    async findOriginal(id: number, trx: Executor = db): Promise<(AssetMeta & { data: Buffer }) | undefined> {
      const row = await MediaAssetModel.query(trx)
        .findById(id)
        .select([...metaColumns, 'data', 'storage_key']);
      return row && Object.assign(row, { data: (await bytesOf(row))! });
    },

    /** findOriginal for libvips: the original's path when the store is local, else its bytes (inputReader). */
    async findOriginalInput(
      id: number,
      trx: Executor = db,
    ): Promise<(AssetMeta & { input: ImageInput }) | undefined> {
      const row = await MediaAssetModel.query(trx)
        .findById(id)
        .select([...metaColumns, 'data', 'storage_key']);
      if (!row) return undefined;
      const input = await inputOf(row);
      if (!input) throw new Error(`media file ${row.storageKey} is missing from the ${store.name} store`);
      return Object.assign(row, { input });
    },

    /** Where an original's bytes are: its store key, or its bytes for a row from before the store. */
    async originalPlace(id: number): Promise<{ storageKey: string | null; data: Buffer | null } | undefined> {
      const row = (await db('media_assets').where({ id }).first('storage_key', 'data')) as
        { storage_key: string | null; data: Buffer | null } | undefined;
      return row && { storageKey: row.storage_key, data: row.data };
    },

    /** One query: the asset and its stored variants of one kind, every format (no image bytes). */
    async lookup(
      assetId: number,
      kind: VariantKind,
    ): Promise<{ asset: AssetMeta; variants: VariantRef[] } | undefined> {
      const asset = await MediaAssetModel.query(db)
        .findById(assetId)
        .select(metaColumns.map((c) => `media_assets.${c}`))
        .withGraphJoined('variants(stored)')
        .modifiers({
          stored: (q) =>
            q
              .select('id', 'kind', 'width', 'format', 'etag', 'byte_size', 'revision')
              .where({ kind })
              .whereNull('retired_at'),
        });
      if (!asset) return undefined;
      // the current revision's (a remake's next one is stored before its switch)
      const current = (asset.variants ?? []).filter((v) => v.revision === asset.variantsRevision);
      return { asset, variants: current };
    },

    /** The kept file of a print crop of an original (its bytes), or undefined when none was made. */
    async printFile(
      assetId: number,
      box: PrintCrop,
    ): Promise<{ data: Buffer; mimeType: string } | undefined> {
      const row = (await db('media_print_files')
        .where({
          asset_id: assetId,
          crop_left: box.left,
          crop_top: box.top,
          crop_width: box.width,
          crop_height: box.height,
        })
        .first('storage_key', 'mime_type')) as { storage_key: string; mime_type: string } | undefined;
      if (!row) return undefined;
      const data = await store.get(row.storage_key);
      return data ? { data, mimeType: row.mime_type } : undefined;
    },

    /** Keeps a print crop's file: written before its row names it; a second writer changes nothing. */
    async insertPrintFile(assetId: number, box: PrintCrop, data: Buffer, mimeType: string): Promise<void> {
      const storageKey = printFileKey(assetId, box, mimeType);
      await store.put(storageKey, data, mimeType);
      await db('media_print_files')
        .insert({
          asset_id: assetId,
          crop_left: box.left,
          crop_top: box.top,
          crop_width: box.width,
          crop_height: box.height,
          mime_type: mimeType,
          storage_key: storageKey,
          byte_size: data.length,
        })
        .onConflict(['asset_id', 'crop_left', 'crop_top', 'crop_width', 'crop_height'])
        .merge(['storage_key', 'mime_type', 'byte_size']);
    },

    /** The rows go now (with the caller's transaction); their files with the orphan sweep. */
    async deleteAsset(id: number, trx: Executor = db): Promise<void> {
      await MediaAssetModel.query(trx).deleteById(id);
    },

    ...createVariantRepository(db, store),
    ...createMediaUpkeep(db, store),
    ...createRestampRepository(db),
  };
  return repo;
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
