import type { Knex } from 'knex';

// Issue 49: private visit counts, as Plausible counts (no cookie): a visitor is a keyed hash of
// (address, user agent) under a salt that is made for one shop day and deleted after it. Today's
// raw hits live in `visit_hits`; the maintenance sweep rolls each past day up into the daily rows
// and deletes its hits and its salt in one statement, so no hash or salt outlives its day. Neither
// raw table goes into a backup (their comment: see src/platform/backup/catalog.ts).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('visit_salts', (t) => {
    t.date('day').primary();
    t.binary('salt').notNullable();
  });
  await knex.schema.createTable('visit_hits', (t) => {
    t.bigIncrements('id');
    t.date('day').notNullable().index();
    // HMAC-SHA256(salt of the day, address + user agent), the first 16 bytes
    t.binary('visitor').notNullable();
    // 'view' (a page) or 'cart' (a successful add to cart)
    t.string('kind', 8).notNullable();
    // the storefront page's name ('photo', 'checkout', ...) and its path, for views
    t.string('page', 32);
    t.string('path', 300);
    // the referring site's domain only (none for our own host or no referrer)
    t.string('referrer', 253);
    // identical hits of one batch (the same visitor reloading a page) are one row with their count
    t.integer('hits').notNullable().defaultTo(1);
  });
  await knex.raw(`ALTER TABLE visit_hits ADD CONSTRAINT visit_hits_kind CHECK (kind IN ('view', 'cart'))`);
  for (const table of ['visit_salts', 'visit_hits'])
    await knex.raw(
      `COMMENT ON TABLE ${table} IS 'not backed up: one shop day of visit counting, then deleted'`,
    );

  await knex.schema.createTable('visit_days', (t) => {
    t.date('day').primary();
    t.integer('visitors').notNullable();
    t.integer('views').notNullable();
    t.integer('photo_views').notNullable();
    t.integer('added_to_cart').notNullable();
    t.integer('checkout_started').notNullable();
  });
  // (day, ...) primary keys: a range of days reads its rows by index
  await knex.schema.createTable('visit_day_pages', (t) => {
    t.date('day').notNullable();
    t.string('path', 300).notNullable();
    t.integer('views').notNullable();
    t.primary(['day', 'path']);
  });
  // the same by month: a year's most viewed pages read 12 months' rows, not 365 days' (the days of
  // a range's partial months still come from visit_day_pages)
  await knex.schema.createTable('visit_month_pages', (t) => {
    t.date('month').notNullable();
    t.string('path', 300).notNullable();
    t.integer('views').notNullable();
    t.primary(['month', 'path']);
  });
  await knex.schema.createTable('visit_day_referrers', (t) => {
    t.date('day').notNullable();
    t.string('domain', 253).notNullable();
    t.integer('visitors').notNullable();
    t.primary(['day', 'domain']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('visit_day_referrers');
  await knex.schema.dropTable('visit_month_pages');
  await knex.schema.dropTable('visit_day_pages');
  await knex.schema.dropTable('visit_days');
  await knex.schema.dropTable('visit_hits');
  await knex.schema.dropTable('visit_salts');
}
