import type { Knex } from 'knex';

// After the payment: shipping details (and which tracking number the buyer was last told about),
// refunds (each one, keyed by the admin's idempotency key and by the provider's refund id),
// disputes, and the long random token of the buyer's order page.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('shipping_carrier', 20);
    t.string('tracking_number', 100);
    t.timestamp('shipped_notified_at', { useTz: true });
    t.string('shipped_notified_tracking', 100);
    t.integer('refunded_cents').notNullable().defaultTo(0);
    t.string('dispute_id', 100);
    t.string('dispute_status', 40);
    t.string('dispute_reason', 60);
    t.timestamp('dispute_due_by', { useTz: true });
    t.integer('dispute_amount_cents');
    t.string('status_token', 64).unique();
    t.index(['dispute_status']);
  });
  // orders placed before this migration get a token too
  await knex.raw(
    "update orders set status_token = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')",
  );
  await knex.schema.createTable('order_refunds', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('amount_cents').notNullable();
    t.string('reason', 40).notNullable();
    t.text('note');
    t.string('status', 20).notNullable(); // pending | succeeded | failed
    t.string('provider_refund_id', 100).unique();
    t.string('idempotency_key', 100).unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('succeeded_at', { useTz: true });
    t.index(['order_id']);
  });
  await knex.raw('alter table order_refunds add constraint order_refunds_amount check (amount_cents > 0)');
  // what a provider event is about, in our words, and its details (e.g. the dispute)
  await knex.schema.alterTable('payment_events', (t) => {
    t.string('kind', 20).notNullable().defaultTo('payment');
    t.jsonb('detail');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payment_events', (t) => {
    t.dropColumns('kind', 'detail');
  });
  await knex.schema.dropTableIfExists('order_refunds');
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['dispute_status']);
    t.dropColumns(
      'shipping_carrier',
      'tracking_number',
      'shipped_notified_at',
      'shipped_notified_tracking',
      'refunded_cents',
      'dispute_id',
      'dispute_status',
      'dispute_reason',
      'dispute_due_by',
      'dispute_amount_cents',
      'status_token',
    );
  });
}
