import type { Knex } from 'knex';

// A print lab (Lumaprints first): its settings, which print options it makes, and one lab order
// per shop order sent to it (issue 26).
export async function up(knex: Knex): Promise<void> {
  // One row once the owner saves the settings. The key and secret are stored encrypted
  // (AES-256-GCM with a key derived from SESSION_SECRET) and never leave the server.
  await knex.schema.createTable('lab_settings', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.string('provider', 20).notNullable().defaultTo('lumaprints');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.boolean('sandbox').notNullable().defaultTo(true);
    t.text('api_key_encrypted').nullable();
    t.text('api_secret_encrypted').nullable();
    t.integer('store_id').nullable();
    t.string('shipping_method', 40).notNullable().defaultTo('default');
    t.string('production_time', 20).notNullable().defaultTo('regular');
    t.integer('hold_minutes').notNullable().defaultTo(60);
    // the margin (percent of our price) under which the admin warns
    t.integer('min_margin_percent').notNullable().defaultTo(30);
    // the secret path segment of the lab's webhook URL
    t.string('webhook_secret', 64).notNullable();
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE lab_settings
    ADD CONSTRAINT lab_settings_one_row CHECK (id),
    ADD CONSTRAINT lab_settings_hold CHECK (hold_minutes BETWEEN 0 AND 10080),
    ADD CONSTRAINT lab_settings_margin CHECK (min_margin_percent BETWEEN 0 AND 100)`);

  // A print option the lab makes: its product (subcategory, size in inches, option ids) and the
  // lab's cost and shipping quote when it was mapped.
  await knex.schema.createTable('lab_products', (t) => {
    t.integer('print_option_id').primary().references('print_options.id').onDelete('CASCADE');
    t.string('provider', 20).notNullable().defaultTo('lumaprints');
    t.integer('subcategory_id').notNullable();
    t.string('product_name', 200).notNullable();
    t.decimal('width_in', 6, 2).notNullable();
    t.decimal('height_in', 6, 2).notNullable();
    t.specificType('option_ids', 'integer[]').notNullable().defaultTo('{}');
    t.integer('cost_cents').nullable();
    t.integer('shipping_cents').nullable();
    t.integer('required_dpi').nullable();
    t.timestamps(true, true);
  });

  // One lab order per shop order: held until send_after, then sent exactly once (the lab's
  // order number recorded), then shipped; or failed with the lab's message.
  await knex.schema.createTable('lab_orders', (t) => {
    t.integer('order_id').primary().references('orders.id').onDelete('CASCADE');
    t.string('provider', 20).notNullable().defaultTo('lumaprints');
    t.string('status', 12).notNullable().defaultTo('held');
    t.timestamp('send_after', { useTz: true }).notNullable();
    t.string('lab_order_number', 100).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error').nullable();
    t.timestamp('error_notified_at', { useTz: true }).nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.timestamp('shipped_at', { useTz: true }).nullable();
    t.timestamp('checked_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.index(['status', 'send_after']);
    t.unique(['lab_order_number']);
  });
  await knex.raw(`ALTER TABLE lab_orders
    ADD CONSTRAINT lab_orders_status CHECK (status IN ('held', 'sending', 'sent', 'shipped', 'failed', 'canceled'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lab_orders');
  await knex.schema.dropTable('lab_products');
  await knex.schema.dropTable('lab_settings');
}
