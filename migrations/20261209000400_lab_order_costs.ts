import type { Knex } from 'knex';

// What the lab charges for the prints of a lab order (issue 49's lab cost and margin), recorded
// when it is sent: the sum of its lines' quantity times the lab's quoted price per print
// (lab_products.cost_cents then). A quote, not the bill (Prodigi bills by invoice); null when a
// line's price was not known.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lab_orders', (t) => {
    t.integer('lab_items_cents').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lab_orders', (t) => {
    t.dropColumn('lab_items_cents');
  });
}
