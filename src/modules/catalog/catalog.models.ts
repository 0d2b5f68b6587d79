import { BaseModel, belongsToOne, manyToMany } from '../../platform/model';
import { MediaAssetModel } from '../media';
import type { CameraDetails } from '../../contract';

/** A catalogue entry: a size and format for one aspect ratio, offered by the photos it is assigned to. */
export class ItemOptionModel extends BaseModel {
  static tableName = 'item_options';

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

export class PhotoModel extends BaseModel {
  static tableName = 'photos';
  static jsonAttributes = ['cameraDetails'];
  static relationMappings = () => ({
    original: belongsToOne(MediaAssetModel, 'photos.original_id', 'media_assets.id'),
    printOptions: manyToMany(
      ItemOptionModel,
      'photos.id',
      ['photo_item_options.photo_id', 'photo_item_options.item_option_id'],
      'item_options.id',
    ),
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
  /** From the image's EXIF when it was stored; never GPS. */
  declare cameraDetails: CameraDetails | null;
  /** The owner's choice: the public photo page shows cameraDetails. */
  declare showCameraDetails: boolean;
  /** Bumps when the image changes: part of the image URLs, for cache-busting. */
  declare version: number;
  declare archivedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare original?: MediaAssetModel;
  declare printOptions?: ItemOptionModel[];
}

export class CategoryModel extends BaseModel {
  static tableName = 'categories';

  declare id: number;
  declare name: string;
  declare displayName: string;
  declare displayOrder: number;
  declare createdAt: Date;
}
