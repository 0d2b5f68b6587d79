import type { Knex } from 'knex';

// One name per concept (issue 24): the spec's "item option" is the code's print option. The
// tables, the link columns and the names that embed them (keys, indexes, the id sequence) are
// renamed so a database migrated here matches one created with the new names. Renames keep the
// data, the foreign keys and the constraints working.

/** Tables holding the link column item_option_id (named as after the table renames). */
const linkTables = ['photo_print_options', 'cart_items', 'order_line_items'];

/** [table, old name, new name] of constraints (their indexes follow). */
const constraints: [string, string, string][] = [
  ['print_options', 'item_options_pkey', 'print_options_pkey'],
  ['print_options', 'item_options_money', 'print_options_money'],
  ['photo_print_options', 'photo_item_options_pkey', 'photo_print_options_pkey'],
  ['photo_print_options', 'photo_item_options_photo_id_foreign', 'photo_print_options_photo_id_foreign'],
  [
    'photo_print_options',
    'photo_item_options_item_option_id_foreign',
    'photo_print_options_print_option_id_foreign',
  ],
  ['cart_items', 'cart_items_item_option_id_foreign', 'cart_items_print_option_id_foreign'],
  [
    'cart_items',
    'cart_items_cart_id_photo_id_item_option_id_unique',
    'cart_items_cart_id_photo_id_print_option_id_unique',
  ],
  ['order_line_items', 'order_line_items_item_option_id_foreign', 'order_line_items_print_option_id_foreign'],
];

/** [old name, new name] of plain indexes. */
const indexes: [string, string][] = [
  ['item_options_aspect_ratio_index', 'print_options_aspect_ratio_index'],
  ['photo_item_options_item_option_id_index', 'photo_print_options_print_option_id_index'],
  ['order_line_items_item_option_id_index', 'order_line_items_print_option_id_index'],
];

export async function up(knex: Knex): Promise<void> {
  // literal names: scripts/check-table-owners.ts reads the tables from the migrations
  await knex.schema.renameTable('item_options', 'print_options');
  await knex.schema.renameTable('photo_item_options', 'photo_print_options');
  for (const table of linkTables)
    await knex.schema.alterTable(table, (t) => t.renameColumn('item_option_id', 'print_option_id'));
  for (const [table, from, to] of constraints)
    await knex.raw('alter table ?? rename constraint ?? to ??', [table, from, to]);
  for (const [from, to] of indexes) await knex.raw('alter index ?? rename to ??', [from, to]);
  await knex.raw('alter sequence item_options_id_seq rename to print_options_id_seq');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter sequence print_options_id_seq rename to item_options_id_seq');
  for (const [from, to] of indexes) await knex.raw('alter index ?? rename to ??', [to, from]);
  for (const [table, from, to] of constraints)
    await knex.raw('alter table ?? rename constraint ?? to ??', [table, to, from]);
  for (const table of linkTables)
    await knex.schema.alterTable(table, (t) => t.renameColumn('print_option_id', 'item_option_id'));
  await knex.schema.renameTable('photo_print_options', 'photo_item_options');
  await knex.schema.renameTable('print_options', 'item_options');
}
