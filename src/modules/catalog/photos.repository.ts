import type { Knex } from 'knex';
import { raw, type ModelObject, type QueryBuilder } from 'objection';
import type { Db } from '../../platform/db';
import type { MediaAssetModel } from '../media';
import { PhotoModel } from './catalog.models';

export type Trx = Knex.Transaction;
export type Executor = Db | Trx;
export type Transaction = <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>;

/** A photo with the dimensions and placeholder colour of its image. */
export type PhotoRow = PhotoModel & {
  original: Pick<
    MediaAssetModel,
    'id' | 'width' | 'height' | 'placeholderColor' | 'variantsReadyAt' | 'variantsRevision'
  >;
  customThumbnail?: Pick<MediaAssetModel, 'id' | 'variantsRevision'> | null;
};
export type PlaceFacts = Pick<
  PhotoModel,
  | 'id'
  | 'location'
  | 'dateTaken'
  | 'locationProtection'
  | 'publicRegion'
  | 'speciesCommon'
  | 'speciesScientific'
  | 'publishAt'
>;
/** Every column a save writes: all but the id, the archive mark and the timestamps. */
export type PhotoWrite = Omit<
  ModelObject<PhotoModel>,
  | 'id'
  | 'archivedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'original'
  | 'customThumbnail'
  | 'printOptions'
  | 'draft'
  | 'queueId'
>;
/** A new photo: a draft carries the queue id of the file it came from. */
export type PhotoInsert = PhotoWrite & { draft?: boolean; queueId?: string | null };

/** A photo's facts its files carry (title, own notice, watermark switch). */
export type PhotoRightsFacts = {
  title: string;
  dateTaken: string | null;
  copyrightNotice: string | null;
  watermarkOff: boolean;
};

/** Which photos a read may show: all live ones (the owner), or those public by now (everyone else). */
export type Reader = 'public' | 'admin';

/**
 * Public reads see only photos whose publish time (if any) has come. The database's clock decides,
 * in every API process alike, so a scheduled photo appears by itself (the response caches never
 * outlive the next publish time: `nextPublishAt`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any result shape of a photos query
export function publishedNow<Q extends QueryBuilder<PhotoModel, any>>(q: Q): Q {
  return q.where('photos.draft', false).where((b) => {
    void b.whereNull('photos.publish_at').orWhere('photos.publish_at', '<=', raw('now()'));
  }) as Q;
}

/** original_id is NOT NULL with a foreign key, so the joined image is always there. */
function withImage(photo: PhotoModel): PhotoRow {
  const { original } = photo;
  if (!original) throw new Error(`photo ${photo.id} has no image`);
  return Object.assign(photo, { original });
}

export function createPhotosRepository(db: Db) {
  const livePhotos = (ex: Executor = db) =>
    PhotoModel.query(ex)
      .withGraphJoined('[original(dimensions), customThumbnail(revision)]')
      .whereNull('photos.archived_at');

  return {
    transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** One query for the whole list, ordered by display order then newest first. */
    async listPhotos(
      filter: { featured?: boolean; category?: string } = {},
      reader: Reader = 'public',
    ): Promise<PhotoRow[]> {
      const q = livePhotos();
      // drafts have their own list (listDrafts), the owner's Photos list too
      if (reader === 'public') publishedNow(q);
      else q.where('photos.draft', false);
      if (filter.featured) q.where('photos.featured', true);
      if (filter.category) q.where('photos.category', filter.category);
      const rows = await q.orderBy([
        { column: 'photos.display_order', order: 'asc' },
        { column: 'photos.id', order: 'desc' },
      ]);
      return rows.map(withImage);
    },

    /** A live photo, published or not (the owner's reads and writes). */
    async findPhoto(id: number, ex: Executor = db): Promise<PhotoRow | undefined> {
      const [row] = await livePhotos(ex).where('photos.id', id);
      return row && withImage(row);
    },

    /** A live photo whose publish time has come: what a visitor may reach. */
    async findPublishedPhoto(id: number): Promise<PhotoRow | undefined> {
      const [row] = await publishedNow(livePhotos().where('photos.id', id));
      return row && withImage(row);
    },

    /** The soonest publish time still to come, or null: no response cache may keep an answer past it. */
    async nextPublishAt(): Promise<Date | null> {
      const row = (await db('photos')
        .min({ at: 'publish_at' })
        .whereNull('archived_at')
        .where('draft', false)
        .where('publish_at', '>', db.raw('now()'))
        .first()) as { at: Date | null } | undefined;
      return row?.at ?? null;
    },

    /** What decides a published photo's public place and date, for every live published photo. */
    async publicPlaceFacts(): Promise<PlaceFacts[]> {
      return publishedNow(
        PhotoModel.query(db)
          .select(
            'id',
            'location',
            'date_taken',
            'location_protection',
            'public_region',
            'species_common',
            'species_scientific',
            'publish_at',
          )
          .whereNull('photos.archived_at')
          .orderBy('id'),
      );
    },

    /**
     * The image assets of a photo, archived or not (order history still shows its thumbnail);
     * 'public': only once it is published (a draft's or scheduled photo's image is not public).
     */
    async imageAssets(
      id: number,
      reader: Reader = 'admin',
    ): Promise<Pick<PhotoModel, 'originalId' | 'customThumbnailId'> | undefined> {
      const q = PhotoModel.query(db).findById(id).select('original_id', 'custom_thumbnail_id');
      return reader === 'public' ? publishedNow(q) : q;
    },

    /**
     * Whether a photo not public yet (a draft, or scheduled for later) has this asset as its image
     * or thumbnail: its files are then the owner's alone. Archived photos count as they were.
     */
    async namesUnpublishedAsset(assetId: number): Promise<boolean> {
      const row = await db('photos')
        .first(db.raw('1'))
        .where((b) => void b.where('original_id', assetId).orWhere('custom_thumbnail_id', assetId))
        .where((b) => void b.where('draft', true).orWhere('publish_at', '>', db.raw('now()')));
      return !!row;
    },

    /** What a photo's files carry about it (issue 50), for the photo naming this asset as image or thumbnail. */
    async rightsOfAsset(assetId: number): Promise<PhotoRightsFacts | null> {
      const row = (await db('photos')
        .first('title', 'date_taken', 'copyright_notice', 'watermark_off')
        .where((b) => void b.where('original_id', assetId).orWhere('custom_thumbnail_id', assetId))
        .orderBy('id', 'desc')) as
        | {
            title: string;
            date_taken: string | null;
            copyright_notice: string | null;
            watermark_off: boolean;
          }
        | undefined;
      return row
        ? {
            title: row.title,
            dateTaken: row.date_taken,
            copyrightNotice: row.copyright_notice,
            watermarkOff: row.watermark_off,
          }
        : null;
    },

    /** A photo's focal point, archived or not. */
    async focalPoint(
      id: number,
    ): Promise<Pick<PhotoModel, 'horizontalPosition' | 'verticalPosition'> | undefined> {
      return PhotoModel.query(db).findById(id).select('horizontal_position', 'vertical_position');
    },

    /** The drafts, newest first. */
    async listDrafts(): Promise<PhotoRow[]> {
      const rows = await livePhotos()
        .where('photos.draft', true)
        .orderBy([
          { column: 'photos.created_at', order: 'desc' },
          { column: 'photos.id', order: 'desc' },
        ]);
      return rows.map(withImage);
    },

    /** The photo made from a queued file (drafts and published alike; archived ones too). */
    async findByQueueId(queueId: string): Promise<number | undefined> {
      const row = await PhotoModel.query(db).select('id').findOne({ queue_id: queueId });
      return row?.id;
    },

    /** These drafts are published, in one statement; the ids that were drafts. */
    async publishDrafts(ids: number[]): Promise<number[]> {
      const rows = (await db('photos')
        .whereIn('id', ids)
        .where({ draft: true })
        .whereNull('archived_at')
        .update({ draft: false, updated_at: db.fn.now() })
        .returning('id')) as { id: number }[];
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    async insertPhoto(p: PhotoInsert, trx: Trx): Promise<number> {
      return (await PhotoModel.query(trx).insert(p)).id;
    },

    async updatePhoto(id: number, p: PhotoWrite, trx: Trx): Promise<void> {
      await PhotoModel.query(trx)
        .findById(id)
        .patch({ ...p, updatedAt: trx.fn.now() });
    },

    /**
     * Locks the photo's row until the transaction ends: no order line or cart line can name it
     * meanwhile (their foreign keys wait for it), so what the delete guards answer stays true.
     */
    async lockPhoto(id: number, trx: Trx): Promise<void> {
      await PhotoModel.query(trx).findById(id).forUpdate();
    },

    /**
     * Deletes the photo (its option links and cart lines go with it); the foreign key of order
     * lines refuses it should the delete guards have missed one.
     */
    async deletePhoto(id: number, trx: Trx): Promise<void> {
      await PhotoModel.query(trx).deleteById(id);
    },

    async archivePhoto(id: number, trx: Trx): Promise<void> {
      await PhotoModel.query(trx)
        .findById(id)
        .patch({ archivedAt: trx.fn.now(), featured: false, updatedAt: trx.fn.now() });
    },

    async countPhotos(): Promise<number> {
      return PhotoModel.query(db).whereNull('archived_at').resultSize();
    },

    async sitemapPhotos(): Promise<Pick<PhotoModel, 'id' | 'updatedAt'>[]> {
      // a scheduled photo's page is new when it is published, not when it was last saved
      return publishedNow(
        PhotoModel.query(db)
          .select('id', raw('greatest(updated_at, coalesce(publish_at, updated_at)) as updated_at'))
          .whereNull('photos.archived_at')
          .orderBy('id'),
      );
    },
  };
}
export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
