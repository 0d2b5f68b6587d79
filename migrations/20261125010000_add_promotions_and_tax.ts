import type { Knex } from 'knex';

// Promotion codes and sales tax (issue 25). An order keeps what it was charged: the code as applied,
// the discount, the tax, the state and rate it was taxed at and how (our own rates or Stripe Tax).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('promotion_codes', (t) => {
    t.increments('id').primary();
    // kept as the owner typed it (upper case); unique whatever the case
    t.string('code', 40).notNullable();
    t.string('kind', 20).notNullable();
    t.integer('percent_off').nullable();
    t.integer('amount_off_cents').nullable();
    t.timestamp('starts_at', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.integer('max_uses').nullable();
    t.integer('max_uses_per_email').nullable();
    t.integer('min_subtotal_cents').notNullable().defaultTo(0);
    // empty: every photo / every format
    t.specificType('photo_ids', 'integer[]').notNullable().defaultTo('{}');
    t.specificType('formats', 'text[]').notNullable().defaultTo('{}');
    t.boolean('paused').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX promotion_codes_code_unique ON promotion_codes (upper(code))');
  await knex.raw(`ALTER TABLE promotion_codes
    ADD CONSTRAINT promotion_codes_kind CHECK (kind IN ('percent', 'amount', 'free_shipping')),
    ADD CONSTRAINT promotion_codes_percent CHECK (percent_off IS NULL OR percent_off BETWEEN 1 AND 100),
    ADD CONSTRAINT promotion_codes_amount CHECK (amount_off_cents IS NULL OR amount_off_cents > 0),
    ADD CONSTRAINT promotion_codes_uses CHECK (max_uses IS NULL OR max_uses > 0),
    ADD CONSTRAINT promotion_codes_email_uses CHECK (max_uses_per_email IS NULL OR max_uses_per_email > 0),
    ADD CONSTRAINT promotion_codes_min CHECK (min_subtotal_cents >= 0),
    ADD CONSTRAINT promotion_codes_dates CHECK (starts_at IS NULL OR expires_at IS NULL OR expires_at > starts_at)`);

  // One use of a code by one order: 'held' from checkout, 'redeemed' once paid, 'released' when
  // the order is canceled unpaid (or retried without the code). Held and redeemed uses count.
  await knex.schema.createTable('promotion_redemptions', (t) => {
    t.increments('id').primary();
    t.integer('promotion_code_id').notNullable().references('promotion_codes.id').onDelete('RESTRICT');
    t.integer('order_id').notNullable().unique().references('orders.id').onDelete('CASCADE');
    t.string('customer_email', 254).notNullable();
    t.string('status', 10).notNullable().defaultTo('held');
    t.integer('discount_cents').notNullable();
    t.timestamps(true, true);
    t.index(['promotion_code_id', 'status']);
  });
  await knex.raw(`ALTER TABLE promotion_redemptions
    ADD CONSTRAINT promotion_redemptions_status CHECK (status IN ('held', 'redeemed', 'released'))`);

  // Sales tax settings: how tax is computed, and the states it is collected in with their rates.
  // No rows until the owner saves them: until then the tax module applies its DC preset (a
  // migration's rows would make a new database non-empty, and a backup restores only into an
  // empty one).
  await knex.schema.createTable('tax_settings', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.string('provider', 10).notNullable().defaultTo('manual');
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE tax_settings
    ADD CONSTRAINT tax_settings_one_row CHECK (id),
    ADD CONSTRAINT tax_settings_provider CHECK (provider IN ('manual', 'stripe'))`);

  await knex.schema.createTable('tax_states', (t) => {
    t.string('state', 2).primary();
    // percent, up to 4 decimals (8.875 %)
    t.decimal('rate', 7, 4).notNullable();
    t.boolean('shipping_taxed').notNullable();
    // when the rate itself last changed here (not a toggle of shipping)
    t.timestamp('rate_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE tax_states
    ADD CONSTRAINT tax_states_rate CHECK (rate >= 0 AND rate < 100)`);

  // Stripe Tax: the transaction recorded when an order was paid, and its reversals on refunds.
  await knex.schema.createTable('tax_transactions', (t) => {
    t.integer('order_id').primary().references('orders.id').onDelete('CASCADE');
    t.string('calculation_id', 255).notNullable();
    t.string('transaction_id', 255).notNullable();
    t.timestamps(true, true);
  });
  await knex.schema.createTable('tax_reversals', (t) => {
    t.integer('refund_id').primary();
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.string('reversal_id', 255).notNullable();
    t.integer('amount_cents').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.alterTable('orders', (t) => {
    t.string('promotion_code', 40).nullable();
    // what the code gave, as the buyer saw it ("20% off"): the code may change or go later
    t.string('promotion_summary', 200).nullable();
    t.integer('discount_cents').notNullable().defaultTo(0);
    t.integer('tax_cents').notNullable().defaultTo(0);
    // what tax was computed on (the discounted goods, and shipping where it is taxed)
    t.integer('taxable_cents').notNullable().defaultTo(0);
    t.string('tax_state', 2).nullable();
    t.decimal('tax_rate', 7, 4).nullable();
    t.string('tax_provider', 10).nullable();
    t.string('tax_calculation_id', 255).nullable();
  });
  await knex.raw(`ALTER TABLE orders
    ADD CONSTRAINT orders_discount CHECK (discount_cents >= 0 AND discount_cents <= subtotal_cents + shipping_cents),
    ADD CONSTRAINT orders_tax CHECK (tax_cents >= 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_discount, DROP CONSTRAINT IF EXISTS orders_tax',
  );
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumns(
      'promotion_code',
      'promotion_summary',
      'discount_cents',
      'tax_cents',
      'taxable_cents',
      'tax_state',
      'tax_rate',
      'tax_provider',
      'tax_calculation_id',
    );
  });
  await knex.schema.dropTable('tax_reversals');
  await knex.schema.dropTable('tax_transactions');
  await knex.schema.dropTable('tax_states');
  await knex.schema.dropTable('tax_settings');
  await knex.schema.dropTable('promotion_redemptions');
  await knex.schema.dropTable('promotion_codes');
}
