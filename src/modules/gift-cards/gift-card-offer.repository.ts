import type { Knex } from 'knex';

/** What she offers (gift_card_settings' one row, gift_card_photos in her order): the public page's reads. */
export function createOfferRepository(db: Knex) {
  return {
    async settings(): Promise<{ enabled: boolean; amountsCents: number[] }> {
      const row = (await db('gift_card_settings').where({ id: 1 }).first('enabled', 'amounts_cents')) as
        { enabled: boolean; amounts_cents: number[] } | undefined;
      // the migration seeds the row; its defaults if it was ever removed
      return { enabled: row?.enabled ?? true, amountsCents: row?.amounts_cents ?? [2500, 5000, 10000] };
    },
    /** The photos she picked for cards, in her order (none picked: []). */
    async photoIds(): Promise<number[]> {
      const rows = (await db('gift_card_photos').orderBy(['position', 'photo_id']).select('photo_id')) as {
        photo_id: number;
      }[];
      return rows.map((r) => r.photo_id);
    },
  };
}
export type OfferRepository = ReturnType<typeof createOfferRepository>;
