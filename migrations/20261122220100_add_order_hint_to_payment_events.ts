import type { Knex } from 'knex';

// The order a provider event names (from its metadata), kept as a plain number: the order may not
// be committed yet when the event arrives, so it cannot be a foreign key. Providers fill it in
// from their own event format; reconciliation uses it when the intent is not on an order yet.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_events', (t) => {
    t.integer('order_id_hint');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_events', (t) => {
    t.dropColumn('order_id_hint');
  });
}
