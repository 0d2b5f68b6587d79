import type { Knex } from 'knex';
import type { Db } from '../../platform/db';
import type { AssetKind, VariantFormat, VariantKind } from './media.rules';

export type AssetMeta = {
  id: number;
  kind: AssetKind;
  mimeType: string;
  width: number;
  height: number;
  placeholderColor: string;
  variantsReady: boolean;
};
export type NewAsset = {
  kind: AssetKind;
  data: Buffer;
  mimeType: string;
  width: number;
  height: number;
  sha256: string;
  placeholderColor: string;
};
export type VariantKey = { kind: VariantKind; width: number; format: VariantFormat };
export type NewVariant = VariantKey & { height: number; data: Buffer; etag: string };
export type VariantRef = VariantKey & { id: number; etag: string; byteSize: number };

type Executor = Db | Knex.Transaction;

const metaColumns = ['id', 'kind', 'mime_type', 'width', 'height', 'placeholder_color', 'variants_ready_at'];
type MetaRow = {
  id: number;
  kind: AssetKind;
  mime_type: string;
  width: number;
  height: number;
  placeholder_color: string;
  variants_ready_at: Date | null;
};
const toMeta = (r: MetaRow): AssetMeta => ({
  id: r.id,
  kind: r.kind,
  mimeType: r.mime_type,
  width: r.width,
  height: r.height,
  placeholderColor: r.placeholder_color,
  variantsReady: r.variants_ready_at !== null,
});

export function createMediaRepository(db: Db) {
  const repo = {
    async insertAsset(a: NewAsset, trx: Executor = db): Promise<number> {
      const [row] = await trx('media_assets')
        .insert({
          kind: a.kind,
          data: a.data,
          mime_type: a.mimeType,
          width: a.width,
          height: a.height,
          byte_size: a.data.length,
          sha256: a.sha256,
          placeholder_color: a.placeholderColor,
        })
        .returning('id');
      return row.id as number;
    },

    async findMeta(id: number): Promise<AssetMeta | undefined> {
      const row = await db('media_assets').select(metaColumns).where({ id }).first();
      return row && toMeta(row);
    },

    async findOriginal(id: number): Promise<(AssetMeta & { data: Buffer }) | undefined> {
      const row = await db('media_assets')
        .select([...metaColumns, 'data'])
        .where({ id })
        .first();
      return row && { ...toMeta(row), data: row.data };
    },

    /** One query: the asset and its stored variants of one kind and format (no image bytes). */
    async lookup(
      assetId: number,
      kind: VariantKind,
      format: VariantFormat,
    ): Promise<{ asset: AssetMeta; variants: VariantRef[] } | undefined> {
      const rows = await db('media_assets as a')
        .leftJoin('media_variants as v', (j) =>
          j
            .on('v.asset_id', 'a.id')
            .andOn('v.kind', db.raw('?', [kind]))
            .andOn('v.format', db.raw('?', [format])),
        )
        .select(
          metaColumns.map((c) => `a.${c}`),
          'v.id as v_id',
          'v.width as v_width',
          'v.etag as v_etag',
          'v.byte_size as v_byte_size',
        )
        .where('a.id', assetId);
      if (!rows.length) return undefined;
      return {
        asset: toMeta(rows[0]),
        variants: rows
          .filter((r) => r.v_id !== null)
          .map((r) => ({
            id: r.v_id,
            kind,
            width: r.v_width,
            format,
            etag: r.v_etag,
            byteSize: r.v_byte_size,
          })),
      };
    },

    async variantData(variantId: number): Promise<Buffer | undefined> {
      const row = await db('media_variants').select('data').where({ id: variantId }).first();
      return row?.data;
    },

    async listVariantKeys(assetId: number): Promise<VariantKey[]> {
      return db('media_variants').select('kind', 'width', 'format').where({ asset_id: assetId });
    },

    /** Inserts variants; one that already exists (same asset, kind, width, format) is kept. */
    async insertVariants(assetId: number, variants: NewVariant[], trx: Executor = db): Promise<void> {
      if (!variants.length) return;
      await trx('media_variants')
        .insert(
          variants.map((v) => ({
            asset_id: assetId,
            kind: v.kind,
            width: v.width,
            height: v.height,
            format: v.format,
            data: v.data,
            byte_size: v.data.length,
            etag: v.etag,
          })),
        )
        .onConflict(['asset_id', 'kind', 'width', 'format'])
        .ignore();
    },

    /** Stores the job's variants and marks the asset done, in one transaction. */
    async completeVariants(assetId: number, variants: NewVariant[]): Promise<void> {
      await db.transaction(async (trx) => {
        await repo.insertVariants(assetId, variants, trx);
        await trx('media_assets').where({ id: assetId }).update({ variants_ready_at: trx.fn.now() });
      });
    },

    async idsWithoutVariants(limit: number): Promise<number[]> {
      const rows = await db('media_assets')
        .select('id')
        .whereNull('variants_ready_at')
        .orderBy('id')
        .limit(limit);
      return rows.map((r) => r.id as number);
    },

    async deleteAsset(id: number, trx: Executor = db): Promise<void> {
      await trx('media_assets').where({ id }).del();
    },
  };
  return repo;
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
