import type { Knex } from 'knex';
import { DEFAULT_SENSITIVE_SPECIES } from '../src/shared/location-protection';

// Issue 35: a photo's species and how much of where and when it was taken the public sees, a
// time it becomes public, and the owner's list of sensitive species (prefilled, hers to edit).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.text('species_common').nullable();
    t.text('species_scientific').nullable();
    t.text('location_protection').notNullable().defaultTo('auto');
    t.text('public_region').nullable();
    // null: public now
    t.timestamp('publish_at', { useTz: true }).nullable();
  });
  await knex.raw(`
    ALTER TABLE photos
      ADD CONSTRAINT photos_species_common_length CHECK (char_length(species_common) <= 120),
      ADD CONSTRAINT photos_species_scientific_length CHECK (char_length(species_scientific) <= 120),
      ADD CONSTRAINT photos_location_protection_check
        CHECK (location_protection IN ('auto', 'exact', 'region', 'hidden')),
      ADD CONSTRAINT photos_public_region_length CHECK (char_length(public_region) <= 100)
  `);
  // the next scheduled photo is looked up whenever a response cache is cleared
  await knex.raw('CREATE INDEX photos_publish_at_idx ON photos (publish_at) WHERE publish_at IS NOT NULL');

  await knex.schema.createTable('sensitive_species', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
  });
  await knex.raw('CREATE UNIQUE INDEX sensitive_species_name_unique ON sensitive_species (lower(name))');
  await knex('sensitive_species').insert(DEFAULT_SENSITIVE_SPECIES.map((name) => ({ name })));
  // a restore (src/platform/backup) replaces these starting rows with the archive's
  await knex.raw(
    "COMMENT ON TABLE sensitive_species IS 'seeded by its migration: the owner''s sensitive species, prefilled'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sensitive_species');
  await knex.raw('DROP INDEX IF EXISTS photos_publish_at_idx');
  await knex.raw(`
    ALTER TABLE photos
      DROP CONSTRAINT photos_species_common_length,
      DROP CONSTRAINT photos_species_scientific_length,
      DROP CONSTRAINT photos_location_protection_check,
      DROP CONSTRAINT photos_public_region_length
  `);
  await knex.schema.alterTable('photos', (t) => {
    t.dropColumns(
      'species_common',
      'species_scientific',
      'location_protection',
      'public_region',
      'publish_at',
    );
  });
}
