import type { Knex } from 'knex';

// Issue 39, crop to the print: a photo's focal point gets its horizontal half (beside the spec's
// vertical_position), and the owner may move each print size's crop of a photo (its own focal
// point, in percent of the image). The row goes with the size's assignment to the photo.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.smallint('horizontal_position').notNullable().defaultTo(50);
  });
  await knex.raw(
    'alter table photos add constraint photos_horizontal_position_range check (horizontal_position between 0 and 100)',
  );
  await knex.schema.createTable('photo_print_crops', (t) => {
    t.integer('photo_id').notNullable();
    t.integer('print_option_id').notNullable();
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['photo_id', 'print_option_id']);
    // unassigning the size from the photo (or deleting either) takes its crop along
    t.foreign(['photo_id', 'print_option_id'])
      .references(['photo_id', 'print_option_id'])
      .inTable('photo_print_options')
      .onDelete('CASCADE');
  });
  await knex.raw(`alter table photo_print_crops
    add constraint photo_print_crops_x_range check (x between 0 and 100),
    add constraint photo_print_crops_y_range check (y between 0 and 100)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('photo_print_crops');
  await knex.schema.alterTable('photos', (t) => t.dropColumn('horizontal_position'));
}
