import { Model, snakeCaseMappers, type Modifiers } from 'objection';
import type { AssetKind, VariantFormat, VariantKind } from './media.rules';

// Queried with an explicit knex or transaction (`MediaAssetModel.query(db)`), never the global binding,
// so each app (and each test database) uses its own pool.

/** An uploaded original: a photo, a custom thumbnail, the logo or the headshot. */
export class MediaAssetModel extends Model {
  static tableName = 'media_assets';
  static columnNameMappers = snakeCaseMappers();
  /** `original(dimensions)`: what a photo card needs of its image, without the bytes. */
  static modifiers: Modifiers = {
    dimensions: (q) => q.select('id', 'width', 'height', 'placeholder_color'),
  };
  static relationMappings = () => ({
    variants: {
      relation: Model.HasManyRelation,
      modelClass: MediaVariantModel,
      join: { from: 'media_assets.id', to: 'media_variants.asset_id' },
    },
  });

  declare id: number;
  declare kind: AssetKind;
  declare data: Buffer;
  declare mimeType: string;
  declare width: number;
  declare height: number;
  declare byteSize: number;
  declare sha256: string;
  declare placeholderColor: string;
  /** Set by the media job once the full set of variants exists. */
  declare variantsReadyAt: Date | null;
  declare createdAt: Date;
  declare variants?: MediaVariantModel[];
}

/** A resized, re-encoded copy of an asset (thumbnail or display size, AVIF/WebP/JPEG). */
export class MediaVariantModel extends Model {
  static tableName = 'media_variants';
  static columnNameMappers = snakeCaseMappers();

  declare id: number;
  declare assetId: number;
  declare kind: VariantKind;
  declare width: number;
  declare height: number;
  declare format: VariantFormat;
  declare data: Buffer;
  declare byteSize: number;
  declare etag: string;
  declare createdAt: Date;
}
