import type { Knex } from 'knex';

// Issue 51: a /media file's request asks whether a photo not public yet names its asset
// (catalog's asset audience), on every answer the response cache does not hold: by index, not by
// reading every photo.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.index(['original_id']);
    t.index(['custom_thumbnail_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropIndex(['original_id']);
    t.dropIndex(['custom_thumbnail_id']);
  });
}
