import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { customer, fillCart, insertPhoto, placeOrder } from '../support/shop-data';

let app: TestApp;
let heron: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [
      { size: '8x10 inch', priceCents: 9500, shippingCents: 1000 },
      { size: '12x16 inch', format: 'Canvas', priceCents: 15000, shippingCents: 1250 },
    ],
  });
});
afterAll(() => app?.close());

const items = () => [
  { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 2 },
  { photoId: heron.photoId, printOptionId: heron.optionIds[1], quantity: 1 },
];
// 2 x 95 + 150 = 340; shipping 10 + 12.50 = 22.50
const TOTAL = 362.5;

describe('checkout', () => {
  it('writes the order and its line items with snapshots, priced by the server', async () => {
    const c = app.client();
    await c.json(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    const result = await placeOrder(c, items(), TOTAL);
    expect(result).toEqual({
      orderId: expect.any(Number),
      subtotal: 340,
      shipping: 22.5,
      total: TOTAL,
      discount: 0,
      tax: 0,
      promotion: null,
      taxLine: null,
      // a fresh shop collects no tax until the owner saves her settings
      taxCollected: false,
      // no gift card (issue 47): the card pays the total, not paid yet
      giftCards: [],
      amountDue: TOTAL,
      paid: false,
    });

    const order = await app.ctx.db('orders').where({ id: result.orderId }).first();
    expect(order).toMatchObject({
      customer_name: customer.customerName,
      customer_email: customer.customerEmail,
      shipping_address: customer.shippingAddress,
      subtotal_cents: 34000,
      shipping_cents: 2250,
      total_cents: 36250,
      status: 'pending',
      fulfillment_status: 'received',
    });
    // the visitor's cart is remembered on the order, to be emptied once it is paid
    const { cart_id } = await app.ctx.db('cart_items').first('cart_id');
    expect(order.cart_id).toBe(cart_id);

    const lines = await app.ctx.db('order_line_items').where({ order_id: result.orderId }).orderBy('id');
    expect(lines).toMatchObject([
      {
        photo_id: heron.photoId,
        print_option_id: heron.optionIds[0],
        quantity: 2,
        price_cents: 9500,
        shipping_cents: 1000,
        title: 'Heron at Dawn',
        size: '8x10 inch',
        format: 'Lustre Paper',
      },
      {
        photo_id: heron.photoId,
        print_option_id: heron.optionIds[1],
        quantity: 1,
        price_cents: 15000,
        shipping_cents: 1250,
        title: 'Heron at Dawn',
        size: '12x16 inch',
        format: 'Canvas',
      },
    ]);

    // later edits of the photo or option do not change what was bought
    await app.ctx.db('photos').where({ id: heron.photoId }).update({ title: 'Renamed' });
    await app.ctx.db('print_options').where({ id: heron.optionIds[0] }).update({ size: '9x12 inch' });
    const admin = await app.admin();
    const detail = await admin.json<{ order: Record<string, unknown>; lineItems: Record<string, unknown>[] }>(
      admin.get(`/api/admin/orders/${result.orderId}`),
    );
    expect(detail.order).toMatchObject({
      id: result.orderId,
      totalAmount: TOTAL,
      subtotal: 340,
      shipping: 22.5,
      status: 'pending',
      fulfillmentStatus: 'received',
      shippingAddress: customer.shippingAddress,
    });
    expect(detail.lineItems[0]).toMatchObject({
      quantity: 2,
      priceAtPurchase: 95,
      shippingAtPurchase: 10,
      photo: { id: heron.photoId, title: 'Heron at Dawn' },
      itemOption: { size: '8x10 inch', format: 'Lustre Paper' },
    });
    await app.ctx.db('photos').where({ id: heron.photoId }).update({ title: 'Heron at Dawn' });
    await app.ctx.db('print_options').where({ id: heron.optionIds[0] }).update({ size: '8x10 inch' });
  });

  it('refuses a tampered total with a 409 and stores no order', async () => {
    const before = await app.ctx.db('orders').count({ n: '*' }).first();
    const c = app.client();
    await fillCart(c, items());
    const res = await c.json(c.post('/api/checkout', { ...customer, totalAmount: 1.0, items: items() }), 409);
    expect(res).toEqual({
      message: 'Prices have changed since you added these prints. Please review your cart.',
    });
    expect(await app.ctx.db('orders').count({ n: '*' }).first()).toEqual(before);
    // a fraction of a cent is not a total at all (400), never rounded to one
    const half = await c.post('/api/checkout', { ...customer, totalAmount: TOTAL + 0.005 });
    expect(half.status).toBe(400);
    expect((await half.json()).errors).toEqual({
      totalAmount: 'The total must be in whole cents (at most 2 decimal places)',
    });
    expect(await app.ctx.db('orders').count({ n: '*' }).first()).toEqual(before);
    await placeOrder(c, items(), TOTAL);
  });

  it('answers the spec messages for bad details, per field', async () => {
    const c = app.client();
    const res = await c.json<{ message: string; errors: Record<string, string> }>(
      c.post('/api/checkout', {
        customerName: 'Al',
        customerEmail: 'not-an-email',
        shippingAddress: 'short',
        totalAmount: 0,
        items: [],
      }),
      400,
    );
    expect(res.errors).toMatchObject({
      customerName: 'Name must be at least 3 characters',
      customerEmail: 'Please enter a valid email address',
      shippingAddress: 'Please enter your complete shipping address',
      totalAmount: 'The total must be at least $0.01',
      items: 'Your cart is empty.',
    });
    expect(res.message).toMatch(/Name must be at least 3 characters/);
    const tooLong = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', {
        ...customer,
        customerName: 'x'.repeat(101),
        totalAmount: TOTAL,
        items: items(),
      }),
      400,
    );
    expect(tooLong.errors.customerName).toBe('Name must be at most 100 characters');
    const badQuantity = await c.json<{ errors: Record<string, string> }>(
      c.post('/api/checkout', { ...customer, totalAmount: TOTAL, items: [{ ...items()[0], quantity: 0 }] }),
      400,
    );
    expect(badQuantity.errors['items.0.quantity']).toBe('Quantity must be between 1 and 99');
  });

  it('ships to US addresses only', async () => {
    const c = app.client();
    for (const shippingAddress of [
      '24 Sussex Drive\nOttawa, ON K1M 1M4\nCanada',
      '10 Downing Street, London SW1A 2AA, United Kingdom',
      'Unter den Linden 77\n10117 Berlin\nGermany.',
    ]) {
      const res = await c.json<{ message: string }>(
        c.post('/api/checkout', { ...customer, shippingAddress, totalAmount: TOTAL, items: items() }),
        400,
      );
      expect(res.message).toBe('We ship to US addresses only.');
    }
    for (const shippingAddress of [
      '742 Evergreen Terrace\nSpringfield, OR 97403\nUSA',
      '1 Refuge Road, Laurel, MD 20708, United States',
      '350 Fifth Avenue\nNew York, NY 10118',
      '12 Peachtree St\nAtlanta, Georgia 30303',
      '500 Main St\nSanta Fe, New Mexico 87501\nU.S.A.',
    ]) {
      await placeOrder(c, items(), TOTAL, { shippingAddress });
    }
  });

  it('refuses an option that is no longer offered', async () => {
    const gone = await insertPhoto(app.ctx.db, {
      title: 'Gone',
      options: [{ size: 'A3', priceCents: 3000 }],
    });
    const c = app.client();
    await fillCart(c, [{ photoId: gone.photoId, printOptionId: gone.optionIds[0], quantity: 1 }]);
    await app.ctx.db('photo_print_options').where({ photo_id: gone.photoId }).delete();
    const res = await c.json(
      c.post('/api/checkout', {
        ...customer,
        totalAmount: 30,
        items: [{ photoId: gone.photoId, printOptionId: gone.optionIds[0], quantity: 1 }],
      }),
      409,
    );
    expect(res).toEqual({
      message: 'One of the prints in your cart is no longer available. Please review your cart.',
    });
  });
});

describe('admin orders', () => {
  it('lists newest first, filters by fulfillment status and searches by name, email or order number', async () => {
    const c = app.client();
    const a = await placeOrder(c, items(), TOTAL, {
      customerName: 'Grace Hopper',
      customerEmail: 'grace@navy.example',
    });
    // another buyer (the same session's retry would reuse its unpaid order)
    const b = await placeOrder(app.client(), items(), TOTAL, {
      customerName: 'Katherine Johnson',
      customerEmail: 'kj@nasa.example',
    });
    const admin = await app.admin();
    // both are unpaid attempts: listed when asked for (tests/api/unpaid-orders.test.ts)
    const all = await admin.json<{ id: number }[]>(admin.get('/api/admin/orders?payment=all'));
    expect(all[0]).toEqual({
      id: b.orderId,
      createdAt: expect.any(String),
      customerName: 'Katherine Johnson',
      customerEmail: 'kj@nasa.example',
      totalAmount: TOTAL,
      status: 'pending',
      fulfillmentStatus: 'received',
      paidAt: null, // not paid yet: the list says when an order was paid
    });
    expect(all[1].id).toBe(a.orderId);
    expect(
      (await admin.json<{ id: number }[]>(admin.get('/api/admin/orders?payment=all&q=grace'))).map(
        (o) => o.id,
      ),
    ).toEqual([a.orderId]);
    expect(
      (await admin.json<{ id: number }[]>(admin.get('/api/admin/orders?payment=all&q=NASA.example'))).map(
        (o) => o.id,
      ),
    ).toEqual([b.orderId]);
    expect(
      (await admin.json<{ id: number }[]>(admin.get(`/api/admin/orders?payment=all&q=%23${a.orderId}`))).map(
        (o) => o.id,
      ),
    ).toContain(a.orderId);
    expect(await admin.json(admin.get('/api/admin/orders?payment=all&q=%25'))).toEqual([]);

    const updated = await admin.json(
      admin.patch(`/api/admin/orders/${a.orderId}/fulfillment-status`, { fulfillmentStatus: 'shipped' }),
    );
    expect(updated).toMatchObject({ id: a.orderId, fulfillmentStatus: 'shipped', status: 'pending' });
    expect(
      (
        await admin.json<{ id: number }[]>(
          admin.get('/api/admin/orders?payment=all&fulfillmentStatus=shipped'),
        )
      ).map((o) => o.id),
    ).toEqual([a.orderId]);
    expect(
      (await admin.patch(`/api/admin/orders/${a.orderId}/fulfillment-status`, { fulfillmentStatus: 'lost' }))
        .status,
    ).toBe(400);
    expect(
      (await admin.patch('/api/admin/orders/999999/fulfillment-status', { fulfillmentStatus: 'paid' }))
        .status,
    ).toBe(404);
    expect((await admin.get('/api/admin/orders/999999')).status).toBe(404);
    expect((await admin.get('/api/admin/orders/abc')).status).toBe(400);
  });

  it('exports CSV with a header row and quoted fields', async () => {
    const c = app.client();
    const o = await placeOrder(c, items(), TOTAL, {
      customerName: 'O"Brien, Pat',
      shippingAddress: '=HYPERLINK("x")\n99 Elm St, Austin, TX 78701',
    });
    const admin = await app.admin();
    const res = await admin.get('/api/admin/orders.csv?payment=all');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = (await res.text()).replace(/^\uFEFF/, '');
    const [header, first] = csv.split('\r\n');
    expect(header).toBe(
      // issue 13 added the shipping, refund and dispute columns at the end, issue 25 the address parts,
      // then the promotion code, discount, tax and tax state; issue 46 the licences and licensee
      'Order #,Date,Customer name,Customer email,Shipping address,Items,Subtotal,Shipping,Total,Payment status,Fulfillment status,Carrier,Tracking number,Refunded,Dispute,Address line 1,Address line 2,City,State,ZIP,Promotion code,Discount,Tax,Tax state,Licences,Licensee',
    );
    expect(first.startsWith(`${o.orderId},`)).toBe(true);
    expect(csv).toContain('"O""Brien, Pat"');
    // a formula-looking cell is defused and the multi-line address stays one quoted field
    expect(csv).toContain(`"'=HYPERLINK(""x"")\n99 Elm St, Austin, TX 78701"`);
    expect(csv).toContain(
      '"2 x Heron at Dawn (8x10 inch, Lustre Paper); 1 x Heron at Dawn (12x16 inch, Canvas)"',
    );
    expect(csv).toContain(',340.00,22.50,362.50,pending,received');
  });

  it('is for the signed-in admin only', async () => {
    const c = app.client();
    expect((await c.get('/api/admin/orders')).status).toBe(401);
    expect((await c.get('/api/admin/orders.csv')).status).toBe(401);
    expect(
      (await c.patch('/api/admin/orders/1/fulfillment-status', { fulfillmentStatus: 'shipped' })).status,
    ).toBe(401);
  });
});
