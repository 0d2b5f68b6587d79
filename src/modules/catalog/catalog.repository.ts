import type { Knex } from 'knex';
import type { Db } from '../../platform/db';

export type Trx = Knex.Transaction;
type Executor = Db | Trx;

export type PhotoRow = {
  id: number;
  title: string;
  description: string;
  originalId: number;
  customThumbnailId: number | null;
  location: string | null;
  dateTaken: string | null;
  aspectRatio: string | null;
  category: string;
  displayOrder: number;
  featured: boolean;
  verticalPosition: number;
  version: number;
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
  width: number;
  height: number;
  placeholderColor: string;
};
export type PhotoWrite = {
  title: string;
  description: string;
  location: string | null;
  dateTaken: string | null;
  aspectRatio: string | null;
  category: string;
  displayOrder: number;
  featured: boolean;
  verticalPosition: number;
  originalId: number;
  customThumbnailId: number | null;
  version: number;
};
export type ItemOptionRow = {
  id: number;
  aspectRatio: string;
  size: string;
  format: string;
  priceCents: number;
  shippingCents: number;
};
export type CategoryRow = { id: number; name: string; displayName: string; displayOrder: number };

const photoColumns = [
  'p.id',
  'p.title',
  'p.description',
  'p.original_id',
  'p.custom_thumbnail_id',
  'p.location',
  'p.date_taken',
  'p.aspect_ratio',
  'p.category',
  'p.display_order',
  'p.featured',
  'p.vertical_position',
  'p.version',
  'p.archived_at',
  'p.created_at',
  'p.updated_at',
  'a.width',
  'a.height',
  'a.placeholder_color',
];
type RawPhoto = Record<string, unknown>;
const toPhoto = (r: RawPhoto): PhotoRow => ({
  id: r.id as number,
  title: r.title as string,
  description: r.description as string,
  originalId: r.original_id as number,
  customThumbnailId: (r.custom_thumbnail_id as number | null) ?? null,
  location: (r.location as string | null) ?? null,
  dateTaken: (r.date_taken as string | null) ?? null,
  aspectRatio: (r.aspect_ratio as string | null) ?? null,
  category: r.category as string,
  displayOrder: r.display_order as number,
  featured: r.featured as boolean,
  verticalPosition: r.vertical_position as number,
  version: r.version as number,
  archived: r.archived_at !== null,
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
  width: r.width as number,
  height: r.height as number,
  placeholderColor: r.placeholder_color as string,
});
const photoWriteRow = (p: PhotoWrite) => ({
  title: p.title,
  description: p.description,
  location: p.location,
  date_taken: p.dateTaken,
  aspect_ratio: p.aspectRatio,
  category: p.category,
  display_order: p.displayOrder,
  featured: p.featured,
  vertical_position: p.verticalPosition,
  original_id: p.originalId,
  custom_thumbnail_id: p.customThumbnailId,
  version: p.version,
});

const optionColumns = [
  'io.id',
  'io.aspect_ratio',
  'io.size',
  'io.format',
  'io.price_cents',
  'io.shipping_cents',
];
const toOption = (r: RawPhoto): ItemOptionRow => ({
  id: r.id as number,
  aspectRatio: r.aspect_ratio as string,
  size: r.size as string,
  format: r.format as string,
  priceCents: r.price_cents as number,
  shippingCents: r.shipping_cents as number,
});
const toCategory = (r: RawPhoto): CategoryRow => ({
  id: r.id as number,
  name: r.name as string,
  displayName: r.display_name as string,
  displayOrder: r.display_order as number,
});

export function createCatalogRepository(db: Db) {
  const photos = (ex: Executor = db) =>
    ex('photos as p').join('media_assets as a', 'a.id', 'p.original_id').select(photoColumns);

  return {
    transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    // ---- photos
    /** One query for the whole list, ordered by display order then newest first. */
    async listPhotos(filter: { featured?: boolean; category?: string } = {}): Promise<PhotoRow[]> {
      const q = photos().whereNull('p.archived_at');
      if (filter.featured) q.where('p.featured', true);
      if (filter.category) q.where('p.category', filter.category);
      const rows = await q.orderBy([
        { column: 'p.display_order', order: 'asc' },
        { column: 'p.id', order: 'desc' },
      ]);
      return rows.map(toPhoto);
    },

    async findPhoto(id: number, ex: Executor = db): Promise<PhotoRow | undefined> {
      const row = await photos(ex).where('p.id', id).whereNull('p.archived_at').first();
      return row && toPhoto(row);
    },

    /** The image assets of a photo, archived or not (order history still shows its thumbnail). */
    async imageAssets(
      id: number,
    ): Promise<{ originalId: number; customThumbnailId: number | null } | undefined> {
      const row = await db('photos').select('original_id', 'custom_thumbnail_id').where({ id }).first();
      return row && { originalId: row.original_id, customThumbnailId: row.custom_thumbnail_id };
    },

    async insertPhoto(p: PhotoWrite, trx: Trx): Promise<number> {
      const [row] = await trx('photos').insert(photoWriteRow(p)).returning('id');
      return row.id as number;
    },

    async updatePhoto(id: number, p: PhotoWrite, trx: Trx): Promise<void> {
      await trx('photos')
        .where({ id })
        .update({ ...photoWriteRow(p), updated_at: trx.fn.now() });
    },

    /** Deletes the photo (its option links and cart lines go with it); throws 23503 when orders hold it. */
    async deletePhoto(id: number, trx: Trx): Promise<void> {
      await trx('photos').where({ id }).del();
    },

    async archivePhoto(id: number): Promise<void> {
      await db('photos')
        .where({ id })
        .update({ archived_at: db.fn.now(), featured: false, updated_at: db.fn.now() });
    },

    async countPhotos(): Promise<number> {
      const [{ count }] = await db('photos')
        .whereNull('archived_at')
        .count<{ count: number }[]>('* as count');
      return Number(count);
    },

    async sitemapPhotos(): Promise<{ id: number; updatedAt: Date }[]> {
      const rows = await db('photos').select('id', 'updated_at').whereNull('archived_at').orderBy('id');
      return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
    },

    // ---- item options
    async listItemOptions(): Promise<ItemOptionRow[]> {
      const rows = await db('item_options as io')
        .select(optionColumns)
        .whereNull('io.archived_at')
        .orderBy([{ column: 'io.aspect_ratio' }, { column: 'io.price_cents' }, { column: 'io.id' }]);
      return rows.map(toOption);
    },

    async optionsForPhoto(photoId: number): Promise<ItemOptionRow[]> {
      const rows = await db('item_options as io')
        .join('photo_item_options as pio', 'pio.item_option_id', 'io.id')
        .select(optionColumns)
        .where('pio.photo_id', photoId)
        .whereNull('io.archived_at')
        .orderBy([{ column: 'io.price_cents' }, { column: 'io.id' }]);
      return rows.map(toOption);
    },

    async findItemOption(id: number): Promise<ItemOptionRow | undefined> {
      const row = await db('item_options as io')
        .select(optionColumns)
        .where('io.id', id)
        .whereNull('io.archived_at')
        .first();
      return row && toOption(row);
    },

    async findReusableOption(
      o: Omit<ItemOptionRow, 'id' | 'shippingCents'>,
    ): Promise<ItemOptionRow | undefined> {
      const row = await db('item_options as io')
        .select(optionColumns)
        .whereNull('io.archived_at')
        .where({ 'io.aspect_ratio': o.aspectRatio, 'io.price_cents': o.priceCents })
        .whereRaw('lower(io.size) = lower(?) and lower(io.format) = lower(?)', [o.size, o.format])
        .orderBy('io.id')
        .first();
      return row && toOption(row);
    },

    async insertItemOption(o: Omit<ItemOptionRow, 'id'>, ex: Executor = db): Promise<ItemOptionRow> {
      const [row] = await ex('item_options')
        .insert({
          aspect_ratio: o.aspectRatio,
          size: o.size,
          format: o.format,
          price_cents: o.priceCents,
          shipping_cents: o.shippingCents,
        })
        .returning(['id', 'aspect_ratio', 'size', 'format', 'price_cents', 'shipping_cents']);
      return toOption(row);
    },

    async updateItemOption(
      id: number,
      o: Omit<ItemOptionRow, 'id' | 'aspectRatio'>,
    ): Promise<ItemOptionRow | undefined> {
      const [row] = await db('item_options')
        .where({ id })
        .whereNull('archived_at')
        .update({
          size: o.size,
          format: o.format,
          price_cents: o.priceCents,
          shipping_cents: o.shippingCents,
          updated_at: db.fn.now(),
        })
        .returning(['id', 'aspect_ratio', 'size', 'format', 'price_cents', 'shipping_cents']);
      return row && toOption(row);
    },

    /** Throws 23503 when an order line references the option. */
    async deleteItemOption(id: number): Promise<void> {
      await db('item_options').where({ id }).del();
    },

    /** Kept for order history, gone from the shop: archived and unassigned from every photo. */
    async archiveItemOption(id: number): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('item_options')
          .where({ id })
          .update({ archived_at: trx.fn.now(), updated_at: trx.fn.now() });
        await trx('photo_item_options').where({ item_option_id: id }).del();
      });
    },

    async assign(photoId: number, optionId: number, ex: Executor = db): Promise<void> {
      await ex('photo_item_options')
        .insert({ photo_id: photoId, item_option_id: optionId })
        .onConflict(['photo_id', 'item_option_id'])
        .ignore();
    },

    async unassign(photoId: number, optionId: number): Promise<void> {
      await db('photo_item_options').where({ photo_id: photoId, item_option_id: optionId }).del();
    },

    /** Assigned, live options of live photos, for many (photo, option) pairs in one query. */
    async findPrintOptions(
      pairs: { photoId: number; optionId: number }[],
    ): Promise<(ItemOptionRow & { photoId: number; title: string; version: number })[]> {
      if (!pairs.length) return [];
      const rows = await db('photo_item_options as pio')
        .join('photos as p', 'p.id', 'pio.photo_id')
        .join('item_options as io', 'io.id', 'pio.item_option_id')
        .select([...optionColumns, 'p.id as photo_id', 'p.title', 'p.version'])
        .whereNull('p.archived_at')
        .whereNull('io.archived_at')
        .whereIn(
          ['pio.photo_id', 'pio.item_option_id'],
          pairs.map((p) => [p.photoId, p.optionId]),
        );
      return rows.map((r) => ({ ...toOption(r), photoId: r.photo_id, title: r.title, version: r.version }));
    },

    // ---- categories
    async listCategories(): Promise<CategoryRow[]> {
      const rows = await db('categories').orderBy([{ column: 'display_order' }, { column: 'id' }]);
      return rows.map(toCategory);
    },

    async findCategory(id: number, ex: Executor = db): Promise<CategoryRow | undefined> {
      const row = await ex('categories').where({ id }).first();
      return row && toCategory(row);
    },

    async findCategoryByName(name: string, ex: Executor = db): Promise<CategoryRow | undefined> {
      const row = await ex('categories').where({ name }).first();
      return row && toCategory(row);
    },

    async countCategories(): Promise<number> {
      const [{ count }] = await db('categories').count<{ count: number }[]>('* as count');
      return Number(count);
    },

    async nextCategoryOrder(): Promise<number> {
      const row = await db('categories').max<{ max: number | null }>('display_order as max').first();
      return row?.max === null || row?.max === undefined ? 0 : row.max + 1;
    },

    async insertCategory(c: Omit<CategoryRow, 'id'>): Promise<CategoryRow> {
      const [row] = await db('categories')
        .insert({ name: c.name, display_name: c.displayName, display_order: c.displayOrder })
        .returning('*');
      return toCategory(row);
    },

    /** Updates the category; a new name is carried over to its photos in the same transaction. */
    async updateCategory(id: number, c: Omit<CategoryRow, 'id'>, oldName: string): Promise<CategoryRow> {
      return db.transaction(async (trx) => {
        const [row] = await trx('categories')
          .where({ id })
          .update({ name: c.name, display_name: c.displayName, display_order: c.displayOrder })
          .returning('*');
        if (c.name !== oldName)
          await trx('photos')
            .where({ category: oldName })
            .update({ category: c.name, updated_at: trx.fn.now() });
        return toCategory(row);
      });
    },

    async deleteCategory(id: number): Promise<void> {
      await db('categories').where({ id }).del();
    },

    async reorderCategories(ids: number[]): Promise<void> {
      await db.transaction(async (trx) => {
        for (const [index, id] of ids.entries())
          await trx('categories').where({ id }).update({ display_order: index });
      });
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
