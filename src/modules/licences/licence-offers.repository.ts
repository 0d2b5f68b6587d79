import type { Db } from '../../platform/db';

/**
 * One licence of one photo in one download size as it is priced now: the photo is not "not for
 * licensing", the licence and the size are not archived, and a price applies (the photo's own,
 * else the catalogue's; a photo's row with no price takes the pair off that photo). Whether the
 * photo itself is public is catalog's answer (`findPhotoDetail`), asked by the caller.
 */
export type LicenceOfferRow = {
  photoId: number;
  licenceId: number;
  sizeId: number;
  priceCents: number;
  licenceSlug: string;
  licenceName: string;
  askMe: boolean;
  taxable: boolean;
  sizeLabel: string;
  /** null: the original's full resolution */
  longEdgePx: number | null;
};

export type LicencePair = { photoId: number; licenceId: number; sizeId: number };

export function createLicenceOffersRepository(db: Db) {
  /** Every pair sold now, for the photos asked; ordered by the licences' and sizes' positions. */
  function offers(photoIds: number[]) {
    return (
      db
        .from(db.raw('unnest(?::int[]) as p(id)', [photoIds]))
        .crossJoin(db.raw('licences as l'))
        .crossJoin(db.raw('download_sizes as s'))
        .leftJoin('photo_licensing as pl', 'pl.photo_id', 'p.id')
        .leftJoin('licence_prices as lp', (j) => {
          j.on('lp.licence_id', 'l.id').andOn('lp.download_size_id', 's.id');
        })
        .leftJoin('photo_licence_prices as pp', (j) => {
          j.on('pp.photo_id', 'p.id').andOn('pp.licence_id', 'l.id').andOn('pp.download_size_id', 's.id');
        })
        .where((b) => void b.whereNull('pl.not_for_licensing').orWhere('pl.not_for_licensing', false))
        .whereNull('l.archived_at')
        .whereNull('s.archived_at')
        // the photo's own row decides when there is one (its null price: not offered)
        .whereRaw(
          '(CASE WHEN pp.photo_id IS NOT NULL THEN pp.price_cents ELSE lp.price_cents END) IS NOT NULL',
        )
        .select(
          'p.id as photoId',
          'l.id as licenceId',
          's.id as sizeId',
          db.raw(
            '(CASE WHEN pp.photo_id IS NOT NULL THEN pp.price_cents ELSE lp.price_cents END) as "priceCents"',
          ),
          'l.slug as licenceSlug',
          'l.name as licenceName',
          'l.ask_me as askMe',
          'l.taxable as taxable',
          's.label as sizeLabel',
          's.long_edge_px as longEdgePx',
        )
        .orderBy([
          { column: 'p.id' },
          { column: 'l.position' },
          { column: 'l.id' },
          { column: 's.position' },
          { column: 's.id' },
        ])
    );
  }

  return {
    /** The pairs of these photos sold now (ask-me licences included: the caller decides). */
    async ofPhotos(photoIds: number[]): Promise<LicenceOfferRow[]> {
      if (!photoIds.length) return [];
      return (await offers(photoIds)) as LicenceOfferRow[];
    },

    /** The asked pairs that are sold now (one query); pairs not sold are left out. */
    async find(pairs: LicencePair[]): Promise<LicenceOfferRow[]> {
      if (!pairs.length) return [];
      const rows = (await offers([...new Set(pairs.map((p) => p.photoId))])) as LicenceOfferRow[];
      const asked = new Set(pairs.map((p) => `${p.photoId}:${p.licenceId}:${p.sizeId}`));
      return rows.filter((r) => asked.has(`${r.photoId}:${r.licenceId}:${r.sizeId}`));
    },
  };
}
export type LicenceOffersRepository = ReturnType<typeof createLicenceOffersRepository>;
