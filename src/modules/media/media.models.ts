import type { Modifiers } from 'objection';
import { BaseModel, belongsToOne, hasMany } from '../../platform/model';
import type { AssetKind, VariantFormat, VariantKind } from './media.rules';

/** An uploaded original: a photo, a custom thumbnail, the logo or the headshot. */
export class MediaAssetModel extends BaseModel {
  static tableName = 'media_assets';
  /** `original(dimensions)`: what a photo card needs of its image, without the bytes. */
  static modifiers: Modifiers = {
    dimensions: (q) =>
      q.select('id', 'width', 'height', 'placeholder_color', 'variants_ready_at', 'variants_revision'),
    /** `customThumbnail(revision)`: what a thumbnail's address needs. */
    revision: (q) => q.select('id', 'variants_revision'),
  };
  static relationMappings = () => ({
    variants: hasMany(MediaVariantModel, 'media_assets.id', 'media_variants.asset_id'),
  });

  declare id: number;
  declare kind: AssetKind;
  /** The bytes of a row written before the media store (null once moved: see storageKey). */
  declare data: Buffer | null;
  /** The original's file in the media store. */
  declare storageKey: string | null;
  declare mimeType: string;
  declare width: number;
  declare height: number;
  declare byteSize: number;
  declare sha256: string;
  declare placeholderColor: string;
  /** When the original's file was last made free of GPS and place tags (null: stored before that). */
  declare locationCleanedAt: Date | null;
  /** A replaced original's old key, until that file (with GPS) is deleted. */
  declare replacedStorageKey: string | null;
  /** Set by the media job once the full set of variants exists. */
  declare variantsReadyAt: Date | null;
  /** The revision its addresses name (0: the names before issue 50); raised by each remake. */
  declare variantsRevision: number;
  /** The stamp (rights, watermark) its current variants carry; null: made without one. */
  declare stampKey: string | null;
  /** Set while its variants wait to be made again with a changed stamp (the restamp job). */
  declare restampWantedAt: Date | null;
  declare createdAt: Date;
  declare variants?: MediaVariantModel[];
}

/**
 * Another module's link to an image asset (e.g. a photo's original_id) as an objection relation:
 * its list still loads in one joined query, and only this module names the media tables.
 */
export const imageAssetRelation = (fromColumn: string) =>
  belongsToOne(MediaAssetModel, fromColumn, `${MediaAssetModel.tableName}.id`);

/** A resized, re-encoded copy of an asset (thumbnail or display size, AVIF/WebP/JPEG). */
export class MediaVariantModel extends BaseModel {
  static tableName = 'media_variants';

  declare id: number;
  declare assetId: number;
  declare kind: VariantKind;
  declare width: number;
  declare height: number;
  declare format: VariantFormat;
  declare data: Buffer | null;
  declare storageKey: string | null;
  declare byteSize: number;
  declare etag: string;
  /** Its asset's revision it belongs to (see MediaAssetModel.variantsRevision). */
  declare revision: number;
  /** Set when a newer revision replaced it: row and file go a day later. */
  declare retiredAt: Date | null;
  declare createdAt: Date;
}
