import type { Knex } from 'knex';

// Issue 51, the tender seam: what pays part of an order besides the card (a gift card, store
// credit) is a tender, written in the checkout transaction by the plug-in that owns it. Each is a
// row (which plug-in, its own reference, the amount); the order keeps their sum, so every reader
// of the row (`orderMoney`: the amount due that payments charge and refund) has it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_tenders', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('tender').notNullable();
    t.text('reference');
    t.integer('amount_cents').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
  });
  await knex.raw(
    'ALTER TABLE order_tenders ADD CONSTRAINT order_tenders_amount_positive CHECK (amount_cents > 0)',
  );
  await knex.schema.alterTable('orders', (t) => {
    t.integer('tenders_cents').notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE orders ADD CONSTRAINT orders_tenders_within_total CHECK (tenders_cents >= 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => t.dropColumn('tenders_cents'));
  await knex.schema.dropTable('order_tenders');
}
