import type { Knex } from 'knex';

// Issue 39: the file a print is made from, a crop of an original at full resolution, made once on
// the first request and kept, so a lab fetching it again (or the owner's download) gets the same
// bytes without a second encode. Its file lives in the media store (under prints/), named by
// this row; the row goes with its original.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media_print_files', (t) => {
    t.increments('id').primary();
    t.integer('asset_id').notNullable().references('media_assets.id').onDelete('CASCADE');
    t.integer('crop_left').notNullable();
    t.integer('crop_top').notNullable();
    t.integer('crop_width').notNullable();
    t.integer('crop_height').notNullable();
    t.string('mime_type', 50).notNullable();
    t.string('storage_key', 300).notNullable();
    t.integer('byte_size').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['asset_id', 'crop_left', 'crop_top', 'crop_width', 'crop_height']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media_print_files');
}
