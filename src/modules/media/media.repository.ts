import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import { MediaAssetModel, MediaVariantModel } from './media.models';
import type { AssetKind, VariantFormat, VariantKind } from './media.rules';

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

export function createMediaRepository(db: Db) {
  const repo = {
    async insertAsset(a: NewAsset, trx: Executor = db): Promise<number> {
      const row = await MediaAssetModel.query(trx)
        .insert({ ...a, byteSize: a.data.length })
        .returning('id');
      return row.id;
    },

    async findMeta(id: number): Promise<AssetMeta | undefined> {
      return MediaAssetModel.query(db).findById(id).select(metaColumns);
    },

    async findOriginal(id: number): Promise<(AssetMeta & { data: Buffer }) | undefined> {
      return MediaAssetModel.query(db)
        .findById(id)
        .select([...metaColumns, 'data']);
    },

    /** One query: the asset and its stored variants of one kind and format (no image bytes). */
    async lookup(
      assetId: number,
      kind: VariantKind,
      format: VariantFormat,
    ): Promise<{ asset: AssetMeta; variants: VariantRef[] } | undefined> {
      const asset = await MediaAssetModel.query(db)
        .findById(assetId)
        .select(metaColumns.map((c) => `media_assets.${c}`))
        .withGraphJoined('variants(stored)')
        .modifiers({
          stored: (q) =>
            q.select('id', 'kind', 'width', 'format', 'etag', 'byte_size').where({ kind, format }),
        });
      if (!asset) return undefined;
      return { asset, variants: asset.variants ?? [] };
    },

    async variantData(variantId: number): Promise<Buffer | undefined> {
      return (await MediaVariantModel.query(db).findById(variantId).select('data'))?.data;
    },

    async listVariantKeys(assetId: number): Promise<VariantKey[]> {
      return MediaVariantModel.query(db).select('kind', 'width', 'format').where({ asset_id: assetId });
    },

    /** Inserts variants; one that already exists (same asset, kind, width, format) is kept. */
    async insertVariants(assetId: number, variants: NewVariant[], trx: Executor = db): Promise<void> {
      if (!variants.length) return;
      await MediaVariantModel.query(trx)
        .insert(variants.map((v) => ({ ...v, assetId, byteSize: v.data.length })))
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

    async deleteAsset(id: number, trx: Executor = db): Promise<void> {
      await MediaAssetModel.query(trx).deleteById(id);
    },
  };
  return repo;
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
