import type { Knex } from 'knex';

// Issue 47: gift cards, modelled as money. A card is bought (a cart and order line of kind
// 'gift_card', its details in `gift_card`), issued when the order is paid, sent at the buyer's
// chosen time, and spent at checkout as a tender. Its balance is the sum of its ledger's entries,
// never a column of its own. The code is kept as a keyed hash (looked up by it) and, encrypted, for
// the e-mail that delivers it and the owner's "resend".

export async function up(knex: Knex): Promise<void> {
  // what she offers: the amounts to pick from (custom $10-$500 besides) and the photos a card may show
  await knex.schema.createTable('gift_card_settings', (t) => {
    t.integer('id').primary();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.specificType('amounts_cents', 'integer[]').notNullable().defaultTo('{2500,5000,10000}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE gift_card_settings ADD CONSTRAINT gift_card_settings_one CHECK (id = 1)');
  await knex('gift_card_settings').insert({ id: 1 });
  await knex.raw(
    "COMMENT ON TABLE gift_card_settings IS 'seeded by its migration: the gift card amounts, one row'",
  );
  await knex.schema.createTable('gift_card_photos', (t) => {
    t.integer('photo_id').primary().references('photos.id').onDelete('CASCADE');
    t.integer('position').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('gift_cards', (t) => {
    t.increments('id');
    // HMAC-SHA256 of the normalised code with a key derived from SESSION_SECRET: the lookup
    t.string('code_hash', 64).notNullable().unique();
    // AES-256-GCM of the code (the same key family): only to send it again
    t.text('code_encrypted').notNullable();
    t.string('last4', 4).notNullable();
    // 'purchased' (bought, or sold by hand: money she owes, never expires) or 'promotional' (credit
    // she gives, e.g. a raffle prize: may end)
    t.string('kind', 12).notNullable().defaultTo('purchased');
    t.integer('initial_cents').notNullable();
    t.timestamp('expires_at', { useTz: true });
    t.integer('photo_id').references('photos.id').onDelete('SET NULL');
    t.string('recipient_name', 100);
    t.string('recipient_email', 254);
    t.string('sender_name', 100);
    t.text('message');
    // when to e-mail the recipient (null: not e-mailed, e.g. a card she hands over herself)
    t.timestamp('send_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    // the order line it was bought by (null: issued by hand)
    t.integer('order_line_id').unique().references('order_line_items.id').onDelete('RESTRICT');
    t.timestamp('voided_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['send_at']);
  });
  await knex.raw(
    `ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_kind CHECK (
      kind IN ('purchased', 'promotional') AND (kind = 'promotional' OR expires_at IS NULL)
      AND initial_cents BETWEEN 1 AND 10000000)`,
  );

  // The ledger: every change of a card is a row, the balance their sum. A hold (-) and its release
  // (+) cancel out; at payment the hold is released and the spend (-) written, in one transaction,
  // so what she owes is the sum of the entries other than held and released.
  await knex.schema.createTable('gift_card_entries', (t) => {
    t.increments('id');
    t.integer('gift_card_id').notNullable().references('gift_cards.id').onDelete('RESTRICT');
    t.string('kind', 10).notNullable();
    t.integer('amount_cents').notNullable();
    t.integer('order_id').references('orders.id').onDelete('RESTRICT');
    t.integer('refund_id').references('order_refunds.id').onDelete('RESTRICT');
    // the owner's reason for an adjustment or a void
    t.string('reason', 500);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['gift_card_id']);
    t.index(['order_id']);
  });
  await knex.raw(
    `ALTER TABLE gift_card_entries ADD CONSTRAINT gift_card_entries_kind CHECK (
      (kind = 'issued' AND amount_cents > 0)
      OR (kind IN ('held', 'spent') AND amount_cents < 0 AND order_id IS NOT NULL)
      OR (kind = 'released' AND amount_cents > 0 AND order_id IS NOT NULL)
      OR (kind = 'refunded' AND amount_cents > 0 AND order_id IS NOT NULL)
      OR (kind = 'adjusted' AND amount_cents <> 0 AND reason IS NOT NULL)
      OR (kind = 'voided' AND amount_cents <= 0))`,
  );

  // a cart line and an order line are a print, a licence or a gift card
  for (const table of ['cart_items', 'order_line_items']) {
    await knex.schema.alterTable(table, (t) => {
      // { amountCents, recipientName, recipientEmail, message, sendAt (ISO, null: now), senderName }
      t.jsonb('gift_card');
    });
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind`);
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind CHECK (
        (kind = 'print' AND print_option_id IS NOT NULL AND licence_id IS NULL AND download_size_id IS NULL AND gift_card IS NULL)
        OR (kind = 'licence' AND print_option_id IS NULL AND licence_id IS NOT NULL AND download_size_id IS NOT NULL AND quantity = 1 AND gift_card IS NULL)
        OR (kind = 'gift_card' AND print_option_id IS NULL AND licence_id IS NULL AND download_size_id IS NULL AND quantity = 1 AND gift_card IS NOT NULL))`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('gift_card_entries');
  await knex.schema.dropTable('gift_cards');
  await knex.schema.dropTable('gift_card_photos');
  await knex.schema.dropTable('gift_card_settings');
  for (const table of ['cart_items', 'order_line_items']) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind`);
    await knex(table).where({ kind: 'gift_card' }).delete();
    await knex.schema.alterTable(table, (t) => t.dropColumn('gift_card'));
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind CHECK (
        (kind = 'print' AND print_option_id IS NOT NULL AND licence_id IS NULL AND download_size_id IS NULL)
        OR (kind = 'licence' AND print_option_id IS NULL AND licence_id IS NOT NULL AND download_size_id IS NOT NULL AND quantity = 1))`,
    );
  }
}
