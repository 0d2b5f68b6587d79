import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintOption } from '../../src/contract';
import { up } from '../../migrations/20261126120000_one_form_for_print_sizes';
import * as intoJsonb from '../../migrations/20261206113000_lab_columns_into_jsonb';
import { createTestApp, type TestApp } from '../support/test-app';
import type { HttpClient } from '../support/http-client';
import { insertPhoto, placeOrder } from '../support/shop-data';

// Sizes in one form (issue 34): '8x12', '8x12 inch' and '8 x 12 in' are one size. The migration
// merges today's near-copies of a catalogue option on a shop that has orders, carts and a lab
// product; no order reads differently afterwards.

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.admin();
});
afterAll(() => app?.close());

type Cart = { items: { photoId: number; printOptionId: number; quantity: number }[] };
const db = () => app.ctx.db;

/** A catalogue option of ratio 3:2, written as the owner typed it (before sizes had one form). */
const option = (size: string, format: string, priceCents: number, shippingCents = 800) => ({
  size,
  format,
  priceCents,
  shippingCents,
});

describe('the migration that gives print sizes one form', () => {
  it('merges near-copies into the one most photos offer; orders, carts and lab products stay right', async () => {
    // the near-copies of "8x12 Lustre Paper" (3:2), each on its own photo
    const a = await insertPhoto(db(), {
      title: 'A',
      aspectRatio: '3:2',
      options: [option('8x12', 'Lustre Paper', 4500)],
    });
    const b = await insertPhoto(db(), {
      title: 'B',
      aspectRatio: '3:2',
      options: [option('8x12 inch', 'Lustre Paper', 4900)],
    });
    const c = await insertPhoto(db(), {
      title: 'C',
      aspectRatio: '3:2',
      options: [option('8 x 12 in', 'lustre  paper', 5200), option('12x18', 'Metal', 12000, 1500)],
    });
    const e = await insertPhoto(db(), {
      title: 'E',
      aspectRatio: '3:2',
      options: [option('8x12"', 'Lustre Paper', 4700)],
    });
    // photo A offers two of them: after the merge, one
    await db()('photo_print_options').insert({ photo_id: a.photoId, print_option_id: b.optionIds[0] });
    // not near-copies: another ratio, and centimetres
    const d = await insertPhoto(db(), {
      title: 'D',
      aspectRatio: '2:3',
      options: [option('8x12 inch', 'Lustre Paper', 4500)],
    });
    const f = await insertPhoto(db(), {
      title: 'F',
      aspectRatio: '3:2',
      options: [option('30 x 40 cm', 'Canvas', 9000), option('30x40', 'Canvas', 19000)],
    });
    const [o1, o2, o3, o5] = [a.optionIds[0], b.optionIds[0], c.optionIds[0], e.optionIds[0]];
    const metal = c.optionIds[1];

    // orders naming three of the copies, placed by buyers through the shop
    const order1 = await placeOrder(
      app.client(),
      [
        { photoId: a.photoId, printOptionId: o1, quantity: 2 },
        { photoId: c.photoId, printOptionId: o3, quantity: 1 },
      ],
      2 * 45 + 8 + 52 + 8,
    );
    const order2 = await placeOrder(
      app.client(),
      [{ photoId: b.photoId, printOptionId: o2, quantity: 1 }],
      57,
    );
    const order3 = await placeOrder(
      app.client(),
      [{ photoId: d.photoId, printOptionId: d.optionIds[0], quantity: 1 }],
      53,
    );
    // a cart holding two copies for one photo, and the one copy nobody ordered
    const shopper = app.client();
    for (const item of [
      { photoId: a.photoId, printOptionId: o1, quantity: 2 },
      { photoId: a.photoId, printOptionId: o2, quantity: 1 },
      { photoId: e.photoId, printOptionId: o5, quantity: 1 },
    ])
      await shopper.json(shopper.post('/api/cart', item), 201);
    // the lab makes the copy of photo C (an order names it), in the columns of the time
    await db().transaction((trx) => intoJsonb.down(trx));
    await db()('lab_products').insert({
      print_option_id: o3,
      subcategory_id: 103001,
      product_name: 'Lustre',
      width_in: 8,
      height_in: 12,
      option_ids: [36],
      cost_cents: 1100,
    });

    const orderIds = [order1.orderId, order2.orderId, order3.orderId];
    const orderViews = () =>
      Promise.all(orderIds.map((id) => admin.json(admin.get(`/api/admin/orders/${id}`))));
    const buyerLines = () => db()('order_line_items').orderBy('id');
    const [viewsBefore, linesBefore] = [await orderViews(), await buyerLines()];
    expect(linesBefore.map((l) => l.size)).toEqual(['8x12', '8 x 12 in', '8x12 inch', '8x12 inch']);

    await db().transaction((trx) => up(trx));

    // orders read exactly as before, to the admin and in the stored lines
    expect(await orderViews()).toEqual(viewsBefore);
    expect(await buyerLines()).toEqual(linesBefore);

    // the survivor is o2 (offered by two photos), in the one form, at its own price
    const catalogue = await admin.json<PrintOption[]>(app.client().get('/api/item-options'));
    const lustre32 = catalogue.filter(
      (o) => o.aspectRatio === '3:2' && o.format.toLowerCase() === 'lustre paper',
    );
    expect(lustre32).toEqual([
      { id: o2, aspectRatio: '3:2', size: '8x12', format: 'Lustre Paper', price: 49, shipping: 8 },
    ]);
    expect(catalogue.find((o) => o.id === metal)).toMatchObject({ size: '12x18', format: 'Metal' });
    expect(catalogue.find((o) => o.id === d.optionIds[0])).toMatchObject({
      aspectRatio: '2:3',
      size: '8x12',
    });
    expect(catalogue.filter((o) => o.format === 'Canvas').map((o) => o.size)).toEqual(['30x40 cm', '30x40']);

    // every photo that offered a copy offers the survivor, once
    for (const [photo, ids] of [
      [a, [o2]],
      [b, [o2]],
      [c, [o2, metal]],
      [e, [o2]],
    ] as const) {
      const offered = await admin.json<PrintOption[]>(
        app.client().get(`/api/photos/${photo.photoId}/item-options`),
      );
      expect(offered.map((o) => o.id).sort(), `photo ${photo.photoId}`).toEqual([...ids].sort());
    }
    expect((await app.client().get(`/api/photos/${f.photoId}/item-options`)).status).toBe(200);

    // copies an order names are archived (the orders keep them), the other one is gone
    const rows = await db()('print_options').whereIn('id', [o1, o3, o5]).orderBy('id');
    expect(rows.map((r) => [r.id, r.size, r.archived_at !== null])).toEqual([
      [o1, '8x12', true],
      [o3, '8 x 12 in', true],
    ]);

    // the cart: one line per photo, quantities added
    const cart = await shopper.json<Cart>(shopper.get('/api/cart'));
    expect(cart.items.map((i) => [i.photoId, i.printOptionId, i.quantity])).toEqual([
      [a.photoId, o2, 3],
      [e.photoId, o2, 1],
    ]);

    // the lab makes the survivor now, and still the archived copy an order names
    const products = await db()('lab_products').orderBy('print_option_id');
    expect(products.map((p) => [p.print_option_id, p.product_name, p.subcategory_id])).toEqual([
      [o2, 'Lustre', 103001],
      [o3, 'Lustre', 103001],
    ]);
    await db().transaction((trx) => intoJsonb.up(trx));
    expect((await db()('lab_products').orderBy('print_option_id')).map((p) => p.product_ref)).toEqual([
      { subcategoryId: 103001, optionIds: [36] },
      { subcategoryId: 103001, optionIds: [36] },
    ]);

    // running it again changes nothing
    const snapshot = async () => ({
      options: await db()('print_options').orderBy('id'),
      links: await db()('photo_print_options').orderBy(['photo_id', 'print_option_id']),
      carts: await db()('cart_items').orderBy('id'),
      products: await db()('lab_products').orderBy('print_option_id'),
    });
    const once = await snapshot();
    await db().transaction((trx) => up(trx));
    expect(await snapshot()).toEqual(once);

    // and the shop writes the one form from now on: the add form's '8 x 12 in' is the survivor
    const reused = await admin.json<PrintOption>(
      admin.post('/api/admin/print-options', {
        photoId: f.photoId,
        size: '8 x 12 in',
        material: 'Lustre Paper',
        price: 95,
      }),
      201,
    );
    expect(reused).toMatchObject({ id: o2, size: '8x12', price: 49 });
  });
});
