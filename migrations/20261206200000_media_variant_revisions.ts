import type { Knex } from 'knex';

// Her rights in every file (issue 50): an asset's variants are made again when what they carry
// changes, at a new revision whose files have new names (`1080.r2.avif`); revision 0 keeps the
// names of before. `stamp_key` is the stamp its current variants carry, `restamp_wanted_at` marks
// an asset waiting for the remake, `retired_at` an older revision's rows (deleted a day later).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_assets', (t) => {
    t.integer('variants_revision').notNullable().defaultTo(0);
    t.text('stamp_key').nullable();
    t.timestamp('restamp_wanted_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('media_variants', (t) => {
    t.integer('revision').notNullable().defaultTo(0);
    t.timestamp('retired_at', { useTz: true }).nullable();
    t.dropUnique(['asset_id', 'kind', 'width', 'format']);
    t.unique(['asset_id', 'kind', 'width', 'format', 'revision']);
  });
  await knex.raw(
    'create index media_assets_restamp_idx on media_assets (restamp_wanted_at, id) where restamp_wanted_at is not null',
  );
  await knex.raw(
    'create index media_variants_retired_idx on media_variants (retired_at) where retired_at is not null',
  );
  // A shop's existing images were made with no rights in them: the sweeper's restamp job makes
  // them again in the background, a batch at a time, once the new code runs.
  await knex('media_assets').update({ restamp_wanted_at: knex.fn.now() });
}

export async function down(knex: Knex): Promise<void> {
  // only the current revision's rows can keep the old key
  await knex('media_variants').whereNotNull('retired_at').delete();
  await knex.raw(`delete from media_variants v using media_assets a
    where v.asset_id = a.id and v.revision <> a.variants_revision`);
  await knex.raw('drop index media_variants_retired_idx');
  await knex.raw('drop index media_assets_restamp_idx');
  await knex.schema.alterTable('media_variants', (t) => {
    t.dropUnique(['asset_id', 'kind', 'width', 'format', 'revision']);
    t.unique(['asset_id', 'kind', 'width', 'format']);
    t.dropColumn('revision');
    t.dropColumn('retired_at');
  });
  await knex.schema.alterTable('media_assets', (t) => {
    t.dropColumn('variants_revision');
    t.dropColumn('stamp_key');
    t.dropColumn('restamp_wanted_at');
  });
}
