import type { Knex } from 'knex';

// The owner's numbers (issue 49) read orders by the time they were paid and refunds by the time
// they succeeded, a range of days at a time: each a range scan of its index, never the table.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL');
  await knex.raw(
    "CREATE INDEX order_refunds_succeeded_idx ON order_refunds ((coalesce(succeeded_at, created_at))) WHERE status = 'succeeded'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS order_refunds_succeeded_idx');
  await knex.raw('DROP INDEX IF EXISTS orders_paid_at_idx');
}
