import type { Knex } from 'knex';

// The leaner variant set (issue 27): AVIF at every width and JPEG up to 1600 px; no WebP. The rows
// of variants no longer made go (their bytes with them when still in the database; files in the
// media store with the orphan sweep, an hour later). Nothing is re-made: the new set is a subset.
export async function up(knex: Knex): Promise<void> {
  await knex('media_variants')
    .where('format', 'webp')
    .orWhere((q) => q.where({ format: 'jpeg', kind: 'display' }).where('width', '>', 1600))
    .delete();
}

export async function down(knex: Knex): Promise<void> {
  // The old set comes back by itself: variants missing from the plan are made when next asked for.
  await knex('media_assets').update({ variants_ready_at: null });
}
