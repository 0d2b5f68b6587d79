import type { Knex } from 'knex';

// Issue 39: the buyer's phone for the carrier (optional at checkout, sent to the lab with the
// address), and an order's shipments: one per tracking number (a lab each, or the owner's own),
// the buyer mailed once for each. The tracking already on orders becomes its first shipment.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('customer_phone', 40).nullable();
  });
  await knex.schema.createTable('order_shipments', (t) => {
    t.increments('id').primary();
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.string('carrier', 60).nullable();
    t.string('tracking_number', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['order_id', 'tracking_number']);
  });
  await knex.raw(`INSERT INTO order_shipments (order_id, carrier, tracking_number, created_at)
    SELECT id, shipping_carrier, tracking_number, updated_at FROM orders
    WHERE tracking_number IS NOT NULL AND tracking_number <> ''`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_shipments');
  await knex.schema.alterTable('orders', (t) => t.dropColumn('customer_phone'));
}
