import { BaseModel, manyToMany } from '../../platform/model';
import { imageAssetRelation, type MediaAssetModel } from '../media';
import type { CameraDetails } from '../../contract';
import type { ProtectionSetting } from '../../shared/location-protection';

/** A catalogue entry: a size and format for one aspect ratio, offered by the photos it is assigned to. */
export class PrintOptionModel extends BaseModel {
  static tableName = 'print_options';

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
    original: imageAssetRelation('photos.original_id'),
    /** Its own thumbnail's asset, when the owner chose one (its addresses name its revision). */
    customThumbnail: imageAssetRelation('photos.custom_thumbnail_id'),
    printOptions: manyToMany(
      PrintOptionModel,
      'photos.id',
      ['photo_print_options.photo_id', 'photo_print_options.print_option_id'],
      'print_options.id',
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
  /** The focal point's other half (0 left, 100 right): where print crops centre. */
  declare horizontalPosition: number;
  /** From the image's EXIF when it was stored; never GPS. */
  declare cameraDetails: CameraDetails | null;
  /** The owner's choice: the public photo page shows cameraDetails. */
  declare showCameraDetails: boolean;
  declare speciesCommon: string | null;
  declare speciesScientific: string | null;
  /** The owner's setting; what the public sees is publicPlaceAndDate (catalog.mapping.ts). */
  declare locationProtection: ProtectionSetting;
  /** The region shown instead of a protected location; null: the state the location names. */
  declare publicRegion: string | null;
  /** Her notice for this photo's files (issue 50); null: the site's, else the default. */
  declare copyrightNotice?: string | null;
  /** No watermark on this photo's files. */
  declare watermarkOff?: boolean;
  /** Null: public now; in the future: on no public surface until then. */
  declare publishAt: Date | null;
  /** Made from a field upload and not yet published by the owner: on no public surface. */
  declare draft: boolean;
  /** The phone's id of the queued file a draft came from (unique: a retried create finds it). */
  declare queueId: string | null;
  /** Bumps when the image changes: part of the image URLs, for cache-busting. */
  declare version: number;
  declare archivedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare original?: MediaAssetModel;
  declare customThumbnail?: MediaAssetModel | null;
  declare printOptions?: PrintOptionModel[];
}

export class CategoryModel extends BaseModel {
  static tableName = 'categories';

  declare id: number;
  declare name: string;
  declare displayName: string;
  declare displayOrder: number;
  declare createdAt: Date;
}

/** The owner's list: a photo of one of these species is protected unless she chose otherwise. */
export class SensitiveSpeciesModel extends BaseModel {
  static tableName = 'sensitive_species';

  declare id: number;
  declare name: string;
}
