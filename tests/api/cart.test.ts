import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertPhoto } from '../support/shop-data';

type Cart = {
  items: {
    id: number;
    photoId: number;
    printOptionId: number;
    quantity: number;
    addedAt: string;
    photo: { id: number; title: string; thumbnailUrl: string };
    printOption: { id: number; size: string; format: string; price: number; shipping: number };
  }[];
  count: number;
  subtotal: number;
  shipping: number;
  total: number;
};

let app: TestApp;
let heron: { photoId: number; optionIds: number[] };
let fox: { photoId: number; optionIds: number[] };
beforeAll(async () => {
  app = await createTestApp();
  heron = await insertPhoto(app.ctx.db, {
    title: 'Heron at Dawn',
    options: [
      { size: '8x10 inch', priceCents: 9500, shippingCents: 1000 },
      { size: '12x16 inch', priceCents: 15000, shippingCents: 1250 },
    ],
  });
  fox = await insertPhoto(app.ctx.db, {
    title: 'Red Fox',
    options: [{ size: '5x7 inch', format: 'Canvas', priceCents: 4999, shippingCents: 599 }],
  });
});
afterAll(() => app?.close());

describe('cart', () => {
  it('is empty without a session, and reading it creates no session', async () => {
    const c = app.client();
    const res = await c.get('/api/cart');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.json()).toEqual({
      items: [],
      licences: [],
      giftCards: [],
      count: 0,
      subtotal: 0,
      shipping: 0,
      total: 0,
    });
  });

  it('adds a line with the server price, creating the cart and the session on the first add', async () => {
    const c = app.client();
    const cart = await c.json<Cart>(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    expect(c.cookieHeader).toMatch(/wf\.sid=/);
    expect(cart).toMatchObject({ count: 1, subtotal: 95, shipping: 10, total: 105 });
    expect(cart.items[0]).toMatchObject({
      photoId: heron.photoId,
      printOptionId: heron.optionIds[0],
      quantity: 1,
      photo: { id: heron.photoId, title: 'Heron at Dawn' },
      printOption: {
        id: heron.optionIds[0],
        size: '8x10 inch',
        format: 'Lustre Paper',
        price: 95,
        shipping: 10,
      },
    });
    expect(cart.items[0].photo.thumbnailUrl).toMatch(new RegExp(`/api/photos/${heron.photoId}/thumbnail`));
    // the line is stored in Postgres, so a fresh read (any API instance) sees it
    const stored = await app.ctx.db('cart_items').where({ id: cart.items[0].id }).first();
    expect(await app.ctx.db('carts').where({ id: stored.cart_id }).first()).toBeTruthy();
    expect(await c.json<Cart>(c.get('/api/cart'))).toEqual(cart);
  });

  it('merges the same photo and option into one line, capping the quantity at 99', async () => {
    const c = app.client();
    const line = { photoId: fox.photoId, printOptionId: fox.optionIds[0] };
    await c.json(c.post('/api/cart', { ...line, quantity: 1 }), 201);
    const merged = await c.json<Cart>(c.post('/api/cart', { ...line, quantity: 2 }), 201);
    expect(merged.count).toBe(1);
    expect(merged.items[0].quantity).toBe(3);
    const capped = await c.json<Cart>(c.post('/api/cart', { ...line, quantity: 99 }), 201);
    expect(capped.items[0].quantity).toBe(99);
  });

  it('computes totals on the server: price x quantity, shipping once per line', async () => {
    const c = app.client();
    await c.json(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[1], quantity: 2 }),
      201,
    );
    const cart = await c.json<Cart>(
      c.post('/api/cart', { photoId: fox.photoId, printOptionId: fox.optionIds[0], quantity: 3 }),
      201,
    );
    // 2 x 150.00 + 3 x 49.99 = 449.97; shipping 12.50 + 5.99 = 18.49
    expect(cart).toMatchObject({ count: 2, subtotal: 449.97, shipping: 18.49, total: 468.46 });

    // a price change in the catalogue shows up on the next read: the client never sets prices
    await app.ctx.db('print_options').where({ id: fox.optionIds[0] }).update({ price_cents: 5999 });
    const repriced = await c.json<Cart>(c.get('/api/cart'));
    expect(repriced.subtotal).toBe(479.97);
    await app.ctx.db('print_options').where({ id: fox.optionIds[0] }).update({ price_cents: 4999 });
  });

  it('updates a quantity, removes a line and clears the cart, answering the full cart each time', async () => {
    const c = app.client();
    const added = await c.json<Cart>(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    await c.json(
      c.post('/api/cart', { photoId: fox.photoId, printOptionId: fox.optionIds[0], quantity: 1 }),
      201,
    );
    const lineId = added.items[0].id;

    const updated = await c.json<Cart>(c.put(`/api/cart/${lineId}`, { quantity: 4 }));
    expect(updated.items.find((i) => i.id === lineId)?.quantity).toBe(4);
    expect(updated.subtotal).toBe(4 * 95 + 49.99);

    const tooMany = await c.json<{ errors: Record<string, string> }>(
      c.put(`/api/cart/${lineId}`, { quantity: 100 }),
      400,
    );
    expect(tooMany.errors.quantity).toBe('Quantity can be at most 99');
    expect((await c.put(`/api/cart/${lineId}`, { quantity: 0 })).status).toBe(400);

    const removed = await c.json<Cart>(c.delete(`/api/cart/${lineId}`));
    expect(removed.count).toBe(1);
    expect(removed.items.map((i) => i.photoId)).toEqual([fox.photoId]);
    expect((await c.delete(`/api/cart/${lineId}`)).status).toBe(404);

    expect(await c.json<Cart>(c.delete('/api/cart'))).toEqual({
      items: [],
      licences: [],
      giftCards: [],
      count: 0,
      subtotal: 0,
      shipping: 0,
      total: 0,
    });
    expect((await c.json<Cart>(c.get('/api/cart'))).count).toBe(0);
    expect(await app.ctx.db('cart_items').whereIn('id', [lineId]).first()).toBeUndefined();
  });

  it("answers 404 for another session's line and leaves it alone", async () => {
    const owner = app.client();
    const cart = await owner.json<Cart>(
      owner.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    const lineId = cart.items[0].id;
    const other = app.client();
    await other.json(
      other.post('/api/cart', { photoId: fox.photoId, printOptionId: fox.optionIds[0], quantity: 1 }),
      201,
    );
    expect((await other.put(`/api/cart/${lineId}`, { quantity: 5 })).status).toBe(404);
    expect(await other.json(other.delete(`/api/cart/${lineId}`), 404)).toEqual({
      message: 'That item is not in your cart.',
    });
    expect((await app.client().delete(`/api/cart/${lineId}`)).status).toBe(404);
    expect((await owner.json<Cart>(owner.get('/api/cart'))).items[0]).toMatchObject({
      id: lineId,
      quantity: 1,
    });
  });

  it("refuses an option that is not one of the photo's assigned, non-archived options", async () => {
    const c = app.client();
    const message = 'That print option is not available for this photo.';
    // fox's option is not assigned to the heron
    const wrongPhoto = await c.json(
      c.post('/api/cart', { photoId: heron.photoId, printOptionId: fox.optionIds[0], quantity: 1 }),
      400,
    );
    expect(wrongPhoto).toMatchObject({ message });
    expect((await c.post('/api/cart', { photoId: 999999, printOptionId: 1, quantity: 1 })).status).toBe(400);
    const archived = await insertPhoto(app.ctx.db, { title: 'Archived option' });
    await app.ctx
      .db('print_options')
      .where({ id: archived.optionIds[0] })
      .update({ archived_at: app.ctx.db.fn.now() });
    expect(
      await c.json(
        c.post('/api/cart', { photoId: archived.photoId, printOptionId: archived.optionIds[0], quantity: 1 }),
        400,
      ),
    ).toMatchObject({ message });
    // bad input is a 400 with a field message, never a 500
    const bad = await c.json<{ errors: Record<string, string> }>(c.post('/api/cart', { photoId: 'x' }), 400);
    expect(Object.keys(bad.errors)).toEqual(expect.arrayContaining(['photoId', 'printOptionId']));
    // nothing was created for these
    expect(c.cookieHeader).toBe('');
  });

  it('drops a line whose option was archived after it was added', async () => {
    const p = await insertPhoto(app.ctx.db, {
      title: 'Soon archived',
      options: [{ size: 'A4', priceCents: 2000 }],
    });
    const c = app.client();
    await c.json(
      c.post('/api/cart', { photoId: p.photoId, printOptionId: p.optionIds[0], quantity: 1 }),
      201,
    );
    await app.ctx
      .db('print_options')
      .where({ id: p.optionIds[0] })
      .update({ archived_at: app.ctx.db.fn.now() });
    expect(await c.json<Cart>(c.get('/api/cart'))).toMatchObject({ count: 0, total: 0 });
  });

  it('the cleanup deletes anonymous carts untouched for 30 days, and only those', async () => {
    const stale = app.client();
    await stale.json(
      stale.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    const fresh = app.client();
    await fresh.json(
      fresh.post('/api/cart', { photoId: heron.photoId, printOptionId: heron.optionIds[0], quantity: 1 }),
      201,
    );
    const staleLine = (await stale.json<Cart>(stale.get('/api/cart'))).items[0].id;
    const { cart_id: staleCart } = await app.ctx.db('cart_items').where({ id: staleLine }).first();
    await app.ctx
      .db('carts')
      .where({ id: staleCart })
      .update({ updated_at: app.ctx.db.raw("now() - interval '31 days'") });

    expect(await app.modules.cart.service.deleteStaleCarts()).toBe(1);
    expect(await app.ctx.db('carts').where({ id: staleCart }).first()).toBeUndefined();
    expect(await app.ctx.db('cart_items').where({ id: staleLine }).first()).toBeUndefined();
    expect((await fresh.json<Cart>(fresh.get('/api/cart'))).count).toBe(1);
    // the old session still works: its next add creates the cart again
    const again = await stale.json<Cart>(
      stale.post('/api/cart', { photoId: fox.photoId, printOptionId: fox.optionIds[0], quantity: 1 }),
      201,
    );
    expect(again.count).toBe(1);
  });
});
