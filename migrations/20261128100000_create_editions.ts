import type { Knex } from 'knex';

// Limited editions (issue 36): an edition of a photo (shared by its sizes) or of one of its print
// options, the numbers orders hold and buy, their certificates, and the certificates' signature.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('editions', (t) => {
    t.increments('id').primary();
    t.integer('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    // null: one edition shared by all the photo's sizes; set: that size's own edition
    t.integer('print_option_id').nullable().references('print_options.id').onDelete('CASCADE');
    t.integer('size').notNullable();
    t.integer('artist_proofs').notNullable().defaultTo(0);
    t.timestamp('closed_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE editions
    ADD CONSTRAINT editions_size CHECK (size BETWEEN 1 AND 10000),
    ADD CONSTRAINT editions_artist_proofs CHECK (artist_proofs BETWEEN 0 AND 100)`);
  await knex.raw(
    'CREATE UNIQUE INDEX editions_shared_unique ON editions (photo_id) WHERE print_option_id IS NULL',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX editions_option_unique ON editions (photo_id, print_option_id) WHERE print_option_id IS NOT NULL',
  );

  // One number of an edition taken by an order's line: held while unpaid, sold once paid, released
  // when the order ends unpaid, revoked when refunded (never sold again). No foreign key to the
  // order's lines: a retried order rewrites them (its hold is taken again in that transaction).
  await knex.schema.createTable('edition_numbers', (t) => {
    t.increments('id').primary();
    t.integer('edition_id').notNullable().references('editions.id').onDelete('CASCADE');
    t.integer('number').notNullable();
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('order_line_id').notNullable();
    t.string('state', 10).notNullable().defaultTo('held');
    t.timestamp('signed_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['order_id']);
  });
  await knex.raw(`ALTER TABLE edition_numbers
    ADD CONSTRAINT edition_numbers_state CHECK (state IN ('held', 'sold', 'revoked', 'released')),
    ADD CONSTRAINT edition_numbers_number CHECK (number >= 1)`);
  // the safety net behind the edition's lock: a number is never held or sold twice
  await knex.raw(
    "CREATE UNIQUE INDEX edition_numbers_taken_once ON edition_numbers (edition_id, number) WHERE state <> 'released'",
  );

  await knex.schema.createTable('certificates', (t) => {
    // random and unguessable (128 bits, base64url): the verify page's only key
    t.string('id', 32).primary();
    t.integer('edition_number_id')
      .notNullable()
      .unique()
      .references('edition_numbers.id')
      .onDelete('CASCADE');
    t.binary('pdf').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true }).nullable();
  });

  // one row (id 1): the name and signature printed on certificates
  await knex.schema.createTable('edition_settings', (t) => {
    t.integer('id').primary();
    t.string('photographer_name', 200).nullable();
    t.binary('signature').nullable();
    t.string('signature_type', 40).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE edition_settings ADD CONSTRAINT edition_settings_one CHECK (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('edition_settings');
  await knex.schema.dropTable('certificates');
  await knex.schema.dropTable('edition_numbers');
  await knex.schema.dropTable('editions');
}
