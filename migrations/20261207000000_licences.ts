import type { Knex } from 'knex';

// Issue 46: licences and downloads. She sells files as well as prints: download sizes x licences
// (hers to define, three to start), priced per size with catalogue defaults and per-photo
// overrides; a photo may be "not for licensing". A cart or order line is a print or a licence
// (`kind`); a licence line has no print option and no shipping. A paid licence line becomes a
// grant (the licence record with a public id the check page reads); its download links are kept
// as keyed hashes; the file itself is made once per (photo, size) and each buyer's copy gets its
// rights written into the head as it is streamed.

const STARTING_SIZES = [
  { label: 'Web, 2048 px', long_edge_px: 2048, position: 1 },
  { label: 'Full resolution', long_edge_px: null, position: 2 },
];

const STARTING_LICENCES = [
  {
    slug: 'personal',
    name: 'Personal',
    summary: 'Prints at home, a wallpaper, a gift. No resale, no business use.',
    terms_html:
      '<p>You may use this photo for your own personal, non-commercial use: print it at home or at a print shop for your own walls, use it as a wallpaper on your own devices, or give a print of it as a gift.</p><p>You may not sell it or prints of it, use it in advertising or on products, share the file with others, or use it to train or test AI or machine-learning systems.</p>',
    ask_me: false,
    taxable: true,
    position: 1,
    prices: [15, 35],
  },
  {
    slug: 'editorial',
    name: 'Editorial',
    summary: 'One article or post, in print or online. Credit required.',
    terms_html:
      '<p>You may use this photo once, in one article, blog post, newsletter or social media post about a newsworthy or educational subject, in print or online, for up to 5 years.</p><p>The photo must be credited as given in the file (its credit line) next to the photo. You may crop it but not alter what it shows. No advertising, products or resale, and no AI or machine-learning training.</p>',
    ask_me: false,
    taxable: true,
    position: 2,
    prices: [75, 150],
  },
  {
    slug: 'commercial',
    name: 'Commercial',
    summary: 'Advertising, products and marketing. Ask me for a quote.',
    terms_html:
      '<p>You may use this photo in advertising, marketing, on a website, on packaging or on products for sale, for the uses agreed, for up to 5 years.</p><p>No resale or redistribution of the file itself, no use in a trademark or logo, and no AI or machine-learning training.</p>',
    ask_me: true,
    taxable: true,
    position: 3,
    prices: [250, 500],
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('download_sizes', (t) => {
    t.increments('id');
    t.string('label', 60).notNullable();
    // the long edge in pixels; null: the full resolution of the original
    t.integer('long_edge_px');
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('archived_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.raw(
    'ALTER TABLE download_sizes ADD CONSTRAINT download_sizes_edge CHECK (long_edge_px IS NULL OR long_edge_px BETWEEN 320 AND 20000)',
  );

  await knex.schema.createTable('licences', (t) => {
    t.increments('id');
    t.string('slug', 80).notNullable().unique();
    t.string('name', 80).notNullable();
    // one line under the name where licences are compared
    t.string('summary', 300).notNullable().defaultTo('');
    // sanitized rich text (platform/rich-text)
    t.text('terms_html').notNullable().defaultTo('');
    // "ask me": shown with its terms but not sold in the cart; the buyer writes to her instead
    t.boolean('ask_me').notNullable().defaultTo(false);
    // US states differ on digital goods: whether the owner's tax rules apply to this licence
    t.boolean('taxable').notNullable().defaultTo(true);
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('archived_at', { useTz: true });
    t.timestamps(true, true);
  });

  // the catalogue's default price of each licence in each size; no row: not offered in that size
  await knex.schema.createTable('licence_prices', (t) => {
    t.integer('licence_id').notNullable().references('licences.id').onDelete('CASCADE');
    t.integer('download_size_id').notNullable().references('download_sizes.id').onDelete('CASCADE');
    t.integer('price_cents').notNullable();
    t.primary(['licence_id', 'download_size_id']);
  });
  await knex.raw(
    'ALTER TABLE licence_prices ADD CONSTRAINT licence_prices_money CHECK (price_cents BETWEEN 0 AND 10000000)',
  );

  // a photo's own licensing: not for licensing at all, and its own prices (null: not offered)
  await knex.schema.createTable('photo_licensing', (t) => {
    t.integer('photo_id').primary().references('photos.id').onDelete('CASCADE');
    t.boolean('not_for_licensing').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  await knex.schema.createTable('photo_licence_prices', (t) => {
    t.integer('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.integer('licence_id').notNullable().references('licences.id').onDelete('CASCADE');
    t.integer('download_size_id').notNullable().references('download_sizes.id').onDelete('CASCADE');
    // null: this photo does not offer the licence in this size (the default is not used)
    t.integer('price_cents');
    t.primary(['photo_id', 'licence_id', 'download_size_id']);
  });
  await knex.raw(
    'ALTER TABLE photo_licence_prices ADD CONSTRAINT photo_licence_prices_money CHECK (price_cents IS NULL OR price_cents BETWEEN 0 AND 10000000)',
  );

  // a cart line and an order line are a print or a licence
  for (const table of ['cart_items', 'order_line_items']) {
    await knex.schema.alterTable(table, (t) => {
      t.string('kind', 10).notNullable().defaultTo('print');
      t.integer('licence_id')
        .references('licences.id')
        .onDelete(table === 'cart_items' ? 'CASCADE' : 'RESTRICT');
      t.integer('download_size_id')
        .references('download_sizes.id')
        .onDelete(table === 'cart_items' ? 'CASCADE' : 'RESTRICT');
    });
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN print_option_id DROP NOT NULL`);
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind CHECK (
        (kind = 'print' AND print_option_id IS NOT NULL AND licence_id IS NULL AND download_size_id IS NULL)
        OR (kind = 'licence' AND print_option_id IS NULL AND licence_id IS NOT NULL AND download_size_id IS NOT NULL AND quantity = 1))`,
    );
  }
  // one licence line per (photo, licence, size) in a cart, as one print line per (photo, option)
  await knex.raw(
    `CREATE UNIQUE INDEX cart_items_one_licence ON cart_items (cart_id, photo_id, licence_id, download_size_id) WHERE kind = 'licence'`,
  );
  await knex.schema.alterTable('order_line_items', (t) => {
    // whether the owner's tax rules applied to the line (a licence's setting when bought)
    t.boolean('taxable').notNullable().defaultTo(true);
  });

  // who may use the files of the order's licences: a person or an organisation
  await knex.schema.alterTable('orders', (t) => {
    t.string('licensee_name', 200);
    t.string('licensee_kind', 20);
  });

  // a paid licence line's record: what the check page answers, with a public id
  await knex.schema.createTable('licence_grants', (t) => {
    t.string('id', 40).primary(); // e.g. "WL-7KQ3-M9XD-2PHT": printed on the certificate and in the file
    t.integer('order_id').notNullable().references('orders.id').onDelete('RESTRICT');
    t.integer('order_line_id').notNullable().unique().references('order_line_items.id').onDelete('RESTRICT');
    t.integer('photo_id').notNullable().references('photos.id').onDelete('RESTRICT');
    t.integer('licence_id').notNullable().references('licences.id').onDelete('RESTRICT');
    t.integer('download_size_id').notNullable().references('download_sizes.id').onDelete('RESTRICT');
    // snapshots: the record reads the same after she edits the licence or the photo
    t.string('licensee_name', 200).notNullable();
    t.string('licensee_kind', 20).notNullable();
    t.string('photo_title', 200).notNullable();
    t.string('licence_name', 80).notNullable();
    t.text('terms_html').notNullable();
    t.string('size_label', 60).notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.index(['photo_id']);
    t.index(['order_id']);
  });

  // download links: only a keyed hash of the token is kept; a fresh link replaces the old
  await knex.schema.createTable('download_links', (t) => {
    t.increments('id');
    t.string('grant_id', 40).notNullable().references('licence_grants.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('max_downloads').notNullable().defaultTo(10);
    t.integer('downloads').notNullable().defaultTo(0);
    t.timestamp('replaced_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['grant_id']);
  });

  // a refund names the licence lines it revokes (a full refund revokes all): order.refunded carries them
  await knex.schema.alterTable('order_refunds', (t) => {
    t.specificType('revoke_line_ids', 'integer[]').notNullable().defaultTo('{}');
  });

  // the file of a (photo, size), made once from the original; each buyer's copy is this file with
  // its rights written into the head (the bytes after `body_offset` are streamed as stored)
  await knex.schema.createTable('licensed_files', (t) => {
    t.integer('photo_id').notNullable().references('photos.id').onDelete('CASCADE');
    t.integer('download_size_id').notNullable().references('download_sizes.id').onDelete('CASCADE');
    // the original it was made from: another original makes it again
    t.integer('source_asset_id').notNullable();
    t.text('storage_key').notNullable();
    t.bigInteger('bytes').notNullable();
    t.integer('body_offset').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.timestamp('made_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['photo_id', 'download_size_id']);
  });

  // a restore replaces these starting rows with the backup's (src/platform/backup/catalog.ts)
  for (const [table, what] of [
    ['download_sizes', "the owner''s download sizes, two to start"],
    ['licences', "the owner''s licences, three to start"],
    ['licence_prices', "the owner''s licence prices, defaults"],
  ])
    await knex.raw(`COMMENT ON TABLE ${table} IS 'seeded by its migration: ${what}'`);

  const sizeIds: number[] = [];
  for (const s of STARTING_SIZES) {
    const [row] = await knex('download_sizes').insert(s).returning('id');
    sizeIds.push((row as { id: number }).id);
  }
  for (const { prices, ...l } of STARTING_LICENCES) {
    const [row] = await knex('licences').insert(l).returning('id');
    const licenceId = (row as { id: number }).id;
    await knex('licence_prices').insert(
      prices.map((dollars, i) => ({
        licence_id: licenceId,
        download_size_id: sizeIds[i],
        price_cents: dollars * 100,
      })),
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('licensed_files');
  await knex.schema.dropTable('download_links');
  await knex.schema.dropTable('licence_grants');
  await knex.schema.alterTable('order_refunds', (t) => t.dropColumn('revoke_line_ids'));
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('licensee_name');
    t.dropColumn('licensee_kind');
  });
  await knex.schema.alterTable('order_line_items', (t) => t.dropColumn('taxable'));
  await knex.raw('DROP INDEX IF EXISTS cart_items_one_licence');
  for (const table of ['cart_items', 'order_line_items']) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind`);
    await knex(table).where({ kind: 'licence' }).delete();
    await knex.raw(`ALTER TABLE ${table} ALTER COLUMN print_option_id SET NOT NULL`);
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('kind');
      t.dropColumn('licence_id');
      t.dropColumn('download_size_id');
    });
  }
  await knex.schema.dropTable('photo_licence_prices');
  await knex.schema.dropTable('photo_licensing');
  await knex.schema.dropTable('licence_prices');
  await knex.schema.dropTable('licences');
  await knex.schema.dropTable('download_sizes');
}
