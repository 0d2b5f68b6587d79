import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import { MediaAssetModel, MediaVariantModel } from './media.models';
import {
  mimeByFormat,
  variantFileName,
  type AssetKind,
  type VariantFormat,
  type VariantKind,
} from './media.rules';
import { extensionOf, type MediaStore } from './media-store';

export type AssetMeta = Pick<
  MediaAssetModel,
  'id' | 'kind' | 'mimeType' | 'width' | 'height' | 'placeholderColor' | 'variantsReadyAt'
>;
/** An original already in the store: what its row says about it. */
export type StoredAsset = {
  /** Reserved before the row (reserveAssetId) when its variants were started early. */
  id?: number;
  kind: AssetKind;
  storageKey: string;
  byteSize: number;
  mimeType: string;
  width: number;
  height: number;
  sha256: string;
  placeholderColor: string;
};
export type VariantKey = Pick<MediaVariantModel, 'kind' | 'width' | 'format'>;
export type NewVariant = VariantKey & { height: number; data: Buffer; etag: string };
/** A variant whose file is written: what its row says. */
export type StoredVariant = Omit<NewVariant, 'data'> & {
  assetId: number;
  storageKey: string;
  byteSize: number;
};
export type VariantRef = Pick<MediaVariantModel, 'id' | 'kind' | 'width' | 'format' | 'etag' | 'byteSize'>;

type Executor = Db | Knex.Transaction;

// Everything but the image bytes.
const metaColumns = ['id', 'kind', 'mime_type', 'width', 'height', 'placeholder_color', 'variants_ready_at'];

/** Where a file goes in the store. Originals get a fresh name (their row does not exist yet). */
export const originalKey = (mimeType: string) => `originals/${randomUUID()}.${extensionOf(mimeType)}`;
export const variantKey = (assetId: number, v: VariantKey) => `variants/${assetId}/${variantFileName(v)}`;
/** A print file's name follows from its asset and crop: the same crop is the same bytes. */
export const printFileKey = (assetId: number, box: PrintCrop, mimeType: string) =>
  `prints/${assetId}/${box.left}-${box.top}-${box.width}x${box.height}.${extensionOf(mimeType)}`;

/** A crop of an original in its (EXIF-rotated) pixels. */
export type PrintCrop = { left: number; top: number; width: number; height: number };

/** variantKey() in SQL. */
const CANONICAL_VARIANT_KEY = `'variants/' || asset_id || '/' || (CASE WHEN kind = 'thumb' THEN 'thumb' ELSE width::text END)
  || '.' || (CASE WHEN format = 'jpeg' THEN 'jpg' ELSE format END)`;

/** Files older than this that no row names are orphans (a crash between file and row, a delete). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** The advisory lock space of an asset's variants (two-int keys; editions use 36). */
const VARIANT_LOCK_SPACE = 37;
/** How often a waiter tries the lock again: each try is instant, so no query timeout cuts a wait. */
const LOCK_RETRY_MS = 50;

/**
 * The media tables, and the store their files live in: a file is written (durably) before the row
 * that names it, so a row never names nothing. Rows from before the store keep their bytes in
 * `data` until `npm run media:migrate` moves them; reads take either.
 */
export function createMediaRepository(db: Db, store: MediaStore) {
  async function bytesOf(row: { data: Buffer | null; storageKey: string | null } | undefined) {
    if (!row) return undefined;
    if (row.data) return row.data;
    const data = await store.get(row.storageKey!);
    if (!data) throw new Error(`media file ${row.storageKey} is missing from the ${store.name} store`);
    return data;
  }

  const variantsToMove = () =>
    db('media_variants').where((q) =>
      q.whereNotNull('data').orWhereRaw(`storage_key <> ${CANONICAL_VARIANT_KEY}`),
    );

  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  async function putVerified(key: string, data: Buffer, contentType: string) {
    await store.put(key, data, contentType);
    const back = await store.get(key);
    if (!back || sha256(back) !== sha256(data))
      throw new Error(`media file ${key} did not read back as written: nothing was changed for it`);
  }

  async function insertVariantRows(rows: StoredVariant[], trx: Executor) {
    if (!rows.length) return;
    await MediaVariantModel.query(trx)
      .insert(rows)
      .onConflict(['asset_id', 'kind', 'width', 'format'])
      .ignore();
  }

  /** Deletes a replaced original's old file, then forgets its key. */
  async function dropReplaced(id: number, oldKey: string) {
    await store.delete([oldKey]);
    await db('media_assets')
      .where({ id, replaced_storage_key: oldKey })
      .update({ replaced_storage_key: null });
  }

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

    /** A stored original's bytes by its key, before any row names it; null when it is gone. */
    async readStored(storageKey: string): Promise<Buffer | null> {
      return store.get(storageKey);
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
          stored: (q) => q.select('id', 'kind', 'width', 'format', 'etag', 'byte_size').where({ kind }),
        });
      if (!asset) return undefined;
      return { asset, variants: asset.variants ?? [] };
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

    async variantData(variantId: number): Promise<Buffer | undefined> {
      return bytesOf(await MediaVariantModel.query(db).findById(variantId).select('data', 'storage_key'));
    },

    async listVariantKeys(assetId: number, trx: Executor = db): Promise<VariantKey[]> {
      return MediaVariantModel.query(trx).select('kind', 'width', 'format').where({ asset_id: assetId });
    },

    /** The stored row of one variant (no bytes), or undefined when it was not made yet. */
    async findVariantRef(
      assetId: number,
      key: VariantKey,
      trx: Executor = db,
    ): Promise<VariantRef | undefined> {
      return MediaVariantModel.query(trx)
        .select('id', 'kind', 'width', 'format', 'etag', 'byte_size')
        .findOne({ asset_id: assetId, kind: key.kind, width: key.width, format: key.format });
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

    /** Inserts variants; one that already exists (same asset, kind, width, format) is kept. */
    async insertVariants(assetId: number, variants: NewVariant[], trx: Executor = db): Promise<void> {
      if (!variants.length) return;
      await insertVariantRows(await Promise.all(variants.map((v) => repo.storeVariant(assetId, v))), trx);
    },

    /**
     * Names the variants `storeVariant` wrote and marks the asset done, in one transaction (the
     * caller's, if given).
     */
    async completeVariants(assetId: number, stored: StoredVariant[], trx?: Knex.Transaction): Promise<void> {
      const complete = async (t: Knex.Transaction) => {
        await insertVariantRows(stored, t);
        await MediaAssetModel.query(t).findById(assetId).patch({ variantsReadyAt: t.fn.now() });
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

    /** The rows go now (with the caller's transaction); their files with the orphan sweep. */
    async deleteAsset(id: number, trx: Executor = db): Promise<void> {
      await MediaAssetModel.query(trx).deleteById(id);
    },

    /**
     * Moves the next `limit` images still held in the database into the store: each file is
     * written, read back and checked against the bytes' SHA-256, and only then does its row name
     * it and drop the bytes (one row at a time: an interrupted run resumes where it stopped; a
     * file written just before an interruption gets the same name next time). A variant stored
     * under an earlier name moves to its address's name the same way (a bucket served as
     * PUBLIC_MEDIA_URL needs file names to match addresses). Returns how many moved; 0 when
     * none are left.
     */
    async moveBytesToStore(limit: number): Promise<number> {
      let moved = 0;
      const assets = await db('media_assets')
        .whereNotNull('data')
        .orderBy('id')
        .limit(limit)
        .select('id', 'data', 'mime_type');
      for (const a of assets) {
        const key = `originals/migrated-${a.id}.${extensionOf(a.mime_type)}`;
        await putVerified(key, a.data, a.mime_type);
        moved += await db('media_assets')
          .where({ id: a.id })
          .whereNotNull('data')
          .update({ storage_key: key, data: null });
      }
      const variants = await variantsToMove()
        .orderBy('id')
        .limit(Math.max(0, limit - assets.length))
        .select('id', 'asset_id', 'kind', 'width', 'format', 'data', 'storage_key');
      for (const v of variants) {
        const key = variantKey(v.asset_id, { kind: v.kind, width: v.width, format: v.format });
        const data: Buffer | null = v.data ?? (await store.get(v.storage_key));
        if (!data) throw new Error(`media file ${v.storage_key} is missing from the ${store.name} store`);
        await putVerified(key, data, mimeByFormat[v.format as VariantFormat]);
        moved += await db('media_variants')
          .where({ id: v.id })
          .where((q) => (v.data ? q.whereNotNull('data') : q.where('storage_key', v.storage_key)))
          .update({ storage_key: key, data: null });
      }
      return moved;
    },

    /** Originals stored before the location cleaning, or whose replaced file is not yet deleted. */
    async idsToClean(limit: number): Promise<number[]> {
      return db('media_assets')
        .where((q) => q.whereNull('location_cleaned_at').orWhereNotNull('replaced_storage_key'))
        .orderBy('id')
        .limit(limit)
        .pluck('id');
    },

    async countToClean(): Promise<number> {
      const row = await db('media_assets')
        .where((q) => q.whereNull('location_cleaned_at').orWhereNotNull('replaced_storage_key'))
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },

    /**
     * Stores one original again through `clean` (the location stripper). The clean file gets a
     * new key, is written and read back, and only then does the row name it, with the old key
     * kept in `replaced_storage_key` in the same update; the old file (the one with GPS) is
     * deleted after, and the column cleared. So the row always names a whole file, and a run
     * stopped at any step leaves either the old state (the new file an orphan, itself clean) or a
     * row whose old file the next run deletes first. Every update is conditional on what was read:
     * two runs at once (the sweeper's job and the command) cannot both switch a row.
     */
    async cleanOriginal(
      id: number,
      clean: (data: Buffer, mimeType: string) => Promise<{ data: Buffer; changed: boolean }>,
    ): Promise<'cleaned' | 'already clean' | 'no location' | 'gone'> {
      const row = await db('media_assets')
        .where({ id })
        .first(
          'id',
          'data',
          'storage_key',
          'mime_type',
          'sha256',
          'location_cleaned_at',
          'replaced_storage_key',
        );
      if (!row) return 'gone';
      if (row.replaced_storage_key) await dropReplaced(id, row.replaced_storage_key);
      if (row.location_cleaned_at) return 'already clean';
      const bytes = await bytesOf({ data: row.data, storageKey: row.storage_key });
      const result = await clean(bytes!, row.mime_type);
      const sha = sha256(result.data);
      if (!result.changed) {
        await db('media_assets')
          .where({ id })
          .whereNull('location_cleaned_at')
          .update({ location_cleaned_at: db.fn.now() });
        return 'no location';
      }
      if (row.data) {
        // a row from before the media store: its bytes are replaced where they are
        await db('media_assets').where({ id, sha256: row.sha256 }).whereNotNull('data').update({
          data: result.data,
          sha256: sha,
          byte_size: result.data.length,
          location_cleaned_at: db.fn.now(),
        });
        return 'cleaned';
      }
      const key = originalKey(row.mime_type);
      await putVerified(key, result.data, row.mime_type);
      const switched = await db('media_assets')
        .where({ id, storage_key: row.storage_key })
        .whereNull('location_cleaned_at')
        .update({
          storage_key: key,
          sha256: sha,
          byte_size: result.data.length,
          location_cleaned_at: db.fn.now(),
          replaced_storage_key: row.storage_key,
        });
      if (!switched) {
        await store.delete([key]); // another run got there first; this copy names nothing
        return 'already clean';
      }
      await dropReplaced(id, row.storage_key);
      return 'cleaned';
    },

    /** Images whose bytes are still in the database, and variants stored under an earlier name. */
    async countToMove(): Promise<number> {
      const [a, v] = await Promise.all([
        db('media_assets').whereNotNull('data').count({ n: '*' }).first(),
        variantsToMove().count({ n: '*' }).first(),
      ]);
      return Number(a?.n ?? 0) + Number(v?.n ?? 0);
    },

    /**
     * Deletes the store's files no row names that are older than an hour (younger ones may be a
     * write whose row is about to commit). Returns how many went.
     */
    async sweepOrphans(now = Date.now()): Promise<number> {
      const named = new Set<string>([
        ...(await db('media_assets').whereNotNull('storage_key').pluck('storage_key')),
        ...(await db('media_variants').whereNotNull('storage_key').pluck('storage_key')),
        ...(await db('media_print_files').pluck('storage_key')),
      ]);
      const orphans: string[] = [];
      for (const prefix of ['originals', 'variants', 'prints'])
        for await (const f of store.list(prefix))
          if (!named.has(f.key) && now - f.modifiedAt.getTime() > ORPHAN_AGE_MS) orphans.push(f.key);
      if (orphans.length) await store.delete(orphans);
      return orphans.length;
    },
  };
  return repo;
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
