import type { Knex } from 'knex';

// GET /api/logo answers the logo's media type and pixel size; the content module keeps them with
// the logo row (taken from media.ingest) instead of reading the media module's tables.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('site_logo', (t) => {
    t.string('mime_type', 40);
    t.integer('width');
    t.integer('height');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('site_logo', (t) => {
    t.dropColumn('mime_type');
    t.dropColumn('width');
    t.dropColumn('height');
  });
}
