import type { Knex } from 'knex';

// Payments: the status poll (GET /api/orders/{id}/status?secret=) proves it holds the order's
// client secret by its SHA-256, so the secret itself is never stored. Unprocessed payment events
// are found by the sweeper through a small partial index.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.string('payment_secret_hash', 64);
  });
  await knex.raw(
    'create index payment_events_unprocessed_idx on payment_events (received_at) where processed_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payment_events_unprocessed_idx');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('payment_secret_hash');
  });
}
