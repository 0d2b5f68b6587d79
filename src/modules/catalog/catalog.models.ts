import { Model, snakeCaseMappers } from 'objection';
import { MediaAssetModel } from '../media';

// Queried with an explicit knex or transaction (`PhotoModel.query(db)`), never the global binding,
// so each app (and each test database) uses its own pool.

/** A catalogue entry: a size and format for one aspect ratio, offered by the photos it is assigned to. */
export class ItemOptionModel extends Model {
  static tableName = 'item_options';
  static columnNameMappers = snakeCaseMappers();

  declare id: number;
  declare aspectRatio: string;
  declare size: string;
  declare format: string;
  declare priceCents: number;
  declare shippingCents: number;
  /** Set instead of deleting when orders reference the option. */
  declare archivedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class PhotoModel extends Model {
  static tableName = 'photos';
  static columnNameMappers = snakeCaseMappers();
  static relationMappings = () => ({
    original: {
      relation: Model.BelongsToOneRelation,
      modelClass: MediaAssetModel,
      join: { from: 'photos.original_id', to: 'media_assets.id' },
    },
    printOptions: {
      relation: Model.ManyToManyRelation,
      modelClass: ItemOptionModel,
      join: {
        from: 'photos.id',
        through: { from: 'photo_item_options.photo_id', to: 'photo_item_options.item_option_id' },
        to: 'item_options.id',
      },
    },
  });

  declare id: number;
  declare title: string;
  /** Sanitized rich text (HTML). */
  declare description: string;
  declare originalId: number;
  declare customThumbnailId: number | null;
  declare location: string | null;
  declare dateTaken: string | null;
  declare aspectRatio: string | null;
  /** A category name, not a foreign key: deleting a category keeps its photos. */
  declare category: string;
  declare displayOrder: number;
  declare featured: boolean;
  declare verticalPosition: number;
  /** Bumps when the image changes: part of the image URLs, for cache-busting. */
  declare version: number;
  declare archivedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare original?: MediaAssetModel;
  declare printOptions?: ItemOptionModel[];
}

export class CategoryModel extends Model {
  static tableName = 'categories';
  static columnNameMappers = snakeCaseMappers();

  declare id: number;
  declare name: string;
  declare displayName: string;
  declare displayOrder: number;
  declare createdAt: Date;
}
