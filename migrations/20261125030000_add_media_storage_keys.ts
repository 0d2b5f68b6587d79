import type { Knex } from 'knex';

// Image bytes move out of the database into a media store (issue 27): a row names its file by
// `storage_key`. Rows written before keep their bytes in `data` until `npm run media:migrate`
// moves them; every row has one or the other.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['media_assets', 'media_variants']) {
    await knex.schema.alterTable(table, (t) => {
      t.binary('data').nullable().alter();
      t.string('storage_key', 300).nullable();
    });
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_bytes_somewhere CHECK (data IS NOT NULL OR storage_key IS NOT NULL)`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  // only possible while every file is still in the database
  for (const table of ['media_assets', 'media_variants']) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_bytes_somewhere`);
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('storage_key');
      t.binary('data').notNullable().alter();
    });
  }
}
