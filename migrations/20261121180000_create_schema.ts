import type { Knex } from 'knex';

// The whole schema of spec section 3 plus what docs/design.md's "Data rules" and "Images" add.
// Money is integer cents; every timestamp is timestamptz.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_users', (t) => {
    t.increments('id');
    t.string('username', 50).notNullable().unique();
    t.text('password_hash').notNullable();
    t.timestamps(true, true);
  });

  // Originals of every uploaded image (photos, custom thumbnails, logo, headshot).
  await knex.schema.createTable('media_assets', (t) => {
    t.increments('id');
    t.string('kind', 20).notNullable();
    t.binary('data').notNullable();
    t.string('mime_type', 40).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('byte_size').notNullable();
    t.string('sha256', 64).notNullable();
    t.string('placeholder_color', 7).notNullable().defaultTo('#8a8f7a');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Variants made by the media job: thumbnails and display sizes in AVIF, WebP and JPEG.
  await knex.schema.createTable('media_variants', (t) => {
    t.increments('id');
    t.integer('asset_id').notNullable().references('media_assets.id').onDelete('CASCADE');
    t.string('kind', 10).notNullable(); // 'thumb' | 'display'
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.string('format', 10).notNullable(); // 'avif' | 'webp' | 'jpeg'
    t.binary('data').notNullable();
    t.integer('byte_size').notNullable();
    t.string('etag', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['asset_id', 'kind', 'width', 'format']);
  });

  await knex.schema.createTable('categories', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable().unique();
    t.string('display_name', 100).notNullable();
    t.integer('display_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['display_order', 'id']);
  });

  await knex.schema.createTable('photos', (t) => {
    t.increments('id');
    t.string('title', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('original_id').notNullable().references('media_assets.id').onDelete('RESTRICT');
    t.integer('custom_thumbnail_id').references('media_assets.id').onDelete('SET NULL');
    t.string('location', 200);
    t.string('date_taken', 50);
    t.string('aspect_ratio', 7);
    // A category *name*, not a foreign key: deleting a category must not hide or delete photos.
    t.string('category', 50).notNullable().defaultTo('landscape');
    t.integer('display_order').notNullable().defaultTo(0);
    t.boolean('featured').notNullable().defaultTo(false);
    t.smallint('vertical_position').notNullable().defaultTo(50);
    t.integer('version').notNullable().defaultTo(1); // bumps when the image changes: cache-busting
    t.timestamp('archived_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['category']);
    t.index(['display_order', 'id']);
  });
  await knex.raw(
    'alter table photos add constraint photos_vertical_position_range check (vertical_position between 0 and 100)',
  );
  await knex.raw(
    'create index photos_featured_idx on photos (display_order, id) where featured and archived_at is null',
  );

  await knex.schema.createTable('item_options', (t) => {
    t.increments('id');
    t.string('aspect_ratio', 7).notNullable();
    t.string('size', 100).notNullable();
    t.string('format', 100).notNullable();
    t.integer('price_cents').notNullable();
    t.integer('shipping_cents').notNullable().defaultTo(0);
    t.timestamp('archived_at', { useTz: true }); // set instead of deleting when orders reference it
    t.timestamps(true, true);
    t.index(['aspect_ratio']);
  });
  await knex.raw(
    'alter table item_options add constraint item_options_money check (price_cents > 0 and shipping_cents >= 0)',
  );

  await knex.schema.createTable('photo_item_options', (t) => {
    t.integer('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.integer('item_option_id').notNullable().references('item_options.id').onDelete('CASCADE');
    t.primary(['photo_id', 'item_option_id']);
    t.index(['item_option_id']);
  });

  await knex.schema.createTable('about_content', (t) => {
    t.integer('id').primary(); // single row, id 1
    t.text('main_bio');
    t.text('approach_text');
    t.text('services_text');
    t.integer('headshot_id').references('media_assets.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('site_logo', (t) => {
    t.integer('id').primary(); // single row, id 1
    t.integer('asset_id').notNullable().references('media_assets.id').onDelete('CASCADE');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('faqs', (t) => {
    t.increments('id');
    t.text('question').notNullable();
    t.text('answer').notNullable();
    t.integer('order_index').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.index(['order_index', 'id']);
  });

  await knex.schema.createTable('shipping_notice', (t) => {
    t.integer('id').primary(); // single row, id 1
    t.boolean('is_active').notNullable().defaultTo(false);
    t.string('line1', 300);
    t.string('line2', 300);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.text('message').notNullable();
    t.string('ip', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // A visitor's cart is keyed by a random token kept in their session.
  await knex.schema.createTable('carts', (t) => {
    t.uuid('id').primary();
    t.timestamps(true, true);
    t.index(['updated_at']);
  });
  await knex.schema.createTable('cart_items', (t) => {
    t.increments('id');
    t.uuid('cart_id').notNullable().references('carts.id').onDelete('CASCADE');
    t.integer('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.integer('item_option_id').notNullable().references('item_options.id').onDelete('CASCADE');
    t.integer('quantity').notNullable().defaultTo(1);
    t.timestamp('added_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['cart_id', 'photo_id', 'item_option_id']);
  });
  await knex.raw(
    'alter table cart_items add constraint cart_items_quantity check (quantity between 1 and 99)',
  );

  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.string('customer_name', 100).notNullable();
    t.string('customer_email', 254).notNullable();
    t.text('shipping_address').notNullable();
    t.integer('subtotal_cents').notNullable();
    t.integer('shipping_cents').notNullable();
    t.integer('total_cents').notNullable();
    t.string('status', 20).notNullable().defaultTo('pending'); // payment status
    t.string('fulfillment_status', 20).notNullable().defaultTo('received');
    t.string('payment_provider', 20);
    t.string('payment_intent_id', 100).unique();
    t.uuid('cart_id');
    t.timestamp('paid_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['created_at']);
    t.index(['status', 'created_at']);
    t.index(['fulfillment_status']);
  });

  await knex.schema.createTable('order_line_items', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('photo_id').notNullable().references('photos.id').onDelete('RESTRICT');
    t.integer('item_option_id').notNullable().references('item_options.id').onDelete('RESTRICT');
    t.integer('quantity').notNullable().defaultTo(1);
    t.integer('price_cents').notNullable();
    t.integer('shipping_cents').notNullable();
    // Snapshot so an order reads the same after later edits of the photo or option.
    t.string('title', 200).notNullable();
    t.string('size', 100).notNullable();
    t.string('format', 100).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
    t.index(['photo_id']);
    t.index(['item_option_id']);
  });

  // Every payment event (webhook or test provider) recorded once by its provider event id.
  await knex.schema.createTable('payment_events', (t) => {
    t.increments('id');
    t.string('provider', 20).notNullable();
    t.string('event_id', 120).notNullable().unique();
    t.string('type', 80).notNullable();
    t.string('payment_intent_id', 100);
    t.integer('order_id').references('orders.id').onDelete('SET NULL');
    t.jsonb('payload').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
    t.index(['payment_intent_id']);
  });

  // Outbox: an e-mail is written here in the same transaction as what caused it, then a job
  // sends it once (dedupe_key makes "send the confirmation for order 7" happen at most once).
  await knex.schema.createTable('outbound_emails', (t) => {
    t.increments('id');
    t.string('dedupe_key', 120).notNullable().unique();
    t.string('to_address', 254).notNullable();
    t.string('reply_to', 254);
    t.string('subject', 300).notNullable();
    t.text('html').notNullable();
    t.text('text').notNullable();
    t.string('status', 10).notNullable().defaultTo('queued'); // queued | sent
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'outbound_emails',
    'payment_events',
    'order_line_items',
    'orders',
    'cart_items',
    'carts',
    'contact_messages',
    'shipping_notice',
    'faqs',
    'site_logo',
    'about_content',
    'photo_item_options',
    'item_options',
    'photos',
    'categories',
    'media_variants',
    'media_assets',
    'admin_users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
