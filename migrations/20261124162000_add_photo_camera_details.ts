import type { Knex } from 'knex';

// The camera details read from a photo's EXIF (camera, lens, focal length, aperture, shutter, ISO;
// never GPS), and whether the owner shows them on the public photo page (off by default).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.jsonb('camera_details');
    t.boolean('show_camera_details').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('photos', (t) => {
    t.dropColumn('camera_details');
    t.dropColumn('show_camera_details');
  });
}
