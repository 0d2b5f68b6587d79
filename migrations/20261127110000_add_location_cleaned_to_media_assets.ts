import type { Knex } from 'knex';

// Originals are stored without GPS or place tags (issue 35). `location_cleaned_at` says an
// original's file has been through the cleaning (new uploads are cleaned before they are stored,
// so they get it at insert); the rows already here stay null until the `clean-originals` sweep or
// `npm run media:migrate -- clean-locations` cleans them. `replaced_storage_key` holds a replaced
// file's old key (the copy with GPS) from the moment the row names the clean file until the old
// file is deleted, so a run stopped between the two deletes it when it resumes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_assets', (t) => {
    t.timestamp('location_cleaned_at', { useTz: true }).nullable();
    t.string('replaced_storage_key', 300).nullable();
  });
  await knex.raw(
    'CREATE INDEX media_assets_location_uncleaned ON media_assets (id) WHERE location_cleaned_at IS NULL OR replaced_storage_key IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS media_assets_location_uncleaned');
  await knex.schema.alterTable('media_assets', (t) => {
    t.dropColumn('replaced_storage_key');
    t.dropColumn('location_cleaned_at');
  });
}
