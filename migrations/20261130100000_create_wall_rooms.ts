import type { Knex } from 'knex';

// Issue 38, see the print on a wall: the owner's own room photos, each with a reference she marked
// on it (two points, as fractions of the photo, and their real length in inches) and where a print
// hangs (its centre), for the photo page's wall preview beside the drawn rooms.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wall_rooms', (t) => {
    t.increments('id').primary();
    t.text('label').notNullable();
    t.integer('image_id').notNullable().references('id').inTable('media_assets');
    // the photo's pixel size (after auto-rotation), so its ratio is known without the media module
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.double('ref_x1').notNullable();
    t.double('ref_y1').notNullable();
    t.double('ref_x2').notNullable();
    t.double('ref_y2').notNullable();
    t.double('ref_length_in').notNullable();
    t.double('print_x').notNullable();
    t.double('print_y').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table wall_rooms
    add constraint wall_rooms_points check (
      ref_x1 between 0 and 1 and ref_y1 between 0 and 1 and ref_x2 between 0 and 1 and ref_y2 between 0 and 1
      and print_x between 0 and 1 and print_y between 0 and 1),
    add constraint wall_rooms_length check (ref_length_in > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wall_rooms');
}
