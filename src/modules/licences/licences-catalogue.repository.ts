import type { Knex } from 'knex';
import type { Db } from '../../platform/db';

// What she sells of licences: her licences, the download sizes, the default price grid and a
// photo's own licensing (tables licences, download_sizes, licence_prices, photo_licensing,
// photo_licence_prices). Money in cents here; the service speaks dollars.

export type LicenceRow = {
  id: number;
  slug: string;
  name: string;
  summary: string;
  termsHtml: string;
  askMe: boolean;
  taxable: boolean;
  position: number;
  archivedAt: Date | null;
};
export type SizeRow = {
  id: number;
  label: string;
  longEdgePx: number | null;
  position: number;
  archivedAt: Date | null;
};
/** A price in cents; null (a photo's own row): not offered for that photo. */
export type PriceRow = { licenceId: number; sizeId: number; priceCents: number | null };

export type LicenceFields = Omit<LicenceRow, 'id' | 'archivedAt'>;
export type SizeFields = Omit<SizeRow, 'id' | 'archivedAt'>;

const licenceColumns = [
  'id',
  'slug',
  'name',
  'summary',
  'terms_html as termsHtml',
  'ask_me as askMe',
  'taxable',
  'position',
  'archived_at as archivedAt',
];
const sizeColumns = ['id', 'label', 'long_edge_px as longEdgePx', 'position', 'archived_at as archivedAt'];

const licenceRow = (f: Partial<LicenceFields>) => ({
  slug: f.slug,
  name: f.name,
  summary: f.summary,
  terms_html: f.termsHtml,
  ask_me: f.askMe,
  taxable: f.taxable,
  position: f.position,
});

export function createLicencesCatalogueRepository(db: Db) {
  return {
    transaction: <T>(fn: (trx: Knex.Transaction) => Promise<T>) => db.transaction(fn),

    async licences(ex: Knex = db): Promise<LicenceRow[]> {
      return ex('licences').select(licenceColumns).orderBy(['position', 'id']);
    },
    async liveLicences(): Promise<LicenceRow[]> {
      return db('licences').select(licenceColumns).whereNull('archived_at').orderBy(['position', 'id']);
    },
    async licenceBySlug(slug: string): Promise<LicenceRow | undefined> {
      return db('licences').select(licenceColumns).where({ slug }).whereNull('archived_at').first();
    },
    async slugs(trx: Knex.Transaction): Promise<Set<string>> {
      // every slug stays taken, archived too: a certificate printed its address
      return new Set((await trx('licences').pluck('slug')) as string[]);
    },
    async maxLicencePosition(trx: Knex.Transaction): Promise<number> {
      const row = await trx('licences').max('position as max').first();
      return Number(row?.max ?? 0);
    },
    async insertLicence(trx: Knex.Transaction, fields: LicenceFields): Promise<LicenceRow> {
      const [row] = await trx('licences').insert(licenceRow(fields)).returning(licenceColumns);
      return row as LicenceRow;
    },
    async updateLicence(
      id: number,
      fields: Partial<LicenceFields> & { archived?: true },
    ): Promise<LicenceRow | undefined> {
      const [row] = await db('licences')
        .where({ id })
        .update({
          ...licenceRow(fields),
          ...(fields.archived ? { archived_at: db.fn.now() } : {}),
          updated_at: db.fn.now(),
        })
        .returning(licenceColumns);
      return row as LicenceRow | undefined;
    },

    async sizes(): Promise<SizeRow[]> {
      return db('download_sizes').select(sizeColumns).orderBy(['position', 'id']);
    },
    async liveSizes(): Promise<SizeRow[]> {
      return db('download_sizes').select(sizeColumns).whereNull('archived_at').orderBy(['position', 'id']);
    },
    async insertSize(fields: SizeFields): Promise<SizeRow> {
      const [row] = await db('download_sizes')
        .insert({ label: fields.label, long_edge_px: fields.longEdgePx, position: fields.position })
        .returning(sizeColumns);
      return row as SizeRow;
    },
    async maxSizePosition(): Promise<number> {
      const row = await db('download_sizes').max('position as max').first();
      return Number(row?.max ?? 0);
    },
    async updateSize(
      id: number,
      fields: Partial<SizeFields> & { archived?: true },
    ): Promise<SizeRow | undefined> {
      const [row] = await db('download_sizes')
        .where({ id })
        .update({
          label: fields.label,
          long_edge_px: fields.longEdgePx,
          position: fields.position,
          ...(fields.archived ? { archived_at: db.fn.now() } : {}),
          updated_at: db.fn.now(),
        })
        .returning(sizeColumns);
      return row as SizeRow | undefined;
    },

    /** The default grid. */
    async prices(): Promise<PriceRow[]> {
      return db('licence_prices')
        .select('licence_id as licenceId', 'download_size_id as sizeId', 'price_cents as priceCents')
        .orderBy(['licence_id', 'download_size_id']);
    },
    /** Replaces the whole default grid in one transaction. */
    async replacePrices(prices: { licenceId: number; sizeId: number; priceCents: number }[]) {
      await db.transaction(async (trx) => {
        await trx('licence_prices').delete();
        if (prices.length)
          await trx('licence_prices').insert(
            prices.map((p) => ({
              licence_id: p.licenceId,
              download_size_id: p.sizeId,
              price_cents: p.priceCents,
            })),
          );
      });
    },

    /** A photo's own licensing (no row: licensed with the defaults). */
    async photoLicensing(photoId: number): Promise<{ notForLicensing: boolean; prices: PriceRow[] }> {
      const [row, prices] = await Promise.all([
        db('photo_licensing').where({ photo_id: photoId }).first('not_for_licensing'),
        db('photo_licence_prices')
          .where({ photo_id: photoId })
          .select('licence_id as licenceId', 'download_size_id as sizeId', 'price_cents as priceCents')
          .orderBy(['licence_id', 'download_size_id']),
      ]);
      return { notForLicensing: Boolean(row?.not_for_licensing), prices: prices as PriceRow[] };
    },
    /** Replaces a photo's own licensing in one transaction. */
    async replacePhotoLicensing(photoId: number, notForLicensing: boolean, prices: PriceRow[]) {
      await db.transaction(async (trx) => {
        await trx('photo_licensing')
          .insert({ photo_id: photoId, not_for_licensing: notForLicensing })
          .onConflict('photo_id')
          .merge({ not_for_licensing: notForLicensing, updated_at: trx.fn.now() });
        await trx('photo_licence_prices').where({ photo_id: photoId }).delete();
        if (prices.length)
          await trx('photo_licence_prices').insert(
            prices.map((p) => ({
              photo_id: photoId,
              licence_id: p.licenceId,
              download_size_id: p.sizeId,
              price_cents: p.priceCents,
            })),
          );
      });
    },
  };
}
export type LicencesCatalogueRepository = ReturnType<typeof createLicencesCatalogueRepository>;
