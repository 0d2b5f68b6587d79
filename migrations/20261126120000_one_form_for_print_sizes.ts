import type { Knex } from 'knex';
import { canonicalSize, optionTextKey } from '../src/shared/print-sizes';

// Print sizes in one form (issue 34): '8x12', '8x12 inch' and '8 x 12 in' are one size, stored as
// '8x12' (src/shared/print-sizes.ts). The live catalogue options that are then the same print
// (ratio, size, format) are merged into one, the survivor: the one offered by the most photos (then
// the oldest), keeping its price and shipping.
// - photos offering another one offer the survivor instead; cart lines move to it too (a cart
//   holding both keeps one line, the quantities added, at most 99);
// - a lab product (fulfillment's lab_products) moves to the survivor when it has none; one kept by
//   an archived option stays with it, so a lab order of an older order still finds its product;
// - orders are not touched: each line keeps its own copy of title, size, format and prices, and
//   its option id. An option an order line names is archived (as deleting it from the admin
//   does), never deleted; the others go.
// Then every live option's size is rewritten in the one form. Archived options keep theirs.

type OptionRow = { id: number; aspect_ratio: string; size: string; format: string };

const key = (o: OptionRow) =>
  [o.aspect_ratio, optionTextKey(canonicalSize(o.size)), optionTextKey(o.format)].join('|');

async function mergeInto(knex: Knex, survivor: number, other: number, ordered: Set<number>) {
  await knex.raw(
    `insert into photo_print_options (photo_id, print_option_id)
     select photo_id, ? from photo_print_options where print_option_id = ?
     on conflict do nothing`,
    [survivor, other],
  );
  await knex('photo_print_options').where({ print_option_id: other }).delete();

  // a cart holding both: the survivor's line takes the other's quantity
  await knex.raw(
    `update cart_items s set quantity = least(99, s.quantity + o.quantity)
     from cart_items o
     where o.print_option_id = ? and s.print_option_id = ?
       and s.cart_id = o.cart_id and s.photo_id = o.photo_id`,
    [other, survivor],
  );
  await knex.raw(
    `delete from cart_items o using cart_items s
     where o.print_option_id = ? and s.print_option_id = ?
       and s.cart_id = o.cart_id and s.photo_id = o.photo_id`,
    [other, survivor],
  );
  await knex('cart_items').where({ print_option_id: other }).update({ print_option_id: survivor });

  // the lab product: copied to the survivor when it has none (the other's row stays while it lives)
  await knex.raw(
    `insert into lab_products (print_option_id, provider, subcategory_id, product_name, width_in, height_in,
       option_ids, cost_cents, shipping_cents, required_dpi, created_at, updated_at)
     select ?, provider, subcategory_id, product_name, width_in, height_in,
       option_ids, cost_cents, shipping_cents, required_dpi, created_at, now()
     from lab_products where print_option_id = ?
     on conflict (print_option_id) do nothing`,
    [survivor, other],
  );

  if (ordered.has(other))
    await knex('print_options')
      .where({ id: other })
      .update({ archived_at: knex.fn.now(), updated_at: knex.fn.now() });
  else await knex('print_options').where({ id: other }).delete(); // its lab product goes with it (cascade)
}

export async function up(knex: Knex): Promise<void> {
  const live: OptionRow[] = await knex('print_options')
    .whereNull('archived_at')
    .orderBy('id')
    .select('id', 'aspect_ratio', 'size', 'format');
  const counted: { print_option_id: number; n: string }[] = await knex('photo_print_options')
    .select('print_option_id', knex.raw('count(*) as n'))
    .groupBy('print_option_id');
  const links = new Map(counted.map((r) => [Number(r.print_option_id), Number(r.n)]));
  const ordered = new Set<number>(
    (await knex('order_line_items').distinct('print_option_id')).map((r) => Number(r.print_option_id)),
  );

  const groups = new Map<string, OptionRow[]>();
  for (const o of live) groups.set(key(o), [...(groups.get(key(o)) ?? []), o]);

  const survivors: OptionRow[] = [];
  for (const group of groups.values()) {
    // most photos first, then the oldest (the ids are in order)
    const [survivor, ...others] = [...group].sort(
      (a, b) => (links.get(b.id) ?? 0) - (links.get(a.id) ?? 0) || a.id - b.id,
    );
    survivors.push(survivor);
    for (const other of others.sort((a, b) => a.id - b.id))
      await mergeInto(knex, survivor.id, other.id, ordered);
  }

  for (const o of survivors) {
    const size = canonicalSize(o.size);
    if (size !== o.size)
      await knex('print_options').where({ id: o.id }).update({ size, updated_at: knex.fn.now() });
  }
}

export async function down(): Promise<void> {
  // Merged options stay merged: which photo offered which near-copy is not kept. The sizes' one
  // form reads the same to every version of the app.
}
