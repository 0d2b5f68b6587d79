import type { Knex } from 'knex';

// The lab seam in no lab's words (issue 40): a lab's settings are one row per lab, keyed by its
// id (`provider`, fulfillment's `labProviders`), instead of the one row of `id = true`. The row
// there is keeps its values and is the 'lumaprints' one (its provider column already said so).
// lab_products and lab_orders already carry their lab in `provider`; their columns stay.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE lab_settings SET provider = 'lumaprints' WHERE provider IS NULL OR provider = ''`);
  await knex.raw(`ALTER TABLE lab_settings
    DROP CONSTRAINT lab_settings_one_row,
    DROP CONSTRAINT lab_settings_pkey,
    ALTER COLUMN provider DROP DEFAULT`);
  await knex.raw(`ALTER TABLE lab_settings DROP COLUMN id`);
  await knex.raw(`ALTER TABLE lab_settings ADD CONSTRAINT lab_settings_pkey PRIMARY KEY (provider)`);
}

export async function down(knex: Knex): Promise<void> {
  // back to one row: the Lumaprints one (the only lab before this)
  await knex('lab_settings').whereNot({ provider: 'lumaprints' }).delete();
  await knex.raw(`ALTER TABLE lab_settings DROP CONSTRAINT lab_settings_pkey`);
  await knex.raw(`ALTER TABLE lab_settings
    ADD COLUMN id boolean NOT NULL DEFAULT true,
    ALTER COLUMN provider SET DEFAULT 'lumaprints'`);
  await knex.raw(`ALTER TABLE lab_settings
    ADD CONSTRAINT lab_settings_pkey PRIMARY KEY (id),
    ADD CONSTRAINT lab_settings_one_row CHECK (id)`);
}
