import type { Knex } from 'knex';

// The leaner variant set (issue 27): AVIF at every width and a fallback up to 1600 px (JPEG, or
// PNG for a logo, which may be transparent); no WebP. The rows of variants no longer made go
// (their bytes with them when still in the database; files in the media store with the orphan
// sweep, an hour later). A logo's PNG files are made by the sweep's variants job, or on demand.
export async function up(knex: Knex): Promise<void> {
  const logos = knex('media_assets').where({ kind: 'logo' }).select('id');
  await knex('media_variants')
    .where('format', 'webp')
    .orWhere((q) => q.where({ format: 'jpeg', kind: 'display' }).where('width', '>', 1600))
    .orWhere((q) => q.where({ format: 'jpeg' }).whereIn('asset_id', logos))
    .delete();
  await knex('media_assets').where({ kind: 'logo' }).update({ variants_ready_at: null });
}

export async function down(knex: Knex): Promise<void> {
  // The old set comes back by itself: variants missing from the plan are made when next asked for.
  await knex('media_assets').update({ variants_ready_at: null });
}
