import type { Knex } from 'knex';

// The shipping address in parts (tax by state and ZIP, a print lab's label). Null on older orders
// and on an address given as one text that could not be read: those are flagged for the owner.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('address_line1', 100).nullable();
    t.string('address_line2', 100).nullable();
    t.string('address_city', 60).nullable();
    t.string('address_state', 2).nullable();
    t.string('address_zip', 10).nullable();
    t.boolean('address_needs_review').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumns(
      'address_line1',
      'address_line2',
      'address_city',
      'address_state',
      'address_zip',
      'address_needs_review',
    );
  });
}
