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
export type NewAsset = {
  kind: AssetKind;
  data: Buffer;
  mimeType: string;
  width: number;
  height: number;
  sha256: string;
  placeholderColor: string;
};
export type VariantKey = Pick<MediaVariantModel, 'kind' | 'width' | 'format'>;
export type NewVariant = VariantKey & { height: number; data: Buffer; etag: string };
export type VariantRef = Pick<MediaVariantModel, 'id' | 'kind' | 'width' | 'format' | 'etag' | 'byteSize'>;

type Executor = Db | Knex.Transaction;

// Everything but the image bytes.
const metaColumns = ['id', 'kind', 'mime_type', 'width', 'height', 'placeholder_color', 'variants_ready_at'];

/** Where a file goes in the store. Originals get a fresh name (their row does not exist yet). */
export const originalKey = (mimeType: string) => `originals/${randomUUID()}.${extensionOf(mimeType)}`;
export const variantKey = (assetId: number, v: VariantKey) => `variants/${assetId}/${variantFileName(v)}`;

/** variantKey() in SQL. */
const CANONICAL_VARIANT_KEY = `'variants/' || asset_id || '/' || (CASE WHEN kind = 'thumb' THEN 'thumb' ELSE width::text END)
  || '.' || (CASE WHEN format = 'jpeg' THEN 'jpg' ELSE format END)`;

/** Files older than this that no row names are orphans (a crash between file and row, a delete). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

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

  const repo = {
    async insertAsset(a: NewAsset, trx: Executor = db): Promise<number> {
      const { data, ...meta } = a;
      const storageKey = originalKey(a.mimeType);
      await store.put(storageKey, data, a.mimeType);
      const row = await MediaAssetModel.query(trx)
        .insert({ ...meta, storageKey, byteSize: data.length })
        .returning('id');
      return row.id;
    },

    async findMeta(id: number): Promise<AssetMeta | undefined> {
      return MediaAssetModel.query(db).findById(id).select(metaColumns);
    },

    async findOriginal(id: number): Promise<(AssetMeta & { data: Buffer }) | undefined> {
      const row = await MediaAssetModel.query(db)
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

    async variantData(variantId: number): Promise<Buffer | undefined> {
      return bytesOf(await MediaVariantModel.query(db).findById(variantId).select('data', 'storage_key'));
    },

    async listVariantKeys(assetId: number): Promise<VariantKey[]> {
      return MediaVariantModel.query(db).select('kind', 'width', 'format').where({ asset_id: assetId });
    },

    /** Inserts variants; one that already exists (same asset, kind, width, format) is kept. */
    async insertVariants(assetId: number, variants: NewVariant[], trx: Executor = db): Promise<void> {
      if (!variants.length) return;
      const rows = await Promise.all(
        variants.map(async ({ data, ...v }) => {
          // a variant's name is fixed: a job run twice writes the same file again, harmlessly
          const storageKey = variantKey(assetId, v);
          await store.put(storageKey, data, mimeByFormat[v.format]);
          return { ...v, assetId, storageKey, byteSize: data.length };
        }),
      );
      await MediaVariantModel.query(trx)
        .insert(rows)
        .onConflict(['asset_id', 'kind', 'width', 'format'])
        .ignore();
    },

    /** Stores the job's variants and marks the asset done, in one transaction. */
    async completeVariants(assetId: number, variants: NewVariant[]): Promise<void> {
      await db.transaction(async (trx) => {
        await repo.insertVariants(assetId, variants, trx);
        await MediaAssetModel.query(trx).findById(assetId).patch({ variantsReadyAt: trx.fn.now() });
      });
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
      ]);
      const orphans: string[] = [];
      for (const prefix of ['originals', 'variants'])
        for await (const f of store.list(prefix))
          if (!named.has(f.key) && now - f.modifiedAt.getTime() > ORPHAN_AGE_MS) orphans.push(f.key);
      if (orphans.length) await store.delete(orphans);
      return orphans.length;
    },
  };
  return repo;
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
