import type { Knex } from 'knex';

// Issue 49, a newsletter they chose: double opt-in subscribers, a suppression list of addresses
// that unsubscribed (a keyed hash only), the owner's campaigns and one delivery row per (campaign,
// subscriber), claimed with its e-mail written to the outbox in one transaction.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.increments('id');
    // as typed (trimmed); unique by its normalised form (lower case)
    t.string('email', 254).notNullable();
    t.string('email_key', 254).notNullable().unique();
    // 'pending' until the confirmation link is used, then 'confirmed'
    t.string('status', 12).notNullable().defaultTo('pending');
    // where she signed up: 'footer', 'order' (the order page's box), 'api'
    t.string('source', 20).notNullable();
    // HMAC-SHA256 of the confirmation link's token (the token itself is only in the e-mail)
    t.string('confirm_token_hash', 64).unique();
    // random, per subscriber: the unsubscribe links' HMAC covers it (a link is never stored)
    t.string('unsubscribe_salt', 32).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('confirmed_at', { useTz: true });
    // when the last confirmation e-mail was written: at most one each 10 minutes per address
    t.timestamp('confirm_sent_at', { useTz: true });
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('newsletter_suppressions', (t) => {
    // HMAC-SHA256 of the normalised address: never mailed again, whoever signs it up
    t.string('email_hash', 64).primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('newsletter_campaigns', (t) => {
    t.increments('id');
    t.string('subject', 200).notNullable();
    // sanitized HTML (newsletter-html.ts): the rich-text editor's tags and her photos as images
    t.text('html').notNullable();
    // 'draft', 'sending', 'sent'
    t.string('status', 12).notNullable().defaultTo('draft');
    t.integer('rate_per_hour');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.schema.createTable('newsletter_deliveries', (t) => {
    t.increments('id');
    t.integer('campaign_id').notNullable().references('newsletter_campaigns.id').onDelete('CASCADE');
    // null once the subscriber is gone (unsubscribed, deleted): a pending row is then never sent
    t.integer('subscriber_id').references('newsletter_subscribers.id').onDelete('SET NULL');
    t.timestamp('sent_at', { useTz: true });
    t.unique(['campaign_id', 'subscriber_id']);
    t.index(['campaign_id', 'sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('newsletter_deliveries');
  await knex.schema.dropTable('newsletter_campaigns');
  await knex.schema.dropTable('newsletter_suppressions');
  await knex.schema.dropTable('newsletter_subscribers');
}
