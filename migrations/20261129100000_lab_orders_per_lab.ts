import type { Knex } from 'knex';

// Issue 39: several labs, each order's lines for a lab its own lab order, sent exactly once and
// patiently. lab_orders are keyed by (order_id, provider) (the rows there are keep their lab); a
// run holds the row by a lease (`claimed_until`); a lab that does not answer is tried again at
// `next_attempt_at` for 24 hours from `first_failed_at`, the owner told once (`outage_notified_at`);
// the owner's words (`last_error`) and the lab's own (`lab_text`); the lab's shipping charge and
// its shipment; 'review' and 'on_hold' for the owner's approval (lab_settings'
// `review_before_sending`). A lab's own settings and product reference are kept whole as jsonb
// (`provider_settings`, `product_ref`): the columns the first lab needed stay filled for it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE lab_orders DROP CONSTRAINT lab_orders_pkey`);
  await knex.raw(`ALTER TABLE lab_orders ALTER COLUMN provider DROP DEFAULT`);
  await knex.raw(`ALTER TABLE lab_orders ADD CONSTRAINT lab_orders_pkey PRIMARY KEY (order_id, provider)`);
  // a lab's order numbers are its own: two labs may use the same
  await knex.schema.alterTable('lab_orders', (t) => {
    t.dropUnique(['lab_order_number']);
    t.unique(['provider', 'lab_order_number']);
  });
  await knex.raw(`ALTER TABLE lab_orders DROP CONSTRAINT lab_orders_status`);
  await knex.raw(`ALTER TABLE lab_orders
    ADD CONSTRAINT lab_orders_status
      CHECK (status IN ('review', 'on_hold', 'held', 'sending', 'sent', 'shipped', 'failed', 'canceled'))`);
  await knex.schema.alterTable('lab_orders', (t) => {
    t.timestamp('claimed_until', { useTz: true }).nullable();
    t.timestamp('next_attempt_at', { useTz: true }).nullable();
    t.timestamp('first_failed_at', { useTz: true }).nullable();
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('outage_notified_at', { useTz: true }).nullable();
    t.text('lab_text').nullable();
    t.integer('lab_shipping_cents').nullable();
    t.string('carrier', 60).nullable();
    t.string('tracking_number', 100).nullable();
  });

  await knex.schema.alterTable('lab_settings', (t) => {
    t.boolean('review_before_sending').notNullable().defaultTo(false);
    t.jsonb('provider_settings').notNullable().defaultTo('{}');
  });
  await knex.raw(
    `UPDATE lab_settings SET provider_settings = jsonb_build_object('storeId', store_id) WHERE provider = 'lumaprints'`,
  );

  await knex.schema.alterTable('lab_products', (t) => {
    t.jsonb('product_ref').notNullable().defaultTo('{}');
  });
  await knex.raw(`UPDATE lab_products
    SET product_ref = jsonb_build_object('subcategoryId', subcategory_id, 'optionIds', to_jsonb(option_ids))`);
  await knex.raw(`ALTER TABLE lab_products ALTER COLUMN subcategory_id DROP NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  // back to one lab order per shop order and the first lab's columns: other labs' rows go
  await knex('lab_products').whereNull('subcategory_id').delete();
  await knex.raw(`ALTER TABLE lab_products ALTER COLUMN subcategory_id SET NOT NULL`);
  await knex.schema.alterTable('lab_products', (t) => t.dropColumn('product_ref'));
  await knex.schema.alterTable('lab_settings', (t) => {
    t.dropColumn('review_before_sending');
    t.dropColumn('provider_settings');
  });
  await knex.raw(`DELETE FROM lab_orders a USING lab_orders b
    WHERE a.order_id = b.order_id AND a.provider > b.provider`);
  await knex.raw(`UPDATE lab_orders SET status = 'held' WHERE status IN ('review', 'on_hold')`);
  await knex.schema.alterTable('lab_orders', (t) => {
    for (const c of [
      'claimed_until',
      'next_attempt_at',
      'first_failed_at',
      'failures',
      'outage_notified_at',
      'lab_text',
      'lab_shipping_cents',
      'carrier',
      'tracking_number',
    ])
      t.dropColumn(c);
  });
  await knex.raw(`ALTER TABLE lab_orders DROP CONSTRAINT lab_orders_status`);
  await knex.raw(`ALTER TABLE lab_orders
    ADD CONSTRAINT lab_orders_status CHECK (status IN ('held', 'sending', 'sent', 'shipped', 'failed', 'canceled'))`);
  await knex.schema.alterTable('lab_orders', (t) => {
    t.dropUnique(['provider', 'lab_order_number']);
    t.unique(['lab_order_number']);
  });
  await knex.raw(`ALTER TABLE lab_orders DROP CONSTRAINT lab_orders_pkey`);
  await knex.raw(`ALTER TABLE lab_orders ALTER COLUMN provider SET DEFAULT 'lumaprints'`);
  await knex.raw(`ALTER TABLE lab_orders ADD CONSTRAINT lab_orders_pkey PRIMARY KEY (order_id)`);
}
