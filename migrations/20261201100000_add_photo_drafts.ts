import type { Knex } from 'knex';

// Issue 37, uploads from the field: a photo made from a camera file is a draft (on no public
// surface) until the owner publishes it; the phone's queue id makes its create idempotent (the
// unique index decides between two creates of one queued file).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.boolean('draft').notNullable().defaultTo(false);
    t.uuid('queue_id').nullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropColumn('queue_id');
    t.dropColumn('draft');
  });
}
