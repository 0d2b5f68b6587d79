import type { Knex } from 'knex';

// Issue 49: a cart reminder, only with the buyer's consent. One reminder per cart, e-mailed once
// after the owner's delay unless the cart is paid first. The address is kept only until the
// reminder is sent, withdrawn or the cart paid; then only its keyed hash (for "stop") stays.
// The settings row is absent until she saves (absent: on, 24 hours), so a restore has nothing
// seeded to replace.
// Also: outbound_emails.headers, extra headers of an e-mail (List-Unsubscribe, RFC 8058), which
// the newsletter's e-mails need too.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cart_reminder_settings', (t) => {
    t.integer('id').primary();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.integer('delay_hours').notNullable().defaultTo(24);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE cart_reminder_settings ADD CONSTRAINT cart_reminder_settings_one
     CHECK (id = 1 AND delay_hours BETWEEN 1 AND 72)`,
  );

  await knex.schema.createTable('cart_reminders', (t) => {
    t.increments('id');
    // the cart reminded of; null once the stale-cart sweep deleted it (the row stays for the counts)
    t.uuid('cart_id').references('carts.id').onDelete('SET NULL');
    // the consenting address, erased when sent, paid or withdrawn
    t.string('email', 254);
    // HMAC-SHA256 of the lower-cased address (SESSION_SECRET's key), set when sent: "stop" adds it to the stops
    t.string('email_hash', 64);
    t.timestamp('consented_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('send_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    // HMAC-SHA256 of the restore and stop links' token (never the token)
    t.string('token_hash', 64).unique();
    // the lines as e-mailed, put back by the restore link
    t.jsonb('lines');
    t.timestamp('restored_at', { useTz: true });
    t.uuid('restored_cart_id');
    t.timestamp('paid_at', { useTz: true });
    t.integer('order_id');
    // paid after its reminder was sent (from its cart, or the cart its link restored into)
    t.timestamp('recovered_at', { useTz: true });
    t.index(['recovered_at']);
  });
  // one open reminder per cart (a paid cart, emptied, may get a new one)
  await knex.raw('CREATE UNIQUE INDEX cart_reminders_open ON cart_reminders (cart_id) WHERE paid_at IS NULL');
  await knex.raw('CREATE INDEX cart_reminders_due ON cart_reminders (send_at) WHERE sent_at IS NULL');

  // addresses whose owner said "stop": never reminded again (their keyed hash only)
  await knex.schema.createTable('cart_reminder_stops', (t) => {
    t.string('email_hash', 64).primary();
    t.timestamp('stopped_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('outbound_emails', (t) => {
    t.jsonb('headers');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbound_emails', (t) => {
    t.dropColumn('headers');
  });
  await knex.schema.dropTable('cart_reminder_stops');
  await knex.schema.dropTable('cart_reminders');
  await knex.schema.dropTable('cart_reminder_settings');
}
